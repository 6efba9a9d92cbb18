// The local Supabase Auth (GoTrue) stand-in: sign-up, password and refresh-token grants, the user and its updates
// (password, metadata, an e-mail change confirmed by e-mailed links), logout, and the admin API's user read and
// delete (service_role tokens only).
// Access tokens are ES256 JWTs shaped like Supabase's; refresh tokens are random, stored as SHA-256 hashes,
// rotated on every use, and a reused one revokes its whole session.
import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { createLocalJWKSet, jwtVerify, SignJWT, type JSONWebKeySet, type JWTPayload } from 'jose';
import type { SigningKey } from './keys.ts';
import {
  GoTrueError,
  maxPasswordLength,
  mergeUserMetadata,
  parseAdminDelete,
  parseLogoutScope,
  parsePasswordGrant,
  parseRefreshGrant,
  parseSignUp,
  parseUserUpdate,
  type GoTrueSession,
  type GoTrueSettings,
  type GoTrueUser,
} from './model.ts';
import { sessionIsActive, type AuthStore, type SessionRecord, type UserPatch, type UserRecord } from './store.ts';
import type { AuthLimits, Limiter, MailMessage, Mailer } from './ports.ts';
import { emailChangeEmail } from './emails.ts';
import { goEncode, linkRedirectParam, referrer, withFragment } from './redirects.ts';
import { assertStrongPassword } from './password-rules.ts';

export const accessTokenTtlSeconds = 3600;
/** Seconds of clock skew tolerated on the exp of the access tokens GET /user, PUT /user and POST /logout take. */
export const clockToleranceSeconds = 5;
/** GoTrue's SMTP max frequency (GOTRUE_SMTP_MAX_FREQUENCY): the links of an e-mail change are sent at most this often. */
export const emailChangeMinIntervalSeconds = 60;
/** How long an e-mail link works: GoTrue's GOTRUE_MAILER_OTP_EXP default, one day. */
export const defaultEmailLinkTtlSeconds = 86_400;
/** GoTrue's answer to the first of the two links of a secure e-mail change. */
export const singleConfirmationAccepted = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

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
  /** Shared by every process that serves the stand-in. */
  limiter: Limiter;
  limits: AuthLimits;
  passwordHashing?: PasswordHashing;
  /** The clock (tests move it). */
  now?: () => Date;
  /** GoTrue's SITE_URL (PUBLIC_URL): where e-mail links lead when no allowed redirect_to is given. */
  siteUrl: string;
  /** Sends the e-mail change links. */
  mailer: Mailer;
  /**
   * GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, default true as in GoTrue: an e-mail change is confirmed from the
   * current address AND the new one (a link to each). false: the new address's link alone.
   */
  secureEmailChange?: boolean;
  /** GOTRUE_MAILER_OTP_EXP: how long e-mail links work (default one day). */
  emailLinkTtlSeconds?: number;
}

/** Where a request asks e-mail links to lead: its redirect_to (query or header) and its Referer. */
export interface RedirectHints {
  redirectTo: string | null;
  referer: string | null;
}

/** GET /verify's parameters. */
export interface VerifyLink extends RedirectHints {
  token: string | null;
  type: string | null;
}

/** Who is calling, for rate limits and the session record. */
export interface ClientInfo {
  /** The client's address (AuthStandInOptions.clientAddress), or null when unknown. */
  ip: string | null;
  userAgent: string | null;
}

export interface AuthService {
  signUp(body: Record<string, unknown>, client: ClientInfo): Promise<GoTrueSession>;
  signInWithPassword(body: Record<string, unknown>, client: ClientInfo): Promise<GoTrueSession>;
  refresh(body: Record<string, unknown>): Promise<GoTrueSession>;
  getUser(authorization: string | null): Promise<GoTrueUser>;
  /** PUT /user: auth-js `updateUser`; answers the updated user. */
  updateUser(authorization: string | null, body: Record<string, unknown>, hints: RedirectHints): Promise<GoTrueUser>;
  /** GET /verify: applies an e-mail link and answers where to redirect (the session or the error in the fragment). */
  verifyLink(link: VerifyLink, client: ClientInfo): Promise<string>;
  logout(authorization: string | null, scope: string | undefined): Promise<void>;
  /** GET /admin/users/{id}: the user, a soft-deleted one too (auth-js `admin.getUserById`). */
  adminGetUser(authorization: string | null, userId: string): Promise<GoTrueUser>;
  /**
   * DELETE /admin/users/{id} (auth-js `admin.deleteUser`), answered `{}` as GoTrue does. `body` is the raw request
   * body: `{"should_soft_delete": true}` soft-deletes (once: again is a no-op), anything else deletes the row.
   */
  adminDeleteUser(authorization: string | null, userId: string, body: string): Promise<Record<string, never>>;
  jwks(): JSONWebKeySet;
  settings(): GoTrueSettings;
}

