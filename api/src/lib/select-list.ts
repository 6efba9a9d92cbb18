// Rows in a contract type's shape straight from SQL, the way the contacts service began it: a map from each field
// of the type to the SQL expression that gives it. The map is written as an object literal of `ColumnMap<X>`, so a
// field renamed, added or dropped in the contract fails to compile where the map is; the rows are typed by the map
// they were selected with (no cast of a query to a contract type), and need no JavaScript pass.
import type { Sql } from '../db/database.ts';

/** Each field of `Row` and the SQL expression that gives it. */
export type ColumnMap<Row> = { readonly [Field in keyof Row]-?: string };

export interface SelectList<Row> {
  /** `expression as "field"` for each field, in the map's order. */
  readonly text: string;
  /** The rows of the query `query(text)` writes around the list. */
  rows(sql: Sql, query: (list: string) => string, params?: unknown[]): Promise<Row[]>;
}

export function selectList<Row>(columns: ColumnMap<Row>): SelectList<Row> {
  const text = Object.entries(columns as Record<string, string>)
    .map(([field, expression]) => `${expression} as "${field}"`)
    .join(', ');
  return { text, rows: (sql, query, params) => sql.query<Row>(query(text), params) };
}
