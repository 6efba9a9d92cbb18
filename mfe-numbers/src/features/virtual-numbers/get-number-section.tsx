// Virtual Numbers modal > 'Get a New Number' (spec §2): country, number type with its monthly price, the optional
// pattern (and its match mode once something is typed), Search, and the results with their Purchase buttons.
import { useId, type FormEvent } from 'react';
import { AlertTriangle, Search } from 'lucide-react';
import type { AvailableNumber, NumberSearchType, VirtualNumberType } from '@ringwise/contract/numbers';
import { numberCountries, numberSearchTypeLabels, numberSearchTypes, patternFieldOf, virtualNumberTypeLabels } from '@ringwise/contract/numbers';
import { Button } from '@ringwise/ui/button';
import { formatUsd } from '@ringwise/ui/format';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@ringwise/ui/select';
import { countryName } from '../../lib/countries.ts';
import { usePhoneFormat } from '@ringwise/phone/display';
import { canAfford } from '../data/numbers-data.ts';
import type { NumberSearch } from './use-number-search.ts';

export function GetNumberSection({ state }: { state: NumberSearch }) {
  const id = useId();
  const field = patternFieldOf(state.country);
  const { data: pricing } = state.pricing;
  const noNumbers = pricing !== undefined && (!pricing.hasAnyNumbers || state.availableTypes.length === 0);
  const typeOffered = state.availableTypes.some((t) => t.numberType === state.numberType);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    state.search();
  }

  return (
    <section aria-labelledby={`${id}-title`} className="nm:space-y-4">
      <h3 id={`${id}-title`} className="nm:text-base nm:font-semibold">
        Get a New Number
      </h3>
      <form noValidate onSubmit={submit} className="nm:grid nm:gap-4">
        <div className="nm:grid nm:gap-4 nm:sm:grid-cols-2">
          <div className="nm:grid nm:min-w-0 nm:gap-2">
            <Label htmlFor={`${id}-country`}>Country</Label>
            <Select value={state.country} onValueChange={state.setCountry}>
              <SelectTrigger id={`${id}-country`}>
                <SelectValue placeholder="Select a country" />
              </SelectTrigger>
              <SelectContent className="nm:max-h-72">
                {numberCountries.map((code) => (
                  <SelectItem key={code} value={code}>
                    {countryName(code)} ({code})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="nm:grid nm:min-w-0 nm:gap-2">
            <Label htmlFor={`${id}-type`}>Number Type</Label>
            <Select
              value={typeOffered ? state.numberType : ''}
              onValueChange={(value) => state.setNumberType(value as VirtualNumberType)}
              disabled={!pricing || noNumbers}
            >
              <SelectTrigger id={`${id}-type`}>
                <SelectValue placeholder={state.pricing.isLoading ? 'Loading prices…' : state.country ? 'Choose a number type' : 'Select a country first'} />
              </SelectTrigger>
              <SelectContent>
                {state.availableTypes.map((t) => (
                  <SelectItem key={t.numberType} value={t.numberType}>
                    {typeText(t.numberType, state.availableTypes)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>

        {noNumbers ? (
          <p role="alert" className="nm:flex nm:items-start nm:gap-2 nm:rounded-md nm:border nm:border-amber-500/50 nm:bg-amber-500/10 nm:p-3 nm:text-sm">
            <AlertTriangle aria-hidden="true" className="nm:mt-0.5 nm:size-4 nm:shrink-0 nm:text-amber-600" />
            Phone numbers are not available for purchase in {pricing?.country || countryName(state.country)}.
          </p>
        ) : null}

        <div className="nm:grid nm:gap-2">
          <Label htmlFor={`${id}-pattern`}>{field.label}</Label>
          <Input
            id={`${id}-pattern`}
            inputMode="numeric"
            autoComplete="off"
            placeholder={`e.g. ${field.examples.join(', ')}`}
            value={state.pattern}
            onChange={(event) => state.setPattern(event.target.value)}
            aria-describedby={`${id}-pattern-hint`}
          />
          <p id={`${id}-pattern-hint`} className="nm:text-xs nm:text-muted-foreground">
            Digits only. Leave it empty to see any number.
          </p>
        </div>

        {state.pattern ? <SearchModes value={state.searchType} onChange={state.setSearchType} /> : null}

        <Button type="submit" disabled={state.searching} className="nm:w-full nm:sm:w-auto nm:sm:justify-self-start">
          <Search aria-hidden="true" className="nm:size-4" />
          {state.searching ? 'Searching…' : 'Search'}
        </Button>
      </form>

      {state.results && state.results.length > 0 ? <Results state={state} results={state.results} /> : null}
    </section>
  );
}

function typeText(type: VirtualNumberType, offered: NumberSearch['availableTypes']): string {
  const price = offered.find((t) => t.numberType === type)?.price;
  return price ? `${virtualNumberTypeLabels[type]} — ${formatUsd(price)}/month` : virtualNumberTypeLabels[type];
}

function SearchModes({ value, onChange }: { value: NumberSearchType; onChange: (value: NumberSearchType) => void }) {
  const id = useId();
  return (
    <fieldset className="nm:grid nm:gap-2">
      <legend className="nm:mb-2 nm:text-sm nm:font-medium">Match</legend>
      <div className="nm:grid nm:grid-cols-3 nm:gap-2">
        {numberSearchTypes.map((mode) => (
          <label
            key={mode}
            data-checked={value === mode || undefined}
            className="nm:flex nm:cursor-pointer nm:items-center nm:justify-center nm:rounded-md nm:border nm:border-input nm:px-2 nm:py-2 nm:text-center nm:text-sm nm:transition-colors nm:hover:bg-accent nm:data-checked:border-primary nm:data-checked:bg-accent nm:data-checked:font-medium nm:has-focus-visible:ring-2 nm:has-focus-visible:ring-ring nm:has-focus-visible:ring-offset-2"
          >
            <input type="radio" name={`${id}-mode`} value={mode} checked={value === mode} onChange={() => onChange(mode)} className="nm:sr-only" />
            {numberSearchTypeLabels[mode]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Results({ state, results }: { state: NumberSearch; results: AvailableNumber[] }) {
  const format = usePhoneFormat();
  return (
    <ul aria-label="Available numbers" className="nm:max-h-80 nm:divide-y nm:divide-border nm:overflow-y-auto nm:rounded-md nm:border nm:border-border">
      {results.map((number) => {
        const affordable = canAfford(state.balance, number.price);
        const formatted = format(number.phoneNumber);
        const place = [number.locality, number.region].filter(Boolean).join(', ');
        return (
          <li key={number.phoneNumber} className="nm:flex nm:flex-wrap nm:items-center nm:justify-between nm:gap-x-4 nm:gap-y-2 nm:p-3">
            <div className="nm:min-w-0">
              <p className="nm:font-medium nm:tabular-nums">{formatted}</p>
              <p className="nm:text-sm nm:text-muted-foreground">
                {place ? `${place} · ` : ''}
                <span className="nm:tabular-nums">{formatUsd(number.price)}/month</span>
              </p>
            </div>
            <Button
              size="sm"
              disabled={state.purchasing !== null}
              // too little balance: still focusable and clickable, so the click can say why (spec §5)
              aria-disabled={!affordable || undefined}
              aria-label={`Purchase ${formatted}`}
              onClick={() => state.buy(number)}
              className={affordable ? undefined : 'nm:cursor-not-allowed nm:opacity-50'}
            >
              {state.purchasing === number.phoneNumber ? 'Purchasing…' : 'Purchase'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
