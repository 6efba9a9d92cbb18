// Named prepared statements on PGlite's one connection. PGlite's own query() sends Parse, Describe, Bind, Describe,
// Execute and Sync as six calls into the WASM backend and has PostgreSQL parse and plan the text every time: a
// primary-key lookup costs ~120 µs that way, ~25 µs as Bind, Describe, Execute and Sync of a statement prepared once,
// sent as one message. Each distinct text is prepared once per database (its Parse and Describe: one call) and kept
// by name; prepared statements outlive the transaction that made them (they are not transactional), and PostgreSQL
// re-plans one itself when a table it reads changes. Values go in and come out as PGlite's own query() would give
// them: its serializers for each parameter's type, its parsers (ours among them) for each column's.
import { parse, protocol, type PGlite } from '@electric-sql/pglite';

/** How many texts are kept prepared; a text beyond them runs as PGlite's own query() runs it. */
const maxPrepared = 1_000;

interface Prepared {
  name: string;
  paramTypes: number[];
}

export interface PgliteStatements {
  /** `text` as a prepared statement with `params`, inside the caller's transaction (PGlite's transaction mutex
   *  held); null when the text is not prepared and there is no room for it (then use PGlite's own query()). */
  query<R>(text: string, params: unknown[]): Promise<R[] | null>;
}

/** SQLSTATE 0A000: a prepared statement whose tables changed shape ("cached plan must not change result type"). */
const featureNotSupported = '0A000';

export function createPgliteStatements(pg: PGlite): PgliteStatements {
  const prepared = new Map<string, Prepared>();
  let made = 0;
  const sync = protocol.serialize.sync();
  const describePortal = protocol.serialize.describe({ type: 'P' });
  const execute = protocol.serialize.execute({});

  async function prepare(text: string): Promise<Prepared> {
    const name = `ringwise_${++made}`;
    const described = await pg.execProtocol(
      Buffer.concat([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), sync]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
    prepared.set(text, statement);
    return statement;
  }

  function serialized(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serialize = type === undefined ? undefined : pg.serializers[type];
    return serialize ? serialize(value) : String(value);
  }

  return {
    query<R>(text: string, params: unknown[]): Promise<R[] | null> {
      return pg._runExclusiveQuery(async () => {
        const statement = prepared.get(text) ?? (prepared.size < maxPrepared ? await prepare(text) : null);
        if (!statement) return null;
        const values = params.map((value, i) => serialized(value, statement.paramTypes[i]));
        try {
          const { messages } = await pg.execProtocol(
            Buffer.concat([protocol.serialize.bind({ statement: statement.name, values }), describePortal, execute, sync]),
            { syncToFs: false },
          );
          return parse.parseResults(messages, pg.parsers)[0]!.rows as R[];
        } catch (error) {
          // the next use prepares the text anew, against the tables as they are now
          if ((error as { code?: unknown }).code === featureNotSupported) prepared.delete(text);
          throw error;
        }
      });
    },
  };
}
