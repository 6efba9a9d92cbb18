// The stand-in's ES256 signing key: generated on first start, kept as a private JWK in the file its host names
// (the api: <DATA_DIR>/auth/signing-key.json, 0600), loaded on later starts. Only its public half is ever published:
// the stand-in signs, the api verifies with the JWKS as it does with a hosted project's.
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK } from 'jose';

export const signingAlgorithm = 'ES256';

export interface SigningKey {
  /** Key id, in the `kid` header of every token it signs (the JWK thumbprint, RFC 7638). */
  kid: string;
  alg: typeof signingAlgorithm;
  /** For jose's SignJWT#sign. */
  privateKey: CryptoKey;
  /** The public half, as published (kty, crv, x, y, kid, alg, use, key_ops). */
  publicJwk: JWK;
  /** What GET /auth/v1/.well-known/jwks.json answers, and what the local token verifier trusts. */
  jwks: JSONWebKeySet;
}

export class SigningKeyError extends Error {
  override readonly name = 'SigningKeyError';
}

/** Loads the key from `file`, or generates and stores it when the file does not exist yet. */
export async function loadOrCreateSigningKey(file: string): Promise<SigningKey> {
  const existing = readKeyFile(file);
  if (existing) return importSigningKey(existing, file);

  const { privateKey } = await generateKeyPair(signingAlgorithm, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const stored: JWK = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: signingAlgorithm, use: 'sig' };
  // Another process may be starting at the same moment: whoever links first wins, the other loads that key.
  const written = writeKeyFileOnce(file, stored);
  return importSigningKey(written ? stored : (readKeyFile(file) ?? stored), file);
}

/** Builds a SigningKey from a private ES256 JWK (with a `kid`). */
export async function importSigningKey(jwk: JWK, source = 'the signing key'): Promise<SigningKey> {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d || !jwk.x || !jwk.y) {
    throw new SigningKeyError(`${source} is not a private P-256 (ES256) JWK`);
  }
  if (typeof jwk.kid !== 'string' || !jwk.kid) throw new SigningKeyError(`${source} has no "kid"`);
  const privateKey = await importJWK({ ...jwk, key_ops: ['sign'] }, signingAlgorithm);
  if (!(privateKey instanceof CryptoKey)) throw new SigningKeyError(`${source} could not be imported`);
  const publicJwk: JWK = {
    kty: 'EC',
    crv: 'P-256',
    x: jwk.x,
    y: jwk.y,
    kid: jwk.kid,
    alg: signingAlgorithm,
    use: 'sig',
    // Browsers' crypto.subtle.importKey (auth-js getClaims) needs 'verify' among the key's operations.
    key_ops: ['verify'],
    ext: true,
  };
  return { kid: jwk.kid, alg: signingAlgorithm, privateKey, publicJwk, jwks: { keys: [publicJwk] } };
}

function readKeyFile(file: string): JWK | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as JWK;
  } catch {
    throw new SigningKeyError(`${file} is not valid JSON; delete it to generate a new signing key (signs everybody out)`);
  }
}

/** Writes the key atomically with mode 0600 unless the file exists; false when another writer was first. */
function writeKeyFileOnce(file: string, jwk: JWK): boolean {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.signing-key.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(temp, `${JSON.stringify(jwk, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(temp, 0o600); // in case the umask was stricter than needed, or the fs ignored the mode
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}
