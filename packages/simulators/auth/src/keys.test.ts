import { afterEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify, createLocalJWKSet, SignJWT } from 'jose';
import { loadOrCreateSigningKey, SigningKeyError } from './keys.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ringwise-keys-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadOrCreateSigningKey', () => {
  test('generates a private ES256 JWK with a kid in a 0600 file, creating the directory', async () => {
    const file = join(tempDir(), 'auth', 'signing-key.json');
    const key = await loadOrCreateSigningKey(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored).toMatchObject({ kty: 'EC', crv: 'P-256', kid: key.kid, alg: 'ES256' });
    expect(typeof stored.d).toBe('string');
    expect(key.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('publishes only the public half', async () => {
    const key = await loadOrCreateSigningKey(join(tempDir(), 'k.json'));
    expect(key.jwks.keys).toHaveLength(1);
    const [jwk] = key.jwks.keys;
    expect(jwk).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: key.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true });
    expect(jwk).not.toHaveProperty('d');
  });

  test('loads the same key on the next start: tokens signed before still verify', async () => {
    const file = join(tempDir(), 'k.json');
    const first = await loadOrCreateSigningKey(file);
    const token = await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256', kid: first.kid }).sign(first.privateKey);
    const second = await loadOrCreateSigningKey(file);
    expect(second.kid).toBe(first.kid);
    const { payload } = await jwtVerify(token, createLocalJWKSet(second.jwks));
    expect(payload.sub).toBe('x');
  });

  test('two processes starting at once end up with one key', async () => {
    const file = join(tempDir(), 'k.json');
    const [a, b] = await Promise.all([loadOrCreateSigningKey(file), loadOrCreateSigningKey(file)]);
    const onDisk = await loadOrCreateSigningKey(file);
    expect(a.kid).toBe(onDisk.kid);
    expect(b.kid).toBe(onDisk.kid);
  });

  test('a corrupt or foreign key file is a clear error', async () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'bad.json'), '{not json');
    await expect(loadOrCreateSigningKey(join(dir, 'bad.json'))).rejects.toThrow(SigningKeyError);
    writeFileSync(join(dir, 'rsa.json'), JSON.stringify({ kty: 'RSA', n: 'x', e: 'AQAB', kid: 'k' }));
    await expect(loadOrCreateSigningKey(join(dir, 'rsa.json'))).rejects.toThrow(/not a private P-256/);
  });
});
