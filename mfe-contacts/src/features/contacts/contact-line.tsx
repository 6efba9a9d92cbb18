import type { ReactNode } from 'react';
import { Skeleton } from '../../lib/skeleton.tsx';
import { ContactAvatar } from './contact-avatar.tsx';

/** A contact in a list: initials, name and number, and anything more under them; `compact` in small lists. */
export function ContactLine({ name, number, compact = false, children }: { name: string; number: string; compact?: boolean; children?: ReactNode }) {
  return (
    <>
      <ContactAvatar name={name} size="sm" />
      <span className="ct:min-w-0 ct:flex-1">
        <span className={`ct:block ct:truncate ct:font-medium ${compact ? 'ct:text-sm' : ''}`}>{name}</span>
        <span className={`ct:block ct:truncate ct:tabular-nums ct:text-muted-foreground ${compact ? 'ct:text-xs' : 'ct:text-sm'}`}>{number}</span>
        {children}
      </span>
    </>
  );
}

/** A contact line while the contacts load: its initials and two lines of text; `large` in the view's cards. */
export function ContactLineSkeleton({ large = false }: { large?: boolean }) {
  return (
    <>
      <Skeleton className={`ct:rounded-full ${large ? 'ct:size-10' : 'ct:size-8'}`} />
      <div className="ct:flex-1 ct:space-y-2">
        <Skeleton className={`ct:h-4 ${large ? 'ct:w-2/3' : 'ct:w-1/2'}`} />
        <Skeleton className={`ct:h-3 ${large ? 'ct:w-1/2' : 'ct:w-1/3'}`} />
      </div>
    </>
  );
}
