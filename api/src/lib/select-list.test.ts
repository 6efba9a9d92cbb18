import { describe, expect, test } from 'bun:test';
import type { Sql } from '../db/database.ts';
import { selectList } from './select-list.ts';

interface Entry {
  id: string;
  createdAt: string;
}

describe('selectList', () => {
  test('names each expression after its field, in the map\'s order, and runs the query written around the list', async () => {
    const list = selectList<Entry>({ id: 'e.id', createdAt: "to_char(e.created_at, 'YYYY')" });
    expect(list.text).toBe(`e.id as "id", to_char(e.created_at, 'YYYY') as "createdAt"`);

    const seen: Array<[string, unknown[] | undefined]> = [];
    const sql: Sql = {
      query: async <T>(text: string, params?: unknown[]) => {
        seen.push([text, params]);
        return [{ id: 'a', createdAt: '2026' }] as T[];
      },
    };
    expect(await list.rows(sql, (columns) => `select ${columns} from entries e where e.id = $1`, ['a'])).toEqual([{ id: 'a', createdAt: '2026' }]);
    expect(seen).toEqual([[`select ${list.text} from entries e where e.id = $1`, ['a']]]);
  });

  test('a map must name exactly the fields of its type (checked by the compiler)', () => {
    // @ts-expect-error: a field the type does not have (a field renamed in the contract)
    selectList<Entry>({ id: 'id', createdAt: 'created_at', updatedAt: 'updated_at' });
    // @ts-expect-error: a field of the type left out
    selectList<Entry>({ id: 'id' });
    expect(selectList<Entry>({ id: 'id', createdAt: 'created_at' }).text).toBe('id as "id", created_at as "createdAt"');
  });
});
