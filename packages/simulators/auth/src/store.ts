// Persistence of the local auth server: auth.users, auth.sessions, auth.refresh_tokens, always through the
// privileged owner role, one transaction per call. (Its rate limits are the mounting program's: ports.ts.)
import type { AuthDatabase, AuthSql } from './ports.ts';

export interface UserRecord {
  id: string;
  aud: string;
  role: string;
  email: string;
  /** The password hash (argon2id from Bun.password, or bcrypt for imported users); null when none is set. */
  encryptedPassword: string | null;
  emailConfirmedAt: Date | null;
  lastSignInAt: Date | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  isAnonymous: boolean;
  bannedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The address of a pending e-mail change (GoTrue's `new_email`), or null. */
  emailChange: string | null;
  /** SHA-256 hex of the token of the link sent to the new address; null when none is pending. */
  emailChangeTokenNew: string | null;
  /** SHA-256 hex of the token of the link sent to the current address (secure e-mail change); null when none. */
  emailChangeTokenCurrent: string | null;
  emailChangeSentAt: Date | null;
  /** 1 once one of the two links of a secure e-mail change was opened, else 0. */
  emailChangeConfirmStatus: number;
  /** When the admin API soft-deleted the account (GoTrue's `deleted_at`); null for a live account. */
  deletedAt: Date | null;
}

/** What an update of a user changes (fields left out stay as they are). */
export interface UserPatch {
  /** null removes the password (a soft-deleted account). */
  passwordHash?: string | null;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  /** Already normalised (lower case). */
  email?: string;
  /** null clears the pending change. */
  emailChange?: string | null;
  emailChangeTokenNew?: string | null;
  emailChangeTokenCurrent?: string | null;
  emailChangeSentAt?: Date | null;
  emailChangeConfirmStatus?: number;
  deletedAt?: Date;
  /** Ends the user's sessions (their refresh tokens go with them) except `keep` (null: all of them). */
  endSessions?: { keep: string | null };
}

export type UpdateUserResult =
  | { status: 'updated'; user: UserRecord }
  | { status: 'not_found' }
  /** The patch's `email` belongs to another account. */
  | { status: 'email_taken' };

export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: Date;
  /** Past this instant the session is over (set when refresh-token reuse was detected). */
  notAfter: Date | null;
}

export interface NewUser {
  /** Already normalised (lower case). */
  email: string;
  passwordHash: string;
  userMetadata: Record<string, unknown>;
}

export interface NewSession {
  userId: string;
  /** SHA-256 hex of the session's first refresh token. */
  refreshTokenHash: string;
  userAgent: string | null;
  /** A valid IPv4/IPv6 address or null. */
  ip: string | null;
}

export type RotateResult =
  | { status: 'rotated'; session: SessionRecord; user: UserRecord }
  /** The token had already been rotated: the whole session was revoked. */
  | { status: 'reused' }
  | { status: 'session_expired' }
  | { status: 'not_found' };


export interface AuthStore {
  findUserByEmail(email: string): Promise<UserRecord | null>;
  findUserById(id: string): Promise<UserRecord | null>;
  /** Creates a confirmed e-mail user; null when the e-mail address (case-insensitively) is taken. */
  createUser(user: NewUser): Promise<UserRecord | null>;
  /** Stamps last_sign_in_at, creates the session and stores its first refresh token (hashed). */
  startSession(session: NewSession): Promise<{ session: SessionRecord; user: UserRecord }>;
  /**
   * Revokes the refresh token with hash `tokenHash` (and any other live token of its session) and stores its
   * child `newTokenHash` (parent = tokenHash).
   * A revoked token that is the parent of a live one and was rotated less than `refreshTokenReuseIntervalSeconds` ago
   * (GoTrue's reuse interval: two tabs refreshed with the same token, auth-js ≥ 2.107 relies on the server for this)
   * gets a sibling of that live token instead, in the same session.
   * Any other revoked token is a reuse: every refresh token of its session is revoked and the session ends.
   */
  rotateRefreshToken(tokenHash: string, newTokenHash: string): Promise<RotateResult>;
  findSession(id: string): Promise<SessionRecord | null>;
  /** Deletes sessions (their refresh tokens go with them): one (`local`), all of the user's (`global`), or all but one (`others`). */
  endSessions(userId: string, sessionId: string | null, scope: 'global' | 'local' | 'others'): Promise<void>;
  /** The session a refresh token (live or revoked) belongs to, or null for an unknown token. */
  sessionOfRefreshToken(tokenHash: string): Promise<string | null>;
  /**
   * Updates a user in one transaction, its row locked: `decide` sees the user as it is now and answers the patch
   * (or throws, and nothing changes). Whatever `decide` does (sending an e-mail) happens before the commit.
   */
  updateUser(userId: string, decide: (current: UserRecord) => Promise<UserPatch>): Promise<UpdateUserResult>;
  /** The user with a pending e-mail change whose link token (either link's) hashes to `tokenHash`. */
  findUserByEmailChangeToken(tokenHash: string): Promise<UserRecord | null>;
  /** Deletes the user's row (GoTrue's hard delete: its sessions and whatever references it on delete cascade go
   *  with it); false when there was none. */
  deleteUser(userId: string): Promise<boolean>;
}

