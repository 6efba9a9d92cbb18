// A local one-div skeleton: each kit module a remote consumes adds a share record to its remoteEntry.js.

/** A pulsing placeholder block, hidden from assistive tech (the region around it announces the loading). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={`nm:animate-pulse nm:rounded-md nm:bg-muted ${className ?? ''}`} />;
}
