// The console's small shared pieces: loading and error states, a section under its heading, form fields and the
// invalidation after an admin action.
import { useId, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import { Button } from '@ringwise/ui/button';
import { Label } from '@ringwise/ui/label';

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="sh:py-6 sh:text-center sh:text-sm sh:text-muted-foreground">
      Loading {what}…
    </p>
  );
}

export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="sh:flex sh:flex-col sh:items-center sh:gap-3 sh:py-6 sh:text-center">
      <p className="sh:font-semibold">Could not load {what}</p>
      <p className="sh:text-sm sh:text-muted-foreground">{errorMessage(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

export const fieldClass =
  'sh:flex sh:h-10 sh:w-full sh:rounded-md sh:border sh:border-input sh:bg-background sh:px-3 sh:text-sm sh:text-foreground sh:focus-visible:outline-none sh:focus-visible:ring-2 sh:focus-visible:ring-ring';

/** After a money or role action: every admin read again, and the signed-in user's own (their balance). */
export function invalidateAdminData(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/') });
}

/** A part of an admin page, named by its heading. */
export function TitledSection({ title, className = 'sh:space-y-3', children }: { title: ReactNode; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="sh:text-lg sh:font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Why an admin moves money: a required text of at most 500 characters, kept in the ledger and the audit log. */
export function ReasonField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="sh:grid sh:gap-2">
      <Label htmlFor={id}>Reason</Label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        maxLength={500}
        rows={3}
        className="sh:w-full sh:rounded-md sh:border sh:border-input sh:bg-background sh:px-3 sh:py-2 sh:text-sm sh:focus-visible:outline-none sh:focus-visible:ring-2 sh:focus-visible:ring-ring"
      />
    </div>
  );
}
