// The kit's Skeleton, one div: kept local because every kit module a remote consumes adds a share record
// and chunk hashes to remoteEntry.js (budget 10 KB gzip), which this one-liner is not worth.

/** A pulsing placeholder block, hidden from assistive tech (announce loading on the region instead). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={`ct:animate-pulse ct:rounded-md ct:bg-muted ${className ?? ''}`} />;
}
