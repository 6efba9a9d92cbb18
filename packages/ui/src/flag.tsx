import './styles.css';
import { flagImagePath } from '@ringwise/routes';
import { cn } from './cn.tsx';

export interface FlagProps {
  /** ISO 3166-1 alpha-2 code, any case. */
  code: string;
  /** Sizes (keep 3:2, e.g. mk:h-6 mk:w-9); 16×24 px by default. */
  className?: string;
  /** Load at once (a flag in the first screen); others load when scrolled near. */
  eager?: boolean;
}

/**
 * A country's flag, decorative: the country's name or code is always written beside it. An image, not an
 * emoji, because Windows has no flag emoji and a machine without an emoji font draws boxes (and spends
 * tens of milliseconds of layout looking for a font).
 */
export function Flag({ code, className, eager = false }: FlagProps) {
  return (
    <img
      src={flagImagePath(code)}
      alt=""
      aria-hidden="true"
      width={24}
      height={16}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
      className={cn('inline-block h-4 w-6 shrink-0 rounded-[2px] object-cover ring-1 ring-black/10', className)}
    />
  );
}
