import { Link } from 'wouter';
import { Phone } from 'lucide-react';
import { cn } from '@ringwise/ui/cn';

/** The logo and name, linking home. `compact` keeps the name for screen readers only on very narrow screens. */
export function BrandLink({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      href="/"
      className="mk:flex mk:shrink-0 mk:items-center mk:gap-2 mk:rounded-md mk:text-lg mk:font-bold mk:text-foreground mk:focus-visible:outline-none mk:focus-visible:ring-2 mk:focus-visible:ring-ring mk:focus-visible:ring-offset-2"
    >
      <span className="mk:grid mk:size-8 mk:place-items-center mk:rounded-lg mk:bg-primary mk:text-primary-foreground">
        <Phone aria-hidden="true" className="mk:size-4" />
      </span>
      <span className={cn(compact && 'mk:max-[379px]:sr-only')}>Ringwise</span>
    </Link>
  );
}
