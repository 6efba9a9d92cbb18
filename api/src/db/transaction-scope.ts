// Which transaction the running code is inside, so that two mistakes fail at once, loudly, in every mode:
//  - opening a transaction while another one of the same unit of work is still open (on PGlite, one connection,
//    the second waits for the first forever; on PostgreSQL a burst of them exhausts the pool), and
//  - waiting on a provider (Twilio, Stripe, Auth, SMTP, or their simulators) with a transaction open (its rows
//    stay locked and its connection taken for as long as the provider takes; a simulator in the same process
//    that needs the database would wait for it forever).
// Both are programming errors: the request answers 500 and the log names the mistake.
import { AsyncLocalStorage } from 'node:async_hooks';

interface OpenTransaction {
  kind: string;
  open: boolean;
}

const scope = new AsyncLocalStorage<OpenTransaction>();

export class NestedTransactionError extends Error {
  override readonly name = 'NestedTransactionError';
  constructor(outer: string, inner: string) {
    super(
      `A ${inner} transaction was opened inside an open ${outer} transaction. Do all of one unit of work through the ` +
        'sql handle it was given, or finish the first transaction before starting the next.',
    );
  }
}

export class ProviderCallInTransactionError extends Error {
  override readonly name = 'ProviderCallInTransactionError';
  constructor(provider: string, kind: string) {
    super(`${provider} was called while a ${kind} transaction is open. Finish the transaction first, then call the provider.`);
  }
}

/** Throws NestedTransactionError when the calling code is inside an open transaction. */
export function assertOutsideTransaction(kind: string): void {
  const outer = scope.getStore();
  if (outer?.open) throw new NestedTransactionError(outer.kind, kind);
}

/** Throws ProviderCallInTransactionError when the calling code is inside an open transaction. */
export function assertNoOpenTransaction(provider: string): void {
  const outer = scope.getStore();
  if (outer?.open) throw new ProviderCallInTransactionError(provider, outer.kind);
}

export interface TransactionMark {
  /** Runs the transaction's work marked as inside it. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** The transaction is over: code that outlived it (a fire-and-forget) may open its own again. */
  close(): void;
}

/** Marks the work of one transaction of `kind` (privileged, user, anon). */
export function markTransaction(kind: string): TransactionMark {
  const state: OpenTransaction = { kind, open: true };
  return {
    run: (work) => scope.run(state, work),
    close() {
      state.open = false;
    },
  };
}