const otpExpired = () => new GoTrueError(403, 'otp_expired', 'Email link is invalid or has expired');
const emailExists = () => new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
/** The e-mail link types GoTrue knows (this server only sends email_change links). */
const emailLinkTypes = new Set(['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change']);
/** GoTrue's OAuth error names of the error redirect. */
const oauthErrors: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };

/** GoTrue's GOTRUE_JWT_ADMIN_ROLES default: the roles a token needs for /admin. */
export const adminRoles: readonly string[] = ['service_role', 'supabase_admin'];
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidCredentials = () => new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');
const tooManyRequests = (retryAfterSeconds: number) =>
  new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached', { retryAfterSeconds });

export function createAuthService(options: AuthServiceOptions): AuthService {
  const { store, issuer, signingKey, limiter, limits, mailer, siteUrl } = options;
  const now = options.now ?? (() => new Date());
  const secureEmailChange = options.secureEmailChange ?? true;
  const emailLinkTtlMs = (options.emailLinkTtlSeconds ?? defaultEmailLinkTtlSeconds) * 1000;
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

  // the tokens this server signed: users' access tokens, and the admin API's service_role tokens
  const ownKeys = createLocalJWKSet(signingKey.jwks);
  const badJwt = (reason: string) => new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);

  /** A user's access token of this server: its signature, exp, issuer and audience, a user id as subject, a role. */
  async function verifyAccessToken(token: string): Promise<JWTPayload & { sub: string }> {
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, ownKeys, {
        algorithms: [signingKey.alg],
        issuer,
        audience: 'authenticated',
        clockTolerance: clockToleranceSeconds,
        requiredClaims: ['exp'],
        currentDate: now(),
      }));
    } catch (error) {
      throw badJwt(error instanceof Error ? error.message : 'invalid token');
    }
    const { sub, role } = claims;
    if (typeof sub !== 'string' || !uuidPattern.test(sub)) throw badJwt('the subject (sub) is not a user id');
    if (typeof role !== 'string' || !role) throw badJwt('the token has no role claim');
    return { ...claims, sub };
  }

  /** The verified claims of the bearer token, with its session and user still there (GoTrue's rules). */
  async function authenticate(authorization: string | null) {
    const match = authorization ? /^Bearer +(\S+) *$/i.exec(authorization) : null;
    if (!match?.[1]) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const claims = await verifyAccessToken(match[1]);
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

  /** GoTrue's requireAdminCredentials: 401 without a bearer token, 403 bad_jwt for a bad one, 403 not_admin for a user's.
   *  Any JWT of the signing key whose role is an admin role: GoTrue checks the signature and the expiry, not the issuer
   *  or the audience (Supabase's service_role key has neither). */
  async function requireAdmin(authorization: string | null): Promise<void> {
    const match = authorization ? /^Bearer +(\S+) *$/i.exec(authorization) : null;
    if (!match?.[1]) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let role: unknown;
    try {
      ({
        payload: { role },
      } = await jwtVerify(match[1], ownKeys, { algorithms: [signingKey.alg], currentDate: now() }));
    } catch (error) {
      throw badJwt(error instanceof Error ? error.message : 'invalid token');
    }
    if (typeof role !== 'string' || !adminRoles.includes(role)) throw new GoTrueError(403, 'not_admin', 'User not allowed');
  }

  /** GoTrue's loadUser of the admin routes: 404 for an id that is not a UUID or no user's. */
  async function loadUser(userId: string): Promise<UserRecord> {
    if (!uuidPattern.test(userId)) throw new GoTrueError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await store.findUserById(userId.toLowerCase());
    if (!user) throw new GoTrueError(404, 'user_not_found', 'User not found');
    return user;
  }

  async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
    if (!hash) return false;
    try {
      return await Bun.password.verify(password, hash);
    } catch {
      return false; // an unreadable stored hash never matches
    }
  }

  /** The two links of an e-mail change (one without secure e-mail change): what to store, and the mails to send
   *  once it is stored (never with the user's row locked: a slow mail server would hold the transaction). */
  function prepareEmailChange(current: UserRecord, newEmail: string, redirectTo: string): { patch: UserPatch; mails: MailMessage[] } {
    const sentAt = current.emailChangeSentAt;
    const at = now();
    if (sentAt && sentAt.getTime() + emailChangeMinIntervalSeconds * 1000 > at.getTime()) {
      const left = Math.floor((sentAt.getTime() + emailChangeMinIntervalSeconds * 1000 - at.getTime()) / 1000);
      throw new GoTrueError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${left} seconds.`);
    }
    const tokenNew = newEmailLinkToken();
    const tokenCurrent = secureEmailChange && current.email ? newEmailLinkToken() : null;
    const link = (token: string) => `${issuer}/verify?token=${token}&type=email_change&redirect_to=${linkRedirectParam(redirectTo)}`;
    const mails = [emailChangeEmail({ to: newEmail, currentEmail: current.email, newEmail, link: link(tokenNew) })];
    if (tokenCurrent) mails.push(emailChangeEmail({ to: current.email, currentEmail: current.email, newEmail, link: link(tokenCurrent) }));
    return {
      patch: {
        emailChange: newEmail,
        emailChangeTokenNew: hashEmailLinkToken(tokenNew),
        emailChangeTokenCurrent: tokenCurrent ? hashEmailLinkToken(tokenCurrent) : null,
        emailChangeSentAt: at,
        emailChangeConfirmStatus: 0,
      },
      mails,
    };
  }

  /** Sends an e-mail change's mails; should that fail, the pending change is withdrawn (its links were never sent). */
  async function sendEmailChange(userId: string, mails: MailMessage[]): Promise<void> {
    try {
      await Promise.all(mails.map((mail) => mailer.send(mail)));
    } catch (error) {
      await store.updateUser(userId, async () => ({ emailChange: null, emailChangeTokenNew: null, emailChangeTokenCurrent: null, emailChangeSentAt: null }));
      throw error;
    }
  }

  /** The e-mail change link: null when it was the first of two (secure e-mail change), else the new session. */
  async function confirmEmailChange(token: string, type: string, client: ClientInfo): Promise<GoTrueSession | null> {
    if (type !== 'email_change') {
      // no other kind of link is ever sent by this server
      if (emailLinkTypes.has(type)) throw otpExpired();
      throw new GoTrueError(400, 'validation_failed', 'Invalid email verification type');
    }
    const tokenHash = hashEmailLinkToken(token);
    const found = await store.findUserByEmailChangeToken(tokenHash);
    if (!found) throw otpExpired();
    if (found.bannedUntil && found.bannedUntil.getTime() > now().getTime()) throw new GoTrueError(403, 'user_banned', 'User is banned');
    let firstOfTwo = false;
    const result = await store.updateUser(found.id, async (current) => {
      const isNew = current.emailChangeTokenNew === tokenHash;
      if ((!isNew && current.emailChangeTokenCurrent !== tokenHash) || !current.emailChange || !current.emailChangeSentAt) throw otpExpired();
      if (current.emailChangeSentAt.getTime() + emailLinkTtlMs < now().getTime()) throw otpExpired();
      if (secureEmailChange && current.emailChangeConfirmStatus === 0 && current.emailChangeTokenNew && current.emailChangeTokenCurrent) {
        firstOfTwo = true;
        return { emailChangeConfirmStatus: 1, ...(isNew ? { emailChangeTokenNew: null } : { emailChangeTokenCurrent: null }) };
      }
      return { email: current.emailChange, emailChange: null, emailChangeTokenNew: null, emailChangeTokenCurrent: null, emailChangeConfirmStatus: 0 };
    });
    if (result.status === 'not_found') throw otpExpired();
    if (result.status === 'email_taken') throw emailExists();
    if (firstOfTwo) return null;
    return startSession(result.user, client);
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
      const matches = await passwordMatches(password, user?.encryptedPassword ?? (await getDummyHash()));
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

    async updateUser(authorization, body, hints) {
      const { user, sessionId } = await authenticate(authorization);
      const input = parseUserUpdate(body);
      const newEmail = input.email !== undefined && input.email !== user.email ? input.email : undefined;
      if (newEmail && input.codeChallenge) {
        throw new GoTrueError(400, 'validation_failed', 'The local auth server sends e-mail links for the implicit flow only (no code_challenge).');
      }
      if (input.password !== undefined) {
        assertStrongPassword(input.password, user.email);
        if (newEmail) assertStrongPassword(input.password, newEmail);
      }
      // Cheap check first; the unique index decides when the link is opened.
      if (newEmail) {
        const other = await store.findUserByEmail(newEmail);
        if (other && other.id !== user.id) throw emailExists();
      }
      let passwordHash: string | undefined;
      if (input.password !== undefined) {
        if (await passwordMatches(input.password, user.encryptedPassword)) {
          throw new GoTrueError(422, 'same_password', 'New password should be different from the old password.');
        }
        passwordHash = await hashPassword(input.password);
      }
      const redirectTo = referrer(siteUrl, hints.redirectTo, hints.referer);
      let mails: MailMessage[] = [];
      const result = await store.updateUser(user.id, async (current) => {
        let patch: UserPatch = {};
        if (passwordHash !== undefined) {
          // As GoTrue: pending links stop working, and every other session of the user ends.
          patch = { passwordHash, emailChangeTokenNew: null, emailChangeTokenCurrent: null, emailChangeSentAt: null, endSessions: { keep: sessionId } };
        }
        if (input.data) patch.userMetadata = mergeUserMetadata(current.userMetadata, input.data);
        if (newEmail && newEmail !== current.email) {
          const change = prepareEmailChange(current, newEmail, redirectTo);
          mails = change.mails;
          patch = { ...patch, ...change.patch };
        }
        return patch;
      });
      if (result.status !== 'updated') throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (mails.length > 0) await sendEmailChange(user.id, mails);
      return toGoTrueUser(result.user);
    },

    async verifyLink({ token, type, redirectTo, referer }, client) {
      if (!type) throw new GoTrueError(400, 'validation_failed', 'Verify requires a verification type');
      if (!token) throw new GoTrueError(400, 'validation_failed', 'Verify requires a token or a token hash');
      const target = referrer(siteUrl, redirectTo, referer);
      let session: GoTrueSession | null;
      try {
        session = await confirmEmailChange(token, type, client);
      } catch (error) {
        if (!(error instanceof GoTrueError)) throw error;
        const oauthError = oauthErrors[error.status];
        return withFragment(target, { ...(oauthError ? { error: oauthError } : {}), error_code: error.errorCode, error_description: error.message });
      }
      if (!session) return withFragment(target, { message: singleConfirmationAccepted });
      // GoTrue appends the session to the address as it is (AsRedirectURL)
      return `${target}#${goEncode({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: session.token_type,
        type,
      })}`;
    },

    async logout(authorization, scopeParam) {
      const scope = parseLogoutScope(scopeParam);
      const { user, sessionId } = await authenticate(authorization);
      await store.endSessions(user.id, sessionId, scope);
    },

    async adminGetUser(authorization, userId) {
      await requireAdmin(authorization);
      return toGoTrueUser(await loadUser(userId));
    },

    async adminDeleteUser(authorization, userId, body) {
      await requireAdmin(authorization);
      const user = await loadUser(userId);
      const { shouldSoftDelete } = parseAdminDelete(body);
      if (!shouldSoftDelete) {
        // the row goes, and with it whatever references it on delete cascade (sessions, and in Ringwise's
        // database the profile and the ledger: the api itself only ever soft-deletes)
        if (!(await store.deleteUser(user.id))) throw new GoTrueError(404, 'user_not_found', 'User not found');
        return {};
      }
      // GoTrue answers a user soft-deleted already without touching it again
      if (user.deletedAt) return {};
      const result = await store.updateUser(user.id, async (current) => (current.deletedAt ? {} : softDeletion(current, now())));
      if (result.status !== 'updated') throw new GoTrueError(404, 'user_not_found', 'User not found');
      return {};
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

/**
 * GoTrue's SoftDeleteUser: the e-mail address and a pending new one replaced by a value derived from them (so the
 * address is free to sign up again and nobody can sign in with it), the password and every pending link token gone,
 * the user and app metadata emptied, deleted_at set, and every session (with its refresh tokens) deleted. The row
 * itself stays. (GoTrue also obfuscates the phone and the identities' provider ids; this server has neither.)
 */
function softDeletion(user: UserRecord, at: Date): UserPatch {
  return {
    email: obfuscate(user.id, user.email),
    emailChange: obfuscate(user.id, user.emailChange ?? ''),
    passwordHash: null,
    emailChangeTokenNew: null,
    emailChangeTokenCurrent: null,
    userMetadata: {},
    appMetadata: {},
    deletedAt: at,
    endSessions: { keep: null },
  };
}

/** GoTrue's obfuscateValue: base64url (unpadded) of SHA-256 over the user id followed by the value. */
export function obfuscate(userId: string, value: string): string {
  return createHash('sha256').update(userId + value).digest('base64url');
}

/** 256 random bits, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The token of an e-mail link: 224 random bits as 56 hex digits (the length of GoTrue's token hashes). */
export function newEmailLinkToken(): string {
  return randomBytes(28).toString('hex');
}

/** What auth.users.email_change_token_* store: the SHA-256 hex of the link's token, never the token. */
export function hashEmailLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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
    ...(user.emailChange ? { new_email: user.emailChange } : {}),
    ...(user.emailChangeSentAt ? { email_change_sent_at: user.emailChangeSentAt.toISOString() } : {}),
    ...(user.bannedUntil ? { banned_until: user.bannedUntil.toISOString() } : {}),
    ...(user.deletedAt ? { deleted_at: user.deletedAt.toISOString() } : {}),
  };
}
