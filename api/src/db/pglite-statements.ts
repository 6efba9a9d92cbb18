// Our statements on PGlite's one connection, each sent as one call into the WASM backend. PGlite's own query()
// sends Parse, Describe, Bind, Describe, Execute and Sync as six calls and has PostgreSQL parse and plan the text
// every time, and its transaction() sends BEGIN and COMMIT as two calls each (the query, then a Sync): a request
// checking its session and reading one row took twelve calls, ~35 µs each. Here:
//   - each distinct text is prepared once per database (Parse and Describe: one call) and kept by name; prepared
//     statements outlive the transaction that made them (they are not transactional), and PostgreSQL re-plans one
//     itself when a table it reads changes. A statement is then Bind, Describe, Execute and Sync: one call;
//   - BEGIN goes out with the transaction's first statement (entering the role), COMMIT and ROLLBACK alone: one
//     call each.
// Values go in and come out as PGlite's own query() would give them: its serializers for each parameter's type,
// its parsers (ours among them) for each column's. The backend's answer is read as it streams out of the WASM memory
// (execProtocol() would copy it three more times first), copied once and read by node-postgres's protocol parser,
// whose messages are those PGlite's parser gives (it is a port of it), without PGlite's copy of every field: the
// garbage of a request is what makes the collector pause the api. Every call holds PGlite's query lock; whoever runs a
// transaction holds its transaction lock (pglite.ts). PGlite's own calls would also write its file system back after
// each statement outside a transaction: a no-op for the in-memory and Node file systems.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import type { BackendMessage as ProtocolMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';
import { RolledBackError, type Enter } from './database.ts';

/** A message of the backend's answer, as PGlite's own functions (parseResults) take it. */
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** How many texts are kept prepared; a text beyond them is parsed each time it runs (two calls). */
const maxPrepared = 1_000;

interface Prepared {
  /** '' for the unnamed statement (a text beyond maxPrepared). */
  name: string;
  paramTypes: number[];
}

export interface PgliteStatements {
  /** `text` with `params`: its rows. */
  query<R>(text: string, params: unknown[]): Promise<R[]>;
  /** BEGIN and, in the same call, `first` (null: none): its rows. The transaction is open once this resolves; should
   *  it throw, it may be open and failed (send rollback()). */
  begin<R>(first: Pick<Enter, 'sql' | 'params'> | null): Promise<R[]>;
  /** COMMIT; RolledBackError when PostgreSQL rolled back instead (a statement had failed). */
  commit(): Promise<void>;
  /** ROLLBACK (nothing when no transaction is open). */
  rollback(): Promise<void>;
  /** A script of statements without parameters. */
  exec(script: string): Promise<void>;
}

/** SQLSTATE 0A000: a prepared statement whose tables changed shape ("cached plan must not change result type"). */
const featureNotSupported = '0A000';

const { serialize } = protocol;
const sync = serialize.sync();
const describePortal = serialize.describe({ type: 'P' });
const execute = serialize.execute({});
const beginQuery = serialize.query('BEGIN');
const commitQuery = serialize.query('COMMIT');
const rollbackQuery = serialize.query('ROLLBACK');

const executeAfterBind = Buffer.concat([describePortal, execute, sync]);

/**
 * `before`, then Bind of the prepared statement `name` with `values` (text; null is NULL) to the unnamed portal with
 * every result column in text, then Describe, Execute and Sync: one buffer, written in place. PGlite's serializer
 * gives the same bytes, but allocates and copies a buffer per field (~1 KB of garbage per statement).
 */
