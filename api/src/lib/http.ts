// Small HTTP helpers shared by plugins and modules.

/** Adds a field to a Vary header value, keeping the existing ones and never listing a field twice. */
export function appendVary(current: string | number | undefined, field: string): string {
  const fields = String(current ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*')) return '*';
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  return fields.join(', ');
}
