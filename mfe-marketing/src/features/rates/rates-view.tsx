import { Search } from 'lucide-react';
import { Input } from '@ringwise/ui/input';

export function RatesView() {
  return (
    <section aria-labelledby="rates-title" className="mk:space-y-4">
      <h1 id="rates-title" className="mk:text-2xl mk:font-bold">
        Calling Rates
      </h1>
      <div className="mk:relative">
        <Search aria-hidden className="mk:absolute mk:left-3 mk:top-3 mk:h-4 mk:w-4 mk:text-muted-foreground" />
        <Input aria-label="Search countries" placeholder="Search by country name or code" className="mk:pl-9" disabled />
      </div>
    </section>
  );
}