export function boundAndExecuted(before: Uint8Array | null, name: string, values: readonly (string | null)[]): Buffer {
  let bindLength = 4 + 1 + Buffer.byteLength(name) + 1 + 2 + 2 + 2;
  for (const value of values) bindLength += 2 + 4 + (value === null ? 0 : Buffer.byteLength(value));
  const start = before?.length ?? 0;
  const message = Buffer.allocUnsafe(start + 1 + bindLength + executeAfterBind.length);
  if (before) message.set(before, 0);
  let at = start;
  at = message.writeUInt8(0x42, at); // 'B'
  at = message.writeInt32BE(bindLength, at);
  at = message.writeUInt8(0, at); // the unnamed portal
  at += message.write(name, at);
  at = message.writeUInt8(0, at);
  // each parameter's format: text (0)
  at = message.writeInt16BE(values.length, at);
  for (let i = 0; i < values.length; i++) at = message.writeInt16BE(0, at);
  at = message.writeInt16BE(values.length, at);
  for (const value of values) {
    if (value === null) {
      at = message.writeInt32BE(-1, at);
    } else {
      const length = message.write(value, at + 4);
      at = message.writeInt32BE(length, at) + length;
    }
  }
  at = message.writeInt16BE(0, at); // results in text
  message.set(executeAfterBind, at);
  return message;
}

export function createPgliteStatements(pg: PGlite): PgliteStatements {
  const prepared = new Map<string, Prepared>();
  let made = 0;
  let parser = new Parser();

  /** Sends `message` (ending with Sync, or a simple query) and gives the backend's answer up to ReadyForQuery; throws
   *  the first error in it (PostgreSQL has then skipped to the Sync). Notices are dropped ("there is no transaction in
   *  progress": a rollback after a failure that came before BEGIN took effect). */
  async function exchange(message: Uint8Array): Promise<BackendMessage[]> {
    const answer: BackendMessage[] = [];
    let error: ProtocolMessage | undefined;
    await pg.execProtocolRawStream(message, {
      syncToFs: false,
      // `data` is a view of the WASM memory, valid during this call only
      onRawData: (data) =>
        parser.parse(Buffer.from(data), (received: ProtocolMessage) => {
          if (received.name === 'error') error ??= received;
          else if (received.name !== 'notice') answer.push(received as unknown as BackendMessage);
        }),
    });
    if (error) {
      // as PGlite does: a parser that saw an error may hold part of a message
      parser = new Parser();
      throw error;
    }
    return answer;
  }

  async function describe(text: string, name: string): Promise<Prepared> {
    const described = await exchange(Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), sync]));
    return { name, paramTypes: parse.parseDescribeStatementResults(described) };
  }

  async function prepare(text: string): Promise<Prepared> {
    const kept = prepared.get(text);
    if (kept) return kept;
    if (prepared.size >= maxPrepared) return describe(text, '');
    const statement = await describe(text, `ringwise_${++made}`);
    prepared.set(text, statement);
    return statement;
  }

  function serialized(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializeValue = type === undefined ? undefined : pg.serializers[type];
    return serializeValue ? serializeValue(value) : String(value);
  }

  /** Runs `before` (already serialized messages) then `text` in one call; the rows of `text`. */
  async function run<R>(before: Uint8Array | null, text: string, params: unknown[]): Promise<R[]> {
    const statement = await prepare(text);
    const values = params.map((value, i) => serialized(value, statement.paramTypes[i]));
    try {
      const answer = await exchange(boundAndExecuted(before, statement.name, values));
      return parse.parseResults(answer, pg.parsers).at(-1)!.rows as R[];
    } catch (error) {
      // the next use prepares the text anew, against the tables as they are now
      if ((error as { code?: unknown }).code === featureNotSupported) prepared.delete(text);
      throw error;
    }
  }

  return {
    query: (text, params) => pg._runExclusiveQuery(() => run(null, text, params)),
    begin: (first) =>
      pg._runExclusiveQuery(async () => {
        if (first) return run(beginQuery, first.sql, first.params);
        await exchange(beginQuery);
        return [];
      }),
    commit: () =>
      pg._runExclusiveQuery(async () => {
        const answer = await exchange(commitQuery);
        const done = answer.find((received) => received.name === 'commandComplete') as { text?: string } | undefined;
        if (done?.text !== 'COMMIT') throw new RolledBackError();
      }),
    rollback: () => pg._runExclusiveQuery(async () => void (await exchange(rollbackQuery))),
    exec: (script) => pg._runExclusiveQuery(async () => void (await exchange(serialize.query(script)))),
  };
}
