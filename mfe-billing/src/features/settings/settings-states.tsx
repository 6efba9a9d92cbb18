// What a settings card shows before the user is there: a skeleton while loading, a failure with Retry.
import { Button } from '@ringwise/ui/button';
import { Skeleton } from '../../lib/skeleton.tsx';

export function SettingsLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="bl:space-y-4">
      <Skeleton className="bl:h-6 bl:w-1/3" />
      <Skeleton className="bl:h-10 bl:w-full" />
      <Skeleton className="bl:h-10 bl:w-full" />
    </div>
  );
}

export function SettingsUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="bl:flex bl:flex-col bl:items-start bl:gap-3">
      <p className="bl:font-semibold">Could not load your settings</p>
      <p className="bl:text-sm bl:text-muted-foreground">Check your connection and try again.</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
