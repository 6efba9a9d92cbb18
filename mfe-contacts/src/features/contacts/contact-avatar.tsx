/** The initials of a name in a circle (decorative: the name is always next to it). */
export function ContactAvatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((part) => [...part][0]?.toUpperCase() ?? '')
      .join('') || '?';
  return (
    <span
      aria-hidden="true"
      className={`ct:flex ct:shrink-0 ct:items-center ct:justify-center ct:rounded-full ct:bg-secondary ct:font-semibold ct:text-secondary-foreground ${
        size === 'sm' ? 'ct:size-8 ct:text-xs' : 'ct:size-10 ct:text-sm'
      }`}
    >
      {initials}
    </span>
  );
}
