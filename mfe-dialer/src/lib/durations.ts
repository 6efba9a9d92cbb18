// How long a call lasted, as the dialer writes it.

/** "m:ss" (the 'Call Ended' notice): 65 → "1:05". */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "Xm Ys" (Recent Calls): 65 → "1m 5s", 0 → "0m 0s". */
export function formatMinutesAndSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}
