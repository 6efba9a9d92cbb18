// The local Supabase Auth (GoTrue) stand-in: sign-up, password and refresh-token grants, the user, logout.
// Access tokens are ES256 JWTs shaped like Supabase's; refresh tokens are random, stored as SHA-256 hashes,
// rotated on every use, and a reused one revokes its whole session.
import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { SignJWT, type JSONWebKeySet } from 'jose';
import type { SigningKey } from '../../auth/keys.ts';
import type { TokenVerifier } from '../../auth/verify.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  GoTrueError,
  maxPasswordLength,
  parseLogoutScope,
  parsePasswordGrant,
  parseRefreshGrant,
  parseSignUp,
  type GoTrueSession,
  type GoTrueSettings,
  type GoTrueUser,
} from './model.ts';
import { sessionIsActive, type AuthStore, type SessionRecord, type UserRecord } from './store.ts';
import { defaultLimits, type LimitsConfig } from '../../limits/config.ts';
import type { Limiter } from '../../limits/limiter.ts';
import { assertStrongPassword } from './password-rules.ts';

/** The limits the auth server applies (LimitsConfig of the api). */
export type AuthLimits = Pick<LimitsConfig, 'signIn' | 'signUp' | 'refresh' | 'signInFailures'>;

export const accessTokenTtlSeconds = 3600;

export interface PasswordHashing {
  /** argon2id memory cost in KiB (Bun's default, 65536, unless set; tests lower it). */
  memoryCost?: number;
  /** argon2id iterations (Bun's default, 2, unless set). */
  timeCost?: number;
}

export interface AuthServiceOptions {
  store: AuthStore;
  /** The `iss` of the tokens: `${PUBLIC_URL}/auth/v1` (LocalAuthConfig.issuer). */
  issuer: string;
  signingKey: SigningKey;
  /** Verifies the bearer tokens of GET /user and POST /logout (the local verifier). */
  verifier: TokenVerifier;
  /** Shared by every api process (api/src/limits). */
  limiter: Limiter;
  limits?: Partial<AuthLimits>;
  passwordHashing?: PasswordHashing;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** Who is calling, for rate limits and the session record. */
export interface ClientInfo {
  /** The client's address (api/src/limits/client-address.ts), or null when unknown. */
  ip: string | null;
  userAgent: string | null;
}

export interface AuthService {
  signUp(body: Record<string, unknown>, client: ClientInfo): Promise<GoTrueSession>;
  signInWithPassword(body: Record<string, unknown>, client: ClientInfo): Promise<GoTrueSession>;
  refresh(body: Record<string, unknown>): Promise<GoTrueSession>;
  getUser(authorization: string | null): Promise<GoTrueUser>;
  logout(authorization: string | null, scope: string | undefined): Promise<void>;
  jwks(): JSONWebKeySet;
  settings(): GoTrueSettings;
}

const invalidCredentials = () => new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');
const tooManyRequests = (retryAfterSeconds: number) =>
  new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached', { retryAfterSeconds });

export function createAuthService(options: AuthServiceOptions): AuthService {
  const { store, issuer, signingKey, verifier } = options;
  const now = options.now ?? (() => new Date());
  const limits: AuthLimits = { ...defaultLimits, ...options.limits };
  const { limiter } = options;
  const hashOptions = { algorithm: 'argon2id' as const, ...options.passwordHashing };
  const hashPassword = (password: string) => Bun.password.hash(password, hashOptions);
  // Verified against when the user does not exist, so both failures take about as long.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('base64url')));
  // Computed up front, so that even the first sign-in with an unknown address costs one verification, not two.
  getDummyHash().catch(() => {
    dummyHash = undefined;
  });

  /** 429 with Retry-After when `key` is over `rule`'s window. */
  async function limit(rule: 'signIn' | 'signUp' | 'refresh', key: string): Promise<void> {
    const retryAfterSeconds = await limiter.hit(rule, limits[rule], key);
    if (retryAfterSeconds !== null) throw tooManyRequests(retryAfterSeconds);
  }

  async function issueSession(user: UserRecord, session: SessionRecord, refreshToken: string): Promise<GoTrueSession> {
    const iat = Math.floor(now().getTime() / 1000);
    const exp = iat + accessTokenTtlSeconds;
    const accessToken = await new SignJWT({
      email: user.email,
      phone: '',
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: Math.floor(session.createdAt.getTime() / 1000) }],
      session_id: session.id,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: signingKey.alg, kid: signingKey.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience('authenticated')
      .setSubject(user.id)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(signingKey.privateKey);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: accessTokenTtlSeconds,
      expires_at: exp,
      refresh_token: refreshToken,
      user: toGoTrueUser(user),
    };
  }

