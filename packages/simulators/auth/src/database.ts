// The stand-in's database is the product's, as GoTrue's is the project's (auth.users, auth.sessions and
// auth.refresh_tokens beside the tables that reference them): PostgreSQL at DATABASE_URL, or the api's embedded
// PGlite, which the api serves on a Unix socket in DATA_DIR (its `.s.PGSQL.5432`, node-postgres's `host` = the
// folder). Unnamed statements only, as the api's socket requires. Each unit of work is one transaction on a pooled
// connection; none waits past its deadline.
import pg from 'pg';
import type { AuthDatabase, AuthSql } from './ports.ts';

export type AuthDatabaseTarget = { url: string } | { socketDir: string };

export interface PooledAuthDatabase extends AuthDatabase {
  close(): Promise<void>;
}

/** How long a connection or one statement may take. */
const deadlineMs = 10_000;

export function connectAuthDatabase(target: AuthDatabaseTarget): PooledAuthDatabase {
  const pool = new pg.Pool({
    ...('url' in target ? { connectionString: target.url } : { host: target.socketDir, database: 'postgres', user: 'postgres' }),
    max: 4,
    connectionTimeoutMillis: deadlineMs,
    query_timeout: deadlineMs,
    idleTimeoutMillis: 30_000,
  });
  // a connection that breaks while idle (the api restarted) is replaced on next use
  pool.on('error', () => {});
  return {
    async privileged(work) {
      const client = await pool.connect();
      const sql: AuthSql = { query: async <T,>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[] };
      let broken = false;
      try {
        await client.query('begin');
        const result = await work(sql);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
