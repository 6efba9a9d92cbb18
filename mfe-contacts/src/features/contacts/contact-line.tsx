import type { ReactNode } from 'react';
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
