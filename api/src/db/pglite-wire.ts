// The embedded database served over PostgreSQL's wire protocol on a Unix socket in DATA_DIR, for the one other
// program that shares the product's database as on Supabase: the Supabase Auth stand-in (GoTrue keeps auth.users in
// the project's database; the api's tables and policies read them). With DATABASE_URL both just connect to PostgreSQL.
//
// PGlite has one session. A client's messages run whole units at a time: from its first message to a ReadyForQuery
// that says idle ('I'), it holds PGlite's transaction lock, the same lock the api's own units of work take
// (pglite.ts), so a client's transaction never interleaves with the api's, nor with another client's. A client may
// hold it at most `holdMs`: past that (a stand-in that hung inside a transaction), its transaction is rolled back, the
// lock freed and its connection closed, so the api never waits for it. A client that goes away mid-transaction is
// rolled back the same way. Clients must use unnamed statements only (node-postgres does unless a query is named):
// the api keeps its own named ones (`ringwise_N`) on the same session. Only this machine's user can connect: the
// socket file is mode 0600, and it answers trust authentication as a local PostgreSQL would.
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { Socket, UnixSocketListener } from 'bun';

/** The socket's file name in its directory, where PostgreSQL clients look for it (`host` = the directory, port 5432). */
export const wireSocketName = '.s.PGSQL.5432';

export interface WireServer {
  stop(): Promise<void>;
}

export interface WireOptions {
  /** The longest a client may keep its unit of work open (default 10 s). */
  holdMs?: number;
  log?: (message: string) => void;
}

const sslRequest = 80877103;
const gssRequest = 80877104;
const cancelRequest = 80877102;
const protocol3 = 196608;

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const cstrings = (...values: string[]) => Buffer.from(values.map((value) => `${value}\0`).join(''), 'utf8');

/** What a PostgreSQL server says after accepting a connection: authenticated, its settings, a key, ready. */
function greeting(serverVersion: string): Buffer {
  const settings: Record<string, string> = {
    server_version: serverVersion,
    server_encoding: 'UTF8',
    client_encoding: 'UTF8',
    DateStyle: 'ISO, MDY',
    integer_datetimes: 'on',
    standard_conforming_strings: 'on',
    TimeZone: 'UTC',
  };
  const key = Buffer.alloc(8);
  key.writeInt32BE(process.pid, 0);
  key.writeInt32BE(Math.floor(Math.random() * 0x7fffffff), 4);
  return Buffer.concat([
    message('R', Buffer.from([0, 0, 0, 0])),
    ...Object.entries(settings).map(([name, value]) => message('S', cstrings(name, value))),
    message('K', key),
    message('Z', Buffer.from('I')),
  ]);
}

function errorResponse(text: string): Buffer {
  return message('E', Buffer.concat([cstrings('SFATAL', 'C08P01', `M${text}`), Buffer.from([0])]));
}

/** The status of the last ReadyForQuery in `output` ('I' idle, 'T' in a transaction, 'E' in a failed one), or null. */
export function lastReadyStatus(output: Uint8Array): string | null {
  let status: string | null = null;
  let at = 0;
  const view = Buffer.from(output.buffer, output.byteOffset, output.byteLength);
  while (at + 5 <= view.length) {
    const length = view.readInt32BE(at + 1);
    if (view[at] === 0x5a && length === 5 && at + 6 <= view.length) status = String.fromCharCode(view[at + 5]!);
    at += 1 + length;
  }
  return status;
}

interface Session {
  buffer: Buffer;
  started: boolean;
  /** Frees PGlite's transaction lock while this client holds it. */
  release: (() => void) | null;
  /** The last ReadyForQuery status its messages got: what letting go must undo. */
  status: string;
  holdTimer: ReturnType<typeof setTimeout> | null;
  /** Messages wait for the previous batch to finish: one batch at a time per client. */
  queue: Promise<void>;
  pending: Buffer[];
  closed: boolean;
}

