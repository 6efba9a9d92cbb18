// The row-level report of a refused deck import: the api's 400 carries every problem with its line.
import { isApiError } from '@ringwise/api-client';

export interface DeckProblem {
  line: number;
  message: string;
}

/** The problems of a refused import, or [] when the error is not that report. */
export function deckProblemsOf(error: unknown): DeckProblem[] {
  if (!isApiError(error)) return [];
  const problems = (error.envelope?.details as { problems?: unknown } | undefined)?.problems;
  if (!Array.isArray(problems)) return [];
  return problems.filter(
    (p): p is DeckProblem => typeof p === 'object' && p !== null && typeof (p as DeckProblem).line === 'number' && typeof (p as DeckProblem).message === 'string',
  );
}
