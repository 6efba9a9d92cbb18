// The ledger as the api calls it: every balance change is one entry posted by private.post_ledger_entry in the
// caller's transaction (privileged), which also creates the jobs the change calls for (auto-recharge, alerts,
// receipts). Amounts are Money strings ("25.00", "-0.06"), never floats.
import type { Sql } from '../../db/database.ts';

export type EntryType = 'credit_purchase' | 'auto_recharge' | 'refund' | 'call_charge' | 'number_purchase' | 'number_renewal' | 'adjustment';

export interface LedgerEntry {
  id: string;
  user_id: string;
  type: EntryType;
  amount: string;
  description: string | null;
  status: 'pending' | 'completed' | 'failed';
  stripe_payment_intent_id: string | null;
  call_id: string | null;
  created_at: string;
}

export interface PostEntry {
  userId: string;
  type: EntryType;
  amount: string;
  description: string;
  callId?: string | null;
  paymentIntentId?: string | null;
}

/** Posts one completed entry (idempotent per call and per PaymentIntent); throws SQLSTATE 23514 for an
 *  entry the ledger refuses (a sign or range rule, or a balance that would go below zero). */
export async function postLedgerEntry(sql: Sql, entry: PostEntry): Promise<LedgerEntry> {
  const [row] = await sql.query<LedgerEntry>('select * from private.post_ledger_entry($1, $2, $3, $4, $5, $6)', [
    entry.userId,
    entry.type,
    entry.amount,
    entry.description,
    entry.callId ?? null,
    entry.paymentIntentId ?? null,
  ]);
  return row!;
}

/** Records a payment that failed: a failed entry in the history, no money moved (idempotent per PaymentIntent). */
export async function recordFailedPayment(
  sql: Sql,
  entry: { userId: string; type: 'auto_recharge' | 'credit_purchase'; amount: string; description: string; paymentIntentId: string | null },
): Promise<{ entry: LedgerEntry; created: boolean }> {
  // the user's row lock first (as the ledger takes it): a concurrent record of the same payment (the worker's
  // declined attempt and its failure event) waits here, then finds the entry and reports it as not created
  await sql.query('select 1 from public.users where id = $1 for update', [entry.userId]);
  const [before] = entry.paymentIntentId
    ? await sql.query<{ id: string }>('select id from public.transactions where stripe_payment_intent_id = $1', [entry.paymentIntentId])
    : [];
  const [row] = await sql.query<LedgerEntry>('select * from private.record_failed_payment($1, $2, $3, $4, $5)', [
    entry.userId,
    entry.type,
    entry.amount,
    entry.description,
    entry.paymentIntentId,
  ]);
  return { entry: row!, created: before === undefined };
}

export interface LedgerDifference {
  user_id: string;
  email: string;
  balance: string;
  ledger: string;
  difference: string;
}

/** Users whose balance is not the sum of their completed entries, or is negative; empty when the ledger holds. */
export function ledgerDifferences(sql: Sql): Promise<LedgerDifference[]> {
  return sql.query<LedgerDifference>('select user_id, email, balance::text, ledger::text, difference::text from private.ledger_differences()');
}