/** How long a rotated refresh token may still be used (GoTrue's GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL): a
 *  refresh race between tabs. Later, using it is a reuse: the whole session ends. */
export const refreshTokenReuseIntervalSeconds = 10;

/** True while the session may be used (no end set, or the end is in the future). */
export function sessionIsActive(session: SessionRecord, now: Date): boolean {
  return session.notAfter === null || session.notAfter.getTime() > now.getTime();
}

const userColumns = `id::text as id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, is_anonymous, banned_until, created_at, updated_at,
  email_change, email_change_token_new, email_change_token_current, email_change_sent_at, email_change_confirm_status, deleted_at`;

const sessionColumns = 'id::text as id, user_id::text as user_id, created_at, not_after';

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: unknown;
  last_sign_in_at: unknown;
  raw_app_meta_data: unknown;
  raw_user_meta_data: unknown;
  is_anonymous: boolean | null;
  banned_until: unknown;
  created_at: unknown;
  updated_at: unknown;
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change_sent_at: unknown;
  email_change_confirm_status: number | null;
  deleted_at: unknown;
}

interface SessionRow {
  id: string;
  user_id: string;
  created_at: unknown;
  not_after: unknown;
}

/** The SQL store: every method is one transaction of the privileged (owner) role. */
export function createSqlAuthStore(db: AuthDatabase): AuthStore {
  const one = async <T>(sql: AuthSql, text: string, params: unknown[]): Promise<T | null> => (await sql.query<T>(text, params))[0] ?? null;

  return {
    findUserByEmail: (email) =>
      db.privileged(async (sql) => {
        const row = await one<UserRow>(sql, `select ${userColumns} from auth.users where lower(email) = lower($1) limit 1`, [email]);
        return row && toUser(row);
      }),

    findUserById: (id) =>
      db.privileged(async (sql) => {
        const row = await one<UserRow>(sql, `select ${userColumns} from auth.users where id = $1`, [id]);
        return row && toUser(row);
      }),

    createUser: ({ email, passwordHash, userMetadata }) =>
      db.privileged(async (sql) => {
        // No conflict target: the unique index is on lower(email), and any duplicate means "taken".
        const row = await one<UserRow>(
          sql,
          `insert into auth.users (aud, role, email, encrypted_password, email_confirmed_at, raw_user_meta_data, is_anonymous, created_at, updated_at)
           values ('authenticated', 'authenticated', $1, $2, now(), $3::jsonb, false, now(), now())
           on conflict do nothing
           returning ${userColumns}`,
          [email, passwordHash, JSON.stringify(userMetadata)],
        );
        return row && toUser(row);
      }),

    startSession: ({ userId, refreshTokenHash, userAgent, ip }) =>
      db.privileged(async (sql) => {
        const user = await one<UserRow>(
          sql,
          `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning ${userColumns}`,
          [userId],
        );
        if (!user) throw new Error(`startSession: no user ${userId}`);
        const session = await one<SessionRow>(
          sql,
          `insert into auth.sessions (id, user_id, created_at, updated_at, user_agent, ip)
           values (gen_random_uuid(), $1, now(), now(), $2, $3::inet)
           returning ${sessionColumns}`,
          [userId, userAgent, ip],
        );
        if (!session) throw new Error('startSession: the session was not created');
        await sql.query(
          `insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked, created_at, updated_at)
           values ($1, $2, $3, null, false, now(), now())`,
          [refreshTokenHash, userId, session.id],
        );
        return { session: toSession(session), user: toUser(user) };
      }),

    rotateRefreshToken: (tokenHash, newTokenHash) =>
      db.privileged(async (sql): Promise<RotateResult> => {
        // The row lock taken by this update makes a concurrent rotation of the same token wait, then see it revoked.
        const revoked = await one<{ session_id: string }>(
          sql,
          `update auth.refresh_tokens set revoked = true, updated_at = now()
           where token = $1 and not revoked
           returning session_id::text as session_id`,
          [tokenHash],
        );
        let sessionId: string;
        if (revoked) {
          sessionId = revoked.session_id;
          // Siblings minted for a tab that lost a refresh race (below) die with this rotation: one line stays alive.
          await sql.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [sessionId]);
        } else {
          const known = await one<{ session_id: string | null; parent_of_active: boolean }>(
            sql,
            `select t.session_id::text as session_id,
                    t.updated_at > now() - make_interval(secs => $2::int)
                      and exists (select 1 from auth.refresh_tokens c where c.session_id = t.session_id and c.parent = t.token and not c.revoked) as parent_of_active
             from auth.refresh_tokens t where t.token = $1`,
            [tokenHash, refreshTokenReuseIntervalSeconds],
          );
          if (!known?.session_id) return { status: 'not_found' };
          if (!known.parent_of_active) {
            await revokeSession(sql, known.session_id);
            return { status: 'reused' };
          }
          // Parent of the active token, rotated moments ago: another tab refreshed with the same token first. Answer
          // a sibling in the same session (the tokens are stored hashed, so the live child cannot be handed out again).
          sessionId = known.session_id;
        }
        const sessionRow = await one<SessionRow & { active: boolean }>(
          sql,
          `select ${sessionColumns}, (not_after is null or not_after > now()) as active from auth.sessions where id = $1`,
          [sessionId],
        );
        if (!sessionRow) return { status: 'not_found' };
        if (!sessionRow.active) return { status: 'session_expired' };
        const session = toSession(sessionRow);
        await sql.query(
          `insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked, created_at, updated_at)
           values ($1, $2, $3, $4, false, now(), now())`,
          [newTokenHash, session.userId, session.id, tokenHash],
        );
        await sql.query('update auth.sessions set updated_at = now() where id = $1', [session.id]);
        const user = await one<UserRow>(sql, `select ${userColumns} from auth.users where id = $1`, [session.userId]);
        if (!user) return { status: 'not_found' };
        return { status: 'rotated', session, user: toUser(user) };
      }),

    findSession: (id) =>
      db.privileged(async (sql) => {
        const row = await one<SessionRow>(sql, `select ${sessionColumns} from auth.sessions where id = $1`, [id]);
        return row && toSession(row);
      }),

    endSessions: (userId, sessionId, scope) =>
      db.privileged(async (sql) => {
        if (scope === 'global') {
          await sql.query('delete from auth.sessions where user_id = $1', [userId]);
        } else if (sessionId === null) {
          // A token without session_id: nothing identifies "this" session.
          if (scope === 'others') await sql.query('delete from auth.sessions where user_id = $1', [userId]);
        } else if (scope === 'local') {
          await sql.query('delete from auth.sessions where id = $1 and user_id = $2', [sessionId, userId]);
        } else {
          await sql.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
        }
      }),

    sessionOfRefreshToken: (tokenHash) =>
      db.privileged(async (sql) => {
        const row = await one<{ session_id: string }>(sql, 'select session_id::text as session_id from auth.refresh_tokens where token = $1', [tokenHash]);
        return row?.session_id ?? null;
      }),

    async updateUser(userId, decide) {
      try {
        return await db.privileged(async (sql): Promise<UpdateUserResult> => {
          const row = await one<UserRow>(sql, `select ${userColumns} from auth.users where id = $1 for update`, [userId]);
          if (!row) return { status: 'not_found' };
          const patch = await decide(toUser(row));
          const sets: string[] = [];
          const params: unknown[] = [userId];
          const set = (column: string, value: unknown, cast = '') => {
            params.push(value);
            sets.push(`${column} = $${params.length}${cast}`);
          };
          if (patch.passwordHash !== undefined) set('encrypted_password', patch.passwordHash);
          if (patch.userMetadata !== undefined) set('raw_user_meta_data', JSON.stringify(patch.userMetadata), '::jsonb');
          if (patch.appMetadata !== undefined) set('raw_app_meta_data', JSON.stringify(patch.appMetadata), '::jsonb');
          if (patch.email !== undefined) set('email', patch.email);
          if (patch.emailChange !== undefined) set('email_change', patch.emailChange ?? '');
          if (patch.emailChangeTokenNew !== undefined) set('email_change_token_new', patch.emailChangeTokenNew ?? '');
          if (patch.emailChangeTokenCurrent !== undefined) set('email_change_token_current', patch.emailChangeTokenCurrent ?? '');
          if (patch.emailChangeSentAt !== undefined) set('email_change_sent_at', patch.emailChangeSentAt?.toISOString() ?? null, '::timestamptz');
          if (patch.emailChangeConfirmStatus !== undefined) set('email_change_confirm_status', patch.emailChangeConfirmStatus);
          if (patch.deletedAt !== undefined) set('deleted_at', patch.deletedAt.toISOString(), '::timestamptz');
          const updated = await one<UserRow>(
            sql,
            `update auth.users set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning ${userColumns}`,
            params,
          );
          if (!updated) return { status: 'not_found' };
          if (patch.endSessions) {
            const { keep } = patch.endSessions;
            if (keep === null) await sql.query('delete from auth.sessions where user_id = $1', [userId]);
            else await sql.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, keep]);
          }
          return { status: 'updated', user: toUser(updated) };
        });
      } catch (error) {
        // the unique index on lower(email): another account took the address meanwhile
        if ((error as { code?: unknown }).code === '23505') return { status: 'email_taken' };
        throw error;
      }
    },

    findUserByEmailChangeToken: (tokenHash) =>
      db.privileged(async (sql) => {
        const row = await one<UserRow>(
          sql,
          `select ${userColumns} from auth.users
           where (email_change_token_new = $1 and email_change_token_new <> '')
              or (email_change_token_current = $1 and email_change_token_current <> '')
           limit 1`,
          [tokenHash],
        );
        return row && toUser(row);
      }),

    deleteUser: (userId) =>
      db.privileged(async (sql) => (await sql.query('delete from auth.users where id = $1 returning id', [userId])).length > 0),
  };
}

