// What a settings card shows before its data is there: a skeleton while loading, a failure with Retry.
import './styles.css';
import { Button } from '@ringwise/ui/button';
// bundled in rather than shared: a share record in each remote's entry costs more than this one div
import { Skeleton } from './skeleton.tsx';

export function SettingsLoading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-2/3" />
    </div>
  );
}

export function SettingsUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="font-semibold">Could not load your settings</p>
      <p className="text-sm text-muted-foreground">Check your connection and try again.</p>
      <Button variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
