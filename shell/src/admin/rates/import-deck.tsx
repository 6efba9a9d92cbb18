// Importing a carrier deck file (CSV): every row stored, or every problem listed with its line and nothing stored.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@ringwise/api-client';
import { Button } from '@ringwise/ui/button';
import { Label } from '@ringwise/ui/label';
import { toast } from '@ringwise/ui/toast';
import { adminActions } from '../admin-api.ts';
import { invalidateAdminData, TitledSection } from '../admin-ui.tsx';
import { deckProblemsOf } from './deck-problems.ts';

/** The api takes request bodies up to 1 MB. */
const maxFileBytes = 1_000_000;

export function ImportDeck() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const client = useQueryClient();
  const importing = useMutation({
    mutationFn: async (chosen: File) => adminActions.importRates(await chosen.text()),
    onError: () => {},
    onSuccess: async (result) => {
      toast({ variant: 'success', title: 'Deck imported', description: `${result.imported} rate${result.imported === 1 ? '' : 's'} stored.` });
      await invalidateAdminData(client);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem('Choose a deck file (CSV) first.');
    if (file.size > maxFileBytes) return setProblem('The file is larger than 1 MB: split it into several imports.');
    setProblem(null);
    if (!importing.isPending) importing.mutate(file);
  };
  const problems = importing.isError ? deckProblemsOf(importing.error) : [];

  return (
    <TitledSection title="Import a deck file">
      <p className="sh:text-sm sh:text-muted-foreground">
        CSV with a header row: prefix, destination name, connection fee, price per minute, initial increment, increment, number type and
        optionally effective from. Rows are added; past calls keep their rates.
      </p>
      <form onSubmit={submit} className="sh:flex sh:flex-wrap sh:items-end sh:gap-2" noValidate>
        <div className="sh:grid sh:min-w-0 sh:gap-1">
          <Label htmlFor={fileId}>Deck file</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="sh:max-w-full sh:text-sm"
          />
        </div>
        <Button type="submit" aria-disabled={importing.isPending || undefined}>
          {importing.isPending ? 'Importing…' : 'Import'}
        </Button>
      </form>
      {problem ? (
        <p role="alert" className="sh:text-sm sh:text-destructive">
          {problem}
        </p>
      ) : null}
      {importing.isError ? (
        <div role="alert" className="sh:space-y-1 sh:text-sm">
          <p className="sh:font-semibold sh:text-destructive">{errorMessage(importing.error)}</p>
          {problems.length > 0 ? (
            <ul className="sh:max-h-64 sh:list-disc sh:overflow-y-auto sh:pl-5" aria-label="Problems by line">
              {problems.map((p, i) => (
                <li key={`${p.line}-${i}`}>
                  Line {p.line}: {p.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </TitledSection>
  );
}