async function revokeSession(sql: AuthSql, sessionId: string): Promise<void> {
  await sql.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [sessionId]);
  await sql.query(
    'update auth.sessions set not_after = now(), updated_at = now() where id = $1 and (not_after is null or not_after > now())',
    [sessionId],
  );
}

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    aud: row.aud ?? 'authenticated',
    role: row.role ?? 'authenticated',
    email: row.email ?? '',
    encryptedPassword: row.encrypted_password || null,
    emailConfirmedAt: toDate(row.email_confirmed_at),
    lastSignInAt: toDate(row.last_sign_in_at),
    appMetadata: toObject(row.raw_app_meta_data),
    userMetadata: toObject(row.raw_user_meta_data),
    isAnonymous: row.is_anonymous === true,
    bannedUntil: toDate(row.banned_until),
    createdAt: toDate(row.created_at) ?? new Date(0),
    updatedAt: toDate(row.updated_at) ?? new Date(0),
    emailChange: row.email_change || null,
    emailChangeTokenNew: row.email_change_token_new || null,
    emailChangeTokenCurrent: row.email_change_token_current || null,
    emailChangeSentAt: toDate(row.email_change_sent_at),
    emailChangeConfirmStatus: row.email_change_confirm_status ?? 0,
    deletedAt: toDate(row.deleted_at),
  };
}

function toSession(row: SessionRow): SessionRecord {
  return { id: row.id, userId: row.user_id, createdAt: toDate(row.created_at) ?? new Date(0), notAfter: toDate(row.not_after) };
}

/** Drivers return timestamptz as Date (some drivers, PGlite) or as text; null stays null. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

function toObject(value: unknown): Record<string, unknown> {
  const parsed = typeof value === 'string' ? safeJson(value) : value;
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
