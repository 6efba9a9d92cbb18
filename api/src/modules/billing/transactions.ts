// GET /api/transactions: the signed-in user's ledger, newest first, a page at a time. RLS limits the rows to
// the user's own; the cursor is the last row's (created_at, id), so pages never skip or repeat an entry even
// while new ones arrive.
import type { Transaction, TransactionListQuery, TransactionPage } from '@ringwise/contract/schemas';
import { isoUtcSql, type Sql } from '../../db/database.ts';
import { selectList } from '../../lib/select-list.ts';
import { fieldValidationError } from '../../plugins/errors.ts';

export const defaultPageSize = 25;

interface Cursor {
  createdAt: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

const cursorPattern = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** A nextCursor of an earlier page, or a 400 on the `cursor` field. */
export function decodeCursor(text: string): Cursor {
  const match = cursorPattern.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!match) throw fieldValidationError({ cursor: 'cursor must be a nextCursor of an earlier page' });
  return { createdAt: match[1]!, id: match[2]! };
}

const paymentTypes = ['credit_purchase', 'auto_recharge'];

const transactionColumns = selectList<Transaction>({
  id: 'id',
  type: 'type',
  amount: 'amount::text',
  description: 'description',
  status: 'status',
  createdAt: isoUtcSql('created_at'),
  callId: 'call_id',
});

export async function listTransactions(sql: Sql, query: TransactionListQuery): Promise<TransactionPage> {
  const limit = query.limit ? Number(query.limit) : defaultPageSize;
  const params: unknown[] = [limit + 1];
  const where: string[] = [];
  if (query.kind === 'payments') {
    params.push(paymentTypes);
    where.push(`type = any($${params.length}::text[])`);
  }
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    params.push(cursor.createdAt, cursor.id);
    where.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  const rows = await transactionColumns.rows(
    sql,
    (list) => `select ${list}
     from public.transactions
     ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
     order by created_at desc, id desc
     limit $1`,
    params,
  );
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null };
}
