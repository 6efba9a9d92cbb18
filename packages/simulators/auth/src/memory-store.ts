// An in-memory AuthStore with the SQL store's semantics, for tests of the HTTP layer and the service.
// Not for production: its state lives in one process (the SQL store is what the server uses).
import type { AuthStore, RotateResult, SessionRecord, UpdateUserResult, UserRecord } from './store.ts';
import { refreshTokenReuseIntervalSeconds, sessionIsActive } from './store.ts';

interface TokenRow {
  token: string;
  userId: string;
  sessionId: string;
  parent: string | null;
  revoked: boolean;
  /** When it was revoked (rotated), for the reuse interval. */
  revokedAt: Date | null;
}

export interface MemoryAuthStore extends AuthStore {
  readonly users: Map<string, UserRecord>;
  readonly sessions: Map<string, SessionRecord>;
  readonly refreshTokens: TokenRow[];
}

export function createMemoryAuthStore(now: () => Date = () => new Date()): MemoryAuthStore {
  const users = new Map<string, UserRecord>();
  const sessions = new Map<string, SessionRecord>();
  const refreshTokens: TokenRow[] = [];
  const copy = <T extends object>(value: T): T => structuredClone(value);
  let updates: Promise<unknown> = Promise.resolve();

  const revoke = (row: TokenRow) => {
    if (row.revoked) return;
    row.revoked = true;
    row.revokedAt = now();
  };
  const revokeSession = (sessionId: string) => {
    for (const row of refreshTokens) if (row.sessionId === sessionId) revoke(row);
    const session = sessions.get(sessionId);
    if (session && sessionIsActive(session, now())) session.notAfter = now();
  };
  const deleteSession = (sessionId: string) => {
    sessions.delete(sessionId);
    for (let i = refreshTokens.length - 1; i >= 0; i--) if (refreshTokens[i]?.sessionId === sessionId) refreshTokens.splice(i, 1);
  };

  return {
    users,
    sessions,
    refreshTokens,

    async findUserByEmail(email) {
      const user = [...users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase());
      return user ? copy(user) : null;
    },

    async findUserById(id) {
      const user = users.get(id);
      return user ? copy(user) : null;
    },

    async createUser({ email, passwordHash, userMetadata }) {
      if ([...users.values()].some((u) => u.email.toLowerCase() === email.toLowerCase())) return null;
      const at = now();
      const user: UserRecord = {
        id: crypto.randomUUID(),
        aud: 'authenticated',
        role: 'authenticated',
        email,
        encryptedPassword: passwordHash,
        emailConfirmedAt: at,
        lastSignInAt: null,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: copy(userMetadata),
        isAnonymous: false,
        bannedUntil: null,
        createdAt: at,
        updatedAt: at,
        emailChange: null,
        emailChangeTokenNew: null,
        emailChangeTokenCurrent: null,
        emailChangeSentAt: null,
        emailChangeConfirmStatus: 0,
        deletedAt: null,
      };
      users.set(user.id, user);
      return copy(user);
    },

    async startSession({ userId, refreshTokenHash }) {
      const user = users.get(userId);
      if (!user) throw new Error(`startSession: no user ${userId}`);
      const at = now();
      user.lastSignInAt = at;
      user.updatedAt = at;
      const session: SessionRecord = { id: crypto.randomUUID(), userId, createdAt: at, notAfter: null };
      sessions.set(session.id, session);
      refreshTokens.push({ token: refreshTokenHash, userId, sessionId: session.id, parent: null, revoked: false, revokedAt: null });
      return { session: copy(session), user: copy(user) };
    },

    async rotateRefreshToken(tokenHash, newTokenHash): Promise<RotateResult> {
      const row = refreshTokens.find((r) => r.token === tokenHash);
      if (!row) return { status: 'not_found' };
      if (row.revoked) {
        const recent = row.revokedAt !== null && row.revokedAt.getTime() > now().getTime() - refreshTokenReuseIntervalSeconds * 1000;
        const parentOfActive = recent && refreshTokens.some((r) => r.sessionId === row.sessionId && r.parent === tokenHash && !r.revoked);
        if (!parentOfActive) {
          revokeSession(row.sessionId);
          return { status: 'reused' };
        }
      } else {
        for (const r of refreshTokens) if (r.sessionId === row.sessionId) revoke(r);
      }
      const session = sessions.get(row.sessionId);
      if (!session) return { status: 'not_found' };
      if (!sessionIsActive(session, now())) return { status: 'session_expired' };
      refreshTokens.push({ token: newTokenHash, userId: session.userId, sessionId: session.id, parent: tokenHash, revoked: false, revokedAt: null });
      const user = users.get(session.userId);
      if (!user) return { status: 'not_found' };
      return { status: 'rotated', session: copy(session), user: copy(user) };
    },

    async findSession(id) {
      const session = sessions.get(id);
      return session ? copy(session) : null;
    },

    async endSessions(userId, sessionId, scope) {
      for (const session of sessions.values()) {
        if (session.userId !== userId) continue;
        const isCurrent = session.id === sessionId;
        const end = scope === 'global' || (scope === 'local' ? isCurrent : sessionId === null || !isCurrent);
        if (end) deleteSession(session.id);
      }
    },

    async sessionOfRefreshToken(tokenHash) {
      return refreshTokens.find((row) => row.token === tokenHash)?.sessionId ?? null;
    },

    async updateUser(userId, decide) {
      // one update at a time, as the SQL store's row lock makes them
      const run = updates.then(async (): Promise<UpdateUserResult> => {
        const user = users.get(userId);
        if (!user) return { status: 'not_found' };
        const patch = await decide(copy(user));
        if (patch.email !== undefined && [...users.values()].some((u) => u.id !== userId && u.email.toLowerCase() === patch.email!.toLowerCase())) {
          return { status: 'email_taken' };
        }
        if (patch.passwordHash !== undefined) user.encryptedPassword = patch.passwordHash;
        if (patch.userMetadata !== undefined) user.userMetadata = copy(patch.userMetadata);
        if (patch.appMetadata !== undefined) user.appMetadata = copy(patch.appMetadata);
        if (patch.email !== undefined) user.email = patch.email;
        if (patch.emailChange !== undefined) user.emailChange = patch.emailChange || null;
        if (patch.emailChangeTokenNew !== undefined) user.emailChangeTokenNew = patch.emailChangeTokenNew || null;
        if (patch.emailChangeTokenCurrent !== undefined) user.emailChangeTokenCurrent = patch.emailChangeTokenCurrent || null;
        if (patch.emailChangeSentAt !== undefined) user.emailChangeSentAt = patch.emailChangeSentAt;
        if (patch.emailChangeConfirmStatus !== undefined) user.emailChangeConfirmStatus = patch.emailChangeConfirmStatus;
        if (patch.deletedAt !== undefined) user.deletedAt = patch.deletedAt;
        user.updatedAt = now();
        if (patch.endSessions) {
          const { keep } = patch.endSessions;
          for (const session of sessions.values()) if (session.userId === userId && session.id !== keep) deleteSession(session.id);
        }
        return { status: 'updated', user: copy(user) };
      });
      updates = run.catch(() => undefined);
      return run;
    },

    async findUserByEmailChangeToken(tokenHash) {
      if (!tokenHash) return null;
      const user = [...users.values()].find((u) => u.emailChangeTokenNew === tokenHash || u.emailChangeTokenCurrent === tokenHash);
      return user ? copy(user) : null;
    },

    async deleteUser(userId) {
      if (!users.delete(userId)) return false;
      for (const session of sessions.values()) if (session.userId === userId) deleteSession(session.id);
      return true;
    },
  };
}
