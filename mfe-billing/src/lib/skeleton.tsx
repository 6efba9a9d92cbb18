// A local one-div skeleton: every kit module a remote consumes adds a share record to remoteEntry.js
// (budget 10 KB gzip), which a one-liner is not worth.

/** A pulsing placeholder block, hidden from assistive tech (announce loading on the region instead). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={`bl:animate-pulse bl:rounded-md bl:bg-muted ${className ?? ''}`} />;
}
