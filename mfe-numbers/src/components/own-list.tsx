// A list of the user's own numbers or caller IDs in a dialog: its heading, a skeleton while it loads, a failure
// with Retry, what it says when empty, and a row per entry with what it is and its one action.
import { useId, type ReactNode } from 'react';
import { Button } from '@ringwise/ui/button';
import { Skeleton } from '../lib/skeleton.tsx';

export interface OwnListProps<Entry> {
  title: string;
  /** What the list holds, as the loading and the failure name it: "numbers", "caller IDs". */
  what: string;
  /** The entries; undefined until they are loaded. */
  entries: readonly Entry[] | undefined;
  query: { isPending: boolean; refetch: () => unknown };
  /** The height of a loading row, e.g. `nm:h-12`. */
  skeletonHeight: string;
  empty: string;
  /** The list's accessible name. */
  label: string;
  entryKey: (entry: Entry) => string;
  details: (entry: Entry) => ReactNode;
  action: (entry: Entry) => ReactNode;
  /** After the list: its confirmation dialog. */
  children?: ReactNode;
}

export function OwnList<Entry>({ title, what, entries, query, skeletonHeight, empty, label, entryKey, details, action, children }: OwnListProps<Entry>) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="nm:space-y-3">
      <h3 id={`${id}-title`} className="nm:text-base nm:font-semibold">
        {title}
      </h3>
      {query.isPending ? (
        <div role="status" aria-label={`Loading your ${what}`} className="nm:space-y-2">
          <Skeleton className={`${skeletonHeight} nm:w-full`} />
          <Skeleton className={`${skeletonHeight} nm:w-full`} />
        </div>
      ) : !entries ? (
        // loaded, but nothing came: the load failed
        <div role="alert" className="nm:flex nm:flex-wrap nm:items-center nm:gap-3 nm:text-sm">
          <span>{`Could not load your ${what}.`}</span>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="nm:rounded-md nm:border nm:border-dashed nm:border-border nm:p-4 nm:text-center nm:text-sm nm:text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-label={label} className="nm:divide-y nm:divide-border nm:rounded-md nm:border nm:border-border">
          {entries.map((entry) => (
            <li key={entryKey(entry)} className="nm:flex nm:flex-wrap nm:items-center nm:justify-between nm:gap-x-4 nm:gap-y-2 nm:p-3">
              <div className="nm:min-w-0 nm:space-y-1">{details(entry)}</div>
              {action(entry)}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
