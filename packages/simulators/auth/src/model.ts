// GoTrue's wire format (what @supabase/auth-js sends and expects), and the parsing of request bodies.
// Errors are GoTrue's legacy shape `{ code: <status>, error_code, msg }`: auth-js reads `error_code` and `msg`.

/** GoTrue error codes this server answers with (a subset of auth-js's ErrorCode). */
export type GoTrueErrorCode =
  | 'bad_json'
  | 'validation_failed'
  | 'weak_password'
  | 'user_already_exists'
  | 'email_exists'
  | 'same_password'
  | 'not_admin'
  | 'otp_expired'
  | 'over_email_send_rate_limit'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'user_banned'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'session_expired'
  | 'no_authorization'
  | 'bad_jwt'
  | 'session_not_found'
  | 'user_not_found'
  | 'over_request_rate_limit'
  | 'request_too_large'
  | 'not_found'
  | 'unexpected_failure';

export interface GoTrueErrorBody {
  code: number;
  error_code: GoTrueErrorCode;
  msg: string;
  weak_password?: { reasons: string[] };
}

/** An expected failure of an auth endpoint, answered in GoTrue's format. */
export class GoTrueError extends Error {
  override readonly name = 'GoTrueError';

  constructor(
    readonly status: number,
    readonly errorCode: GoTrueErrorCode,
    message: string,
    readonly extra: { weakPasswordReasons?: string[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }

  body(): GoTrueErrorBody {
    const body: GoTrueErrorBody = { code: this.status, error_code: this.errorCode, msg: this.message };
    if (this.extra.weakPasswordReasons) body.weak_password = { reasons: this.extra.weakPasswordReasons };
    return body;
  }
}

/** GoTrue's user object (auth-js `User`). Timestamps are ISO 8601 strings. */
export interface GoTrueUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: string | null;
  phone: string;
  confirmed_at: string | null;
  last_sign_in_at: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: [];
  created_at: string;
  updated_at: string;
  is_anonymous: false;
  /** The address of a pending e-mail change (left out when none, as GoTrue does). */
  new_email?: string;
  /** When the last e-mail change links were sent (left out when never). */
  email_change_sent_at?: string;
  /** Until when sign-in is refused (left out when never banned). */
  banned_until?: string;
  /** When the admin API soft-deleted the account (left out for a live one). */
  deleted_at?: string;
}

/** GoTrue's session (auth-js `Session`), answered by /signup and /token. */
export interface GoTrueSession {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  /** Unix seconds. */
  expires_at: number;
  refresh_token: string;
  user: GoTrueUser;
}

export interface GoTrueSettings {
  external: Record<string, boolean>;
  disable_signup: boolean;
  mailer_autoconfirm: boolean;
  phone_autoconfirm: boolean;
  sms_provider: string;
  saml_enabled: boolean;
  anonymous_users: boolean;
}

export const logoutScopes = ['global', 'local', 'others'] as const;
export type LogoutScope = (typeof logoutScopes)[number];

export interface SignUpInput {
  email: string;
  password: string;
  data: Record<string, unknown>;
}

export interface PasswordGrantInput {
  email: string;
  password: string;
}

/** Passwords shorter than this are refused at sign-up (422 weak_password). */
export const minPasswordLength = 8;
/** Longer passwords are refused outright: hashing megabytes of "password" is a cheap denial of service. */
export const maxPasswordLength = 1024;
const maxEmailLength = 254;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/** Parses a request body as a JSON object (GoTrue answers 400 bad_json otherwise). */
export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new GoTrueError(400, 'bad_json', `Could not parse request body as JSON: ${error instanceof Error ? error.message : 'invalid JSON'}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  // PostgreSQL text and jsonb cannot hold U+0000: refused here, not as a failed insert
  if (holdsNul(value, 32)) {
    throw new GoTrueError(400, 'validation_failed', 'The request contains a NUL character, which is not allowed.');
  }
  return value as Record<string, unknown>;
}

/** True when a string, an object key or a value nested up to `maxDepth` levels holds U+0000. */
function holdsNul(value: unknown, maxDepth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || maxDepth < 0) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, maxDepth - 1));
}

/** The most user metadata (as JSON) a sign-up may carry: it travels in every access token. */
export const maxUserMetadataBytes = 2048;

/** Lower-cased, trimmed e-mail address, or a 400 validation_failed. */
export function normaliseEmail(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) {
    throw new GoTrueError(400, 'validation_failed', 'An email address is required.');
  }
  const email = value.trim().toLowerCase();
  if (email.length > maxEmailLength || !emailPattern.test(email)) {
    throw new GoTrueError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

export function parseSignUp(body: Record<string, unknown>): SignUpInput {
  if (body.phone !== undefined && body.email === undefined) {
    throw new GoTrueError(400, 'validation_failed', 'Phone sign-ups are not supported; sign up with an email address.');
  }
  const email = normaliseEmail(body.email);
  const { password, data } = body;
  if (typeof password !== 'string' || password === '') {
    throw new GoTrueError(422, 'validation_failed', 'Signup requires a valid password');
  }
  if (password.length < minPasswordLength) {
    throw new GoTrueError(422, 'weak_password', `Password should be at least ${minPasswordLength} characters.`, { weakPasswordReasons: ['length'] });
  }
  if (password.length > maxPasswordLength) {
    throw new GoTrueError(422, 'validation_failed', `Password should be at most ${maxPasswordLength} characters.`);
  }
  if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
    throw new GoTrueError(400, 'validation_failed', '"data" must be an object (the user metadata).');
  }
  if (data && new TextEncoder().encode(JSON.stringify(data)).length > maxUserMetadataBytes) {
    throw new GoTrueError(422, 'validation_failed', `The user metadata ("data") may be at most ${maxUserMetadataBytes} bytes of JSON.`);
  }
  return { email, password, data: (data ?? {}) as Record<string, unknown> };
}

/** PUT /user: what auth-js `updateUser` sends. Fields left out (or null, or "" for the e-mail) change nothing. */
export interface UserUpdateInput {
  email?: string;
  password?: string;
  data?: Record<string, unknown>;
  /** The PKCE challenge auth-js sends with an e-mail change when its flowType is 'pkce'. */
  codeChallenge?: string;
}

/** Field types as GoTrue's JSON decoding checks them (a wrong type is 400 bad_json there). */
function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new GoTrueError(400, 'bad_json', `Could not parse request body as JSON: "${field}" must be a string`);
  return value;
}

export function parseUserUpdate(body: Record<string, unknown>): UserUpdateInput {
  const input: UserUpdateInput = {};
  const email = optionalString(body, 'email');
  const password = optionalString(body, 'password');
  const phone = optionalString(body, 'phone');
  const codeChallenge = optionalString(body, 'code_challenge');
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw new GoTrueError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (phone) throw new GoTrueError(400, 'validation_failed', 'Phone numbers are not supported; only the email address, password and data can be updated.');
  if (email) input.email = normaliseEmail(email);
  if (password !== undefined) {
    if (password.length < minPasswordLength) {
      throw new GoTrueError(422, 'weak_password', `Password should be at least ${minPasswordLength} characters.`, { weakPasswordReasons: ['length'] });
    }
    if (password.length > maxPasswordLength) {
      throw new GoTrueError(422, 'validation_failed', `Password should be at most ${maxPasswordLength} characters.`);
    }
    input.password = password;
  }
  const { data } = body;
  if (data !== undefined && data !== null) {
    if (typeof data !== 'object' || Array.isArray(data)) throw new GoTrueError(400, 'validation_failed', '"data" must be an object (the user metadata).');
    input.data = data as Record<string, unknown>;
  }
  if (codeChallenge) input.codeChallenge = codeChallenge;
  return input;
}

/** GoTrue's merge of `data` into the user metadata: each key set, a null value removes its key; bounded in size. */
export function mergeUserMetadata(current: Record<string, unknown>, updates: Record<string, unknown>): Record<string, unknown> {
  // through a Map: a "__proto__" key stays a key, as in the JSON it came from
  const entries = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) entries.delete(key);
    else entries.set(key, value);
  }
  const merged = Object.fromEntries(entries);
  if (new TextEncoder().encode(JSON.stringify(merged)).length > maxUserMetadataBytes) {
    throw new GoTrueError(422, 'validation_failed', `The user metadata ("data") may be at most ${maxUserMetadataBytes} bytes of JSON.`);
  }
  return merged;
}

export function parsePasswordGrant(body: Record<string, unknown>): PasswordGrantInput {
  const { email, password } = body;
  if (typeof email !== 'string' || !email.trim()) {
    throw new GoTrueError(400, 'validation_failed', 'An email address and a password are required.');
  }
  if (typeof password !== 'string' || password === '') {
    throw new GoTrueError(400, 'validation_failed', 'An email address and a password are required.');
  }
  // Not validated further: any mismatch is just "Invalid login credentials".
  return { email: email.trim().toLowerCase(), password };
}

export function parseRefreshGrant(body: Record<string, unknown>): string {
  const token = body.refresh_token;
  if (typeof token !== 'string' || !token) {
    throw new GoTrueError(400, 'validation_failed', 'A refresh_token is required.');
  }
  return token;
}

/** DELETE /admin/users/{id}: GoTrue reads the body only when there is one; `should_soft_delete` defaults to false. */
export function parseAdminDelete(text: string): { shouldSoftDelete: boolean } {
  if (text.length === 0) return { shouldSoftDelete: false };
  const body = parseJsonObject(text);
  const value = body.should_soft_delete;
  if (value === undefined || value === null) return { shouldSoftDelete: false };
  if (typeof value !== 'boolean') {
    throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON: "should_soft_delete" must be a boolean');
  }
  return { shouldSoftDelete: value };
}

export function parseLogoutScope(value: string | undefined): LogoutScope {
  if (value === undefined || value === '') return 'global';
  if ((logoutScopes as readonly string[]).includes(value)) return value as LogoutScope;
  throw new GoTrueError(400, 'validation_failed', `Unsupported logout scope "${value}": use global, local or others.`);
}
