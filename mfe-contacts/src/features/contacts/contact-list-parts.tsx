// What the contacts view and the contact picker show alike: the search field, and the failure to load the
// contacts with Retry.
import { Button } from '@ringwise/ui/button';
import { Input } from '@ringwise/ui/input';

export function ContactSearchInput({ value, onValue, className }: { value: string; onValue: (value: string) => void; className?: string }) {
  return (
    <Input
      type="search"
      aria-label="Search contacts"
      placeholder="Search contacts..."
      autoComplete="off"
      value={value}
      onChange={(event) => onValue(event.target.value)}
      className={className}
    />
  );
}

export function ContactsUnavailable({ onRetry, className }: { onRetry: () => void; className: string }) {
  return (
    <div role="alert" className={`ct:flex ct:flex-col ct:items-center ct:gap-3 ct:text-center ${className}`}>
      <p className="ct:font-semibold">Could not load your contacts</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
