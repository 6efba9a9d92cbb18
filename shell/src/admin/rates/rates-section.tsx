// /admin/rates: the rate deck of one country (in force and starting later), a deck file import with its
// row-level report, one rate changed from a date, and the blocked prefixes calls refuse. Every change is a
// new row or entry, audited; the api processes serve a changed deck within their poll interval (30 s).
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@ringwise/ui/button';
import { Label } from '@ringwise/ui/label';
import { admin } from '../admin-api.ts';
import { fieldClass, LoadError, Loading, TitledSection } from '../admin-ui.tsx';
import { BlockedPrefixes } from './blocked-prefixes.tsx';
import { DeckTable } from './deck-table.tsx';
import { ImportDeck } from './import-deck.tsx';
import { RateEditForm } from './rate-edit-form.tsx';

export function RatesSection() {
  const countryId = useId();
  const [typed, setTyped] = useState('GB');
  const [country, setCountry] = useState('GB');
  const [problem, setProblem] = useState<string | null>(null);
  const deck = useQuery({ ...admin.rateDeck(country), meta: { handlesError: true } });

  const show = (event: FormEvent) => {
    event.preventDefault();
    const code = typed.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) {
      setProblem('Enter a two-letter country code, such as GB or US.');
      return;
    }
    setProblem(null);
    setCountry(code);
  };

  return (
    <div className="sh:space-y-8">
      <TitledSection title="Rate deck">
        <form onSubmit={show} className="sh:flex sh:flex-wrap sh:items-end sh:gap-2" noValidate>
          <div className="sh:grid sh:gap-1">
            <Label htmlFor={countryId}>Country code</Label>
            <input
              id={countryId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              maxLength={2}
              autoComplete="off"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${countryId}-problem` : undefined}
              className={`${fieldClass} sh:w-24 sh:uppercase`}
            />
          </div>
          <Button type="submit" variant="outline">
            Show rates
          </Button>
        </form>
        {problem ? (
          <p id={`${countryId}-problem`} role="alert" className="sh:text-sm sh:text-destructive">
            {problem}
          </p>
        ) : null}
        {deck.isPending ? (
          <Loading what={`the rates of ${country}`} />
        ) : deck.isError ? (
          <LoadError what={`the rates of ${country}`} error={deck.error} onRetry={() => void deck.refetch()} />
        ) : (
          <DeckTable country={country} rates={deck.data.rates} />
        )}
      </TitledSection>
      <ImportDeck />
      <RateEditForm country={country} />
      <BlockedPrefixes blocked={deck.data?.blocked ?? null} />
    </div>
  );
}
