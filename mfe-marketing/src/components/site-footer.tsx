import { Link } from 'wouter';
import { countryPath } from '@ringwise/marketing-content/rates';
import { BrandLink } from './brand-link.tsx';

/** Links crawlers and visitors follow to the most called country pages. */
const popularDestinations = [
  ['US', 'United States'],
  ['GB', 'United Kingdom'],
  ['CA', 'Canada'],
  ['IN', 'India'],
  ['MX', 'Mexico'],
  ['DE', 'Germany'],
  ['PH', 'Philippines'],
  ['AU', 'Australia'],
] as const;

/** The public pages' footer: popular destinations and the copyright line (spec: year 2023). */
export function SiteFooter() {
  return (
    <footer className="mk:border-t mk:border-border mk:bg-muted/50">
      <div className="mk:mx-auto mk:grid mk:grid-cols-1 mk:max-w-6xl mk:gap-8 mk:px-4 mk:py-10 mk:md:grid-cols-[1fr_2fr]">
        <div className="mk:space-y-3">
          <BrandLink />
          <p className="mk:max-w-xs mk:text-sm mk:text-muted-foreground">
            Pay-as-you-go calls from your browser to 200+ countries. No subscriptions, no connection fees.
          </p>
        </div>
        <nav aria-labelledby="footer-destinations">
          <h2 id="footer-destinations" className="mk:text-sm mk:font-semibold">
            Popular destinations
          </h2>
          <ul className="mk:mt-3 mk:grid mk:grid-cols-2 mk:gap-x-4 mk:gap-y-2 mk:text-sm mk:sm:grid-cols-4">
            {popularDestinations.map(([code, name]) => (
              <li key={code}>
                <Link
                  href={countryPath(code)}
                  className="mk:rounded-sm mk:text-muted-foreground mk:underline-offset-4 mk:hover:text-foreground mk:hover:underline mk:focus-visible:outline-none mk:focus-visible:ring-2 mk:focus-visible:ring-ring"
                >
                  Call {name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="mk:border-t mk:border-border mk:px-4 mk:py-6 mk:text-center mk:text-sm mk:text-muted-foreground">
        © 2023 Ringwise. All rights reserved.
      </p>
    </footer>
  );
}
