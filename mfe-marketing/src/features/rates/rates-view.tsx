import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { rateQueries } from '@ringwise/contract/rates';
import { BILLING_RULE } from '@ringwise/marketing-content/billing';
import { Button } from '@ringwise/ui/button';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { RatesGrid, RatesGridSkeleton } from './rates-grid.tsx';
import { useDebouncedValue } from '@ringwise/ui/hooks/use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 250;

/**
 * /home/rates, inside the signed-in shell (which sets the page's title): search by country name or code
 * (debounced), the previous results stay on screen while the next ones load.
 */
export function RatesView() {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    ...rateQueries.countries(term),
    placeholderData: keepPreviousData,
    // the view explains a failure itself: no error toast
    meta: { handlesError: true },
  });

  return (
    <section aria-labelledby="rates-title" className="mk:space-y-5">
      <div className="mk:space-y-1">
        <h1 id="rates-title" className="mk:text-2xl mk:font-bold mk:tracking-tight">
          Calling Rates
        </h1>
        <p className="mk:text-sm mk:text-muted-foreground">Per-minute rates to mobiles and landlines, in USD. {BILLING_RULE}</p>
      </div>
      <div className="mk:relative">
        <Label htmlFor={searchId} className="mk:sr-only">
          Search countries
        </Label>
        <Search
          aria-hidden="true"
          className="mk:pointer-events-none mk:absolute mk:top-1/2 mk:left-3 mk:size-4 mk:-translate-y-1/2 mk:text-muted-foreground"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search by country name or code"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="mk:pl-9"
        />
      </div>
      {query.data ? (
        <div
          aria-busy={query.isPlaceholderData || undefined}
          className={query.isPlaceholderData ? 'mk:opacity-60 mk:transition-opacity' : 'mk:transition-opacity'}
        >
          <RatesGrid countries={query.data} search={term} />
        </div>
      ) : query.isError ? (
        <div role="alert" className="mk:flex mk:flex-col mk:items-center mk:gap-3 mk:py-12 mk:text-center">
          <p className="mk:text-muted-foreground">The rates could not be loaded.</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <RatesGridSkeleton />
      )}
    </section>
  );
}
