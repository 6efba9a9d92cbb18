import { Link } from 'wouter';
import { ChevronRight } from 'lucide-react';
import type { RateCountry } from '@ringwise/contract/rates';
import { Flag } from '@ringwise/ui/flag';
import { Skeleton } from '@ringwise/ui/skeleton';
import { countryPath, perMinute } from '@ringwise/marketing-content/rates';

export const NO_COUNTRIES_TEXT = 'No countries found. Try a different search.';

/** The countries of a search, each linking to its country page, with its mobile and landline rates. */
export function RatesGrid({ countries, search }: { countries: readonly RateCountry[]; search: string }) {
  const count = `${countries.length} ${countries.length === 1 ? 'country' : 'countries'}`;
  return (
    <div>
      <p
        role="status"
        className={countries.length > 0 ? 'mk:sr-only' : 'mk:rounded-lg mk:border mk:border-dashed mk:border-border mk:px-4 mk:py-12 mk:text-center mk:text-muted-foreground'}
      >
        {countries.length === 0 ? NO_COUNTRIES_TEXT : search ? `${count} matching “${search}”` : count}
      </p>
      {countries.length > 0 ? (
        <ul className="mk:grid mk:grid-cols-1 mk:gap-3 mk:sm:grid-cols-2 mk:xl:grid-cols-3">
          {countries.map((country) => (
            <li key={country.id}>
              <Link
                href={countryPath(country.id)}
                className="mk:flex mk:h-full mk:flex-col mk:gap-3 mk:rounded-lg mk:border mk:border-border mk:bg-card mk:p-4 mk:text-card-foreground mk:shadow-sm mk:transition-colors mk:hover:bg-accent/60 mk:focus-visible:outline-none mk:focus-visible:ring-2 mk:focus-visible:ring-ring"
              >
                <span className="mk:flex mk:items-center mk:gap-3">
                  <Flag code={country.id} className="mk:h-5 mk:w-7.5" />
                  <span className="mk:min-w-0 mk:flex-1">
                    <span className="mk:block mk:font-semibold mk:break-words">{country.country}</span>
                    <span className="mk:block mk:text-sm mk:text-muted-foreground">
                      {country.countryCode} · {country.callingCode}
                    </span>
                  </span>
                  <ChevronRight aria-hidden="true" className="mk:size-4 mk:shrink-0 mk:text-muted-foreground" />
                </span>
                <dl className="mk:grid mk:grid-cols-2 mk:gap-2 mk:text-sm">
                  <div>
                    <dt className="mk:text-muted-foreground">Mobile</dt>
                    <dd className="mk:font-medium mk:tabular-nums">{perMinute(country.mobileRate)}</dd>
                  </div>
                  <div>
                    <dt className="mk:text-muted-foreground">Landline</dt>
                    <dd className="mk:font-medium mk:tabular-nums">{perMinute(country.landlineRate)}</dd>
                  </div>
                </dl>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The grid's shape while the first results load. */
export function RatesGridSkeleton() {
  return (
    <div>
      <p role="status" className="mk:sr-only">
        Loading rates…
      </p>
      <div className="mk:grid mk:grid-cols-1 mk:gap-3 mk:sm:grid-cols-2 mk:xl:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} className="mk:h-[7.5rem] mk:rounded-lg" />
        ))}
      </div>
    </div>
  );
}