  async function startSession(user: UserRecord, client: ClientInfo): Promise<GoTrueSession> {
    const refreshToken = newRefreshToken();
    const started = await store.startSession({
      userId: user.id,
      refreshTokenHash: hashRefreshToken(refreshToken),
      userAgent: client.userAgent,
      ip: client.ip && isIP(client.ip) ? client.ip : null,
    });
    return issueSession(started.user, started.session, refreshToken);
  }

  function assertMaySignIn(user: UserRecord): void {
    if (user.bannedUntil && user.bannedUntil.getTime() > now().getTime()) throw new GoTrueError(400, 'user_banned', 'User is banned');
    if (!user.emailConfirmedAt) throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed');
  }

  /** The verified claims of the bearer token, with its session and user still there (GoTrue's rules). */
  async function authenticate(authorization: string | null) {
    const match = authorization ? /^Bearer +(\S+) *$/i.exec(authorization) : null;
    if (!match?.[1]) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims;
    try {
      claims = await verifier.verify(match[1]);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        throw new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${error.message}`);
      }
      throw error;
    }
    const sessionId = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : null;
    if (sessionId) {
      const session = await store.findSession(sessionId);
      if (!session || session.userId !== claims.sub || !sessionIsActive(session, now())) {
        throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
    }
    const user = await store.findUserById(claims.sub);
    if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, sessionId };
  }

  return {
    async signUp(body, client) {
      await limit('signUp', client.ip ?? 'unknown');
      const input = parseSignUp(body);
      assertStrongPassword(input.password, input.email);
      // Cheap check first, so a taken address does not cost a hash; the insert below is what decides.
      if (await store.findUserByEmail(input.email)) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
      const user = await store.createUser({ email: input.email, passwordHash: await hashPassword(input.password), userMetadata: input.data });
      if (!user) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
      return startSession(user, client);
    },

    async signInWithPassword(body, client) {
      await limit('signIn', client.ip ?? 'unknown');
      const { email, password } = parsePasswordGrant(body);
      // Failures of one account, from any address: after a few, each attempt waits longer (even the right password).
      const account = email.toLowerCase();
      const wait = await limiter.backoff('signIn', limits.signInFailures, account);
      if (wait !== null) throw tooManyRequests(wait);
      if (password.length > maxPasswordLength) {
        await limiter.failed('signIn', account);
        throw invalidCredentials();
      }
      const user = await store.findUserByEmail(email);
      const hash = user?.encryptedPassword ?? (await getDummyHash());
      let matches = false;
      try {
        matches = await Bun.password.verify(password, hash);
      } catch {
        matches = false; // an unreadable stored hash never matches
      }
      if (!user || !user.encryptedPassword || !matches) {
        await limiter.failed('signIn', account);
        throw invalidCredentials();
      }
      assertMaySignIn(user);
      await limiter.succeeded('signIn', account);
      return startSession(user, client);
    },

    async refresh(body) {
      const token = parseRefreshGrant(body);
      const sessionId = await store.sessionOfRefreshToken(hashRefreshToken(token));
      if (sessionId) await limit('refresh', sessionId);
      const next = newRefreshToken();
      const result = await store.rotateRefreshToken(hashRefreshToken(token), hashRefreshToken(next));
      switch (result.status) {
        case 'not_found':
          throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        case 'reused':
          throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        case 'session_expired':
          throw new GoTrueError(400, 'session_expired', 'Invalid Refresh Token: Session Expired');
        case 'rotated':
          assertMaySignIn(result.user);
          return issueSession(result.user, result.session, next);
      }
    },

    async getUser(authorization) {
      const { user } = await authenticate(authorization);
      return toGoTrueUser(user);
    },

    async logout(authorization, scopeParam) {
      const scope = parseLogoutScope(scopeParam);
      const { user, sessionId } = await authenticate(authorization);
      await store.endSessions(user.id, sessionId, scope);
    },

    jwks: () => signingKey.jwks,

    settings: () => ({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        email: true,
        facebook: false,
        figma: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        phone: false,
        saml: false,
        slack_oidc: false,
        spotify: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
      },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      anonymous_users: false,
    }),
  };
}

/** 256 random bits, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What auth.refresh_tokens.token stores: the SHA-256 hex of the token, never the token. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toGoTrueUser(user: UserRecord): GoTrueUser {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: '',
    confirmed_at: iso(user.emailConfirmedAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: [],
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}
