import { Link } from 'wouter';
import { Button } from '@ringwise/ui/button';
import { DIALER_PATH } from '../lib/app-links.ts';
import { useSignedIn } from '../lib/visitor.tsx';
import { BrandLink } from './brand-link.tsx';

/** The public pages' header: the brand (home), then Sign In and Get Started, or Open Dialer when signed in. */
export function SiteHeader() {
  const signedIn = useSignedIn();
  return (
    <header className="mk:border-b mk:border-border mk:bg-background">
      <div className="mk:mx-auto mk:flex mk:h-16 mk:max-w-6xl mk:items-center mk:justify-between mk:gap-2 mk:px-3 mk:sm:px-4">
        <BrandLink compact />
        <nav aria-label="Account" className="mk:flex mk:items-center mk:gap-1 mk:sm:gap-2">
          {signedIn ? (
            <Button asChild size="sm" className="mk:px-2.5 mk:sm:px-3">
              <Link href={DIALER_PATH}>Open Dialer</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="mk:px-2.5 mk:sm:px-3">
                <Link href="/sign-in">Sign In</Link>
              </Button>
              <Button asChild size="sm" className="mk:px-2.5 mk:sm:px-3">
                <Link href="/sign-up">Get Started</Link>
              </Button>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
