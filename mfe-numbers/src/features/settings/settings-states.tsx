// What the settings card shows before its data is there: a skeleton while loading, a failure with Retry.
import { Button } from '@ringwise/ui/button';
import { Skeleton } from '../../lib/skeleton.tsx';

export function SettingsLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="nm:space-y-4">
      <Skeleton className="nm:h-6 nm:w-1/3" />
      <Skeleton className="nm:h-10 nm:w-full" />
      <Skeleton className="nm:h-10 nm:w-2/3" />
    </div>
  );
}

export function SettingsUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="nm:flex nm:flex-col nm:items-start nm:gap-3">
      <p className="nm:font-semibold">Could not load your settings</p>
      <p className="nm:text-sm nm:text-muted-foreground">Check your connection and try again.</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
