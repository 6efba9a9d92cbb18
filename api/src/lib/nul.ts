// PostgreSQL text and jsonb cannot hold U+0000: a request carrying one is refused before it reaches a query.

/** True when a string, an object key or a value nested up to `maxDepth` levels holds U+0000. */
export function holdsNul(value: unknown, maxDepth: number, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || depth > maxDepth) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, maxDepth, depth + 1));
}
