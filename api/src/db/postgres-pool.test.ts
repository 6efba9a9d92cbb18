import { describe, expect, test } from 'bun:test';
import { defaultPoolSize } from './postgres.ts';

describe('defaultPoolSize', () => {
  test('a PostgreSQL on this machine gets two connections per core', () => {
    expect(defaultPoolSize('postgres://postgres@127.0.0.1:5432/test', 2)).toBe(4);
    expect(defaultPoolSize('postgresql://localhost/ringwise', 8)).toBe(16);
    expect(defaultPoolSize('postgres://u:p@[::1]:5432/db', 2)).toBe(4);
    expect(defaultPoolSize('postgres://127.0.0.2/db', 1)).toBe(2);
  });

  test('a Unix socket is this machine too', () => {
    expect(defaultPoolSize('postgres:///ringwise?host=/run/postgresql', 2)).toBe(4);
    expect(defaultPoolSize('postgres://db.example.com/ringwise?host=%2Fvar%2Frun%2Fpostgresql', 2)).toBe(4);
    expect(defaultPoolSize('postgres://%2Fvar%2Frun%2Fpostgresql/ringwise', 2)).toBe(4);
  });

  test('a database elsewhere (Supabase, its pooler) gets 10, whatever our cores', () => {
    expect(defaultPoolSize('postgres://postgres.abc:pw@aws-0-eu-west-1.pooler.supabase.com:6543/postgres', 2)).toBe(10);
    expect(defaultPoolSize('postgres://postgres@db.abcdefgh.supabase.co:5432/postgres', 64)).toBe(10);
    expect(defaultPoolSize('postgres://10.0.0.5/ringwise', 2)).toBe(10);
  });

  test('a URL it cannot read keeps the remote default', () => {
    expect(defaultPoolSize('not a url', 2)).toBe(10);
    expect(defaultPoolSize('postgres://%zz/db', 2)).toBe(10);
  });
});