export async function servePgliteWire(pg: PGlite, path: string, options: WireOptions = {}): Promise<WireServer> {
  const holdMs = options.holdMs ?? 10_000;
  const log = options.log ?? ((text: string) => console.warn(`[database socket] ${text}`));
  const [{ server_version: version = '17' } = {}] = (await pg.query<{ server_version: string }>('show server_version')).rows;
  const hello = greeting(version);
  const rollback = message('Q', cstrings('ROLLBACK'));

  /** Waits for PGlite's transaction lock and keeps it until the returned function is called. */
  const acquire = () =>
    new Promise<() => void>((resolveRelease, rejectRelease) => {
      pg._runExclusiveTransaction(() => new Promise<void>((release) => resolveRelease(release))).catch(rejectRelease);
    });

  const write = (socket: Socket<Session>, bytes: Uint8Array) => {
    const session = socket.data;
    if (session.closed) return;
    if (session.pending.length > 0) return void session.pending.push(Buffer.from(bytes));
    const written = socket.write(bytes);
    if (written < bytes.byteLength) session.pending.push(Buffer.from(bytes.subarray(Math.max(0, written))));
  };

  /** Ends this client's hold: its open transaction rolled back, the lock freed. */
  async function letGo(session: Session): Promise<void> {
    if (session.holdTimer) clearTimeout(session.holdTimer);
    session.holdTimer = null;
    const release = session.release;
    if (!release) return;
    session.release = null;
    try {
      if (session.status !== 'I') await pg._runExclusiveQuery(() => pg.execProtocolRaw(rollback, { syncToFs: false }));
      session.status = 'I';
    } finally {
      release();
    }
  }

  async function run(socket: Socket<Session>, batch: Buffer): Promise<void> {
    const session = socket.data;
    if (session.closed) return;
    if (!session.release) {
      session.release = await acquire();
      // until its ReadyForQuery says otherwise, what it sent may have opened a transaction
      session.status = 'T';
      if (session.closed) return letGo(session);
      session.holdTimer = setTimeout(() => {
        log(`a client held the database for ${holdMs} ms; its transaction is rolled back and its connection closed`);
        session.closed = true;
        void letGo(session).finally(() => socket.end());
      }, holdMs);
    }
    const output = await pg._runExclusiveQuery(() => pg.execProtocolRaw(batch, { syncToFs: false }));
    write(socket, output);
    session.status = lastReadyStatus(output) ?? session.status;
    if (session.status === 'I') await letGo(session);
  }

  /** Splits what arrived into whole messages; each Sync, simple query or Flush sends what came before it. */
  function received(socket: Socket<Session>, data: Buffer): void {
    const session = socket.data;
    session.buffer = session.buffer.length ? Buffer.concat([session.buffer, data]) : data;
    if (!session.started) {
      if (session.buffer.length < 8) return;
      const length = session.buffer.readInt32BE(0);
      if (session.buffer.length < length) return;
      const code = session.buffer.readInt32BE(4);
      session.buffer = session.buffer.subarray(length);
      if (code === sslRequest || code === gssRequest) return void write(socket, Buffer.from('N'));
      if (code === cancelRequest) return void socket.end();
      if (code !== protocol3) {
        write(socket, errorResponse('unsupported frontend protocol'));
        return void socket.end();
      }
      session.started = true;
      write(socket, hello);
    }
    let at = 0;
    let batchStart = 0;
    while (at + 5 <= session.buffer.length) {
      const type = String.fromCharCode(session.buffer[at]!);
      const length = session.buffer.readInt32BE(at + 1);
      if (at + 1 + length > session.buffer.length) break;
      at += 1 + length;
      if (type === 'X') {
        session.closed = true;
        session.queue = session.queue.then(() => letGo(session)).finally(() => socket.end());
        return;
      }
      if (type === 'S' || type === 'Q' || type === 'H') {
        const batch = Buffer.from(session.buffer.subarray(batchStart, at));
        batchStart = at;
        session.queue = session.queue
          .then(() => run(socket, batch))
          .catch((error: unknown) => {
            log(`a client's statements failed: ${error instanceof Error ? error.message : String(error)}`);
            session.closed = true;
            return letGo(session).finally(() => socket.end());
          });
      }
    }
    session.buffer = session.buffer.subarray(batchStart);
  }

  if (existsSync(path)) unlinkSync(path);
  const listener: UnixSocketListener<Session> = Bun.listen<Session>({
    unix: path,
    socket: {
      open(socket) {
        socket.data = { buffer: Buffer.alloc(0), started: false, release: null, status: 'I', holdTimer: null, queue: Promise.resolve(), pending: [], closed: false };
      },
      data: (socket, data) => received(socket, data),
      drain(socket) {
        const session = socket.data;
        while (session.pending.length > 0) {
          const next = session.pending[0]!;
          const written = socket.write(next);
          if (written < next.length) {
            session.pending[0] = next.subarray(Math.max(0, written));
            return;
          }
          session.pending.shift();
        }
      },
      close(socket) {
        const session = socket.data;
        session.closed = true;
        session.queue = session.queue.then(() => letGo(session));
      },
      error(socket) {
        socket.data.closed = true;
      },
    },
  });
  chmodSync(path, 0o600);
  return {
    async stop() {
      listener.stop(true);
      if (existsSync(path)) unlinkSync(path);
    },
  };
}
