import { describe, expect, test } from 'bun:test';
import { ApiError } from '@ringwise/api-client';
import { deckProblemsOf } from './deck-problems.ts';

describe('deckProblemsOf', () => {
  test('the lines and messages of a refused import', () => {
    const body = JSON.stringify({
      error: { code: 'validation_failed', message: '1 line has problems; nothing was imported.', details: { problems: [{ line: 3, message: 'prefix is empty' }] } },
    });
    expect(deckProblemsOf(new ApiError(400, body, 'Bad Request'))).toEqual([{ line: 3, message: 'prefix is empty' }]);
  });
  test('nothing for other errors', () => {
    expect(deckProblemsOf(new ApiError(403, '{"error":{"code":"forbidden","message":"no"}}', 'Forbidden'))).toEqual([]);
    expect(deckProblemsOf(new Error('network'))).toEqual([]);
  });
});
