import { setTimeout as sleep } from 'node:timers/promises';
import { isSessionEndReason, permissionsSchema, systemClock, type AccountType, type Clock, type Principal, type SessionEndReason } from '@ams/contracts';
import type { Queryable } from '@ams/db';

/** What the gateway knows of a user, from identity's events. */
export interface AuthUser {
  userId: string;
  email: string;
  accountType: AccountType;
  roleId: string;
  status: 'enabled' | 'disabled';
  companyId: string | null;
  employeeId: string | null;
  tokenVersion: number;
  /** Why identity last ended this user's tokens (null: never, or not known). */
  sessionEndReason: SessionEndReason | null;
}

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/**
 * Everything one request needs to accept a token: the user (null when unknown), the principal it acts
 * as (with its role's permissions now), whether this token was revoked. Built once per load, so the
 * same principal object serves every request until the entry is reloaded.
 */
export interface SessionState {
  user: AuthUser | null;
  principal: UserPrincipal | null;
  revoked: boolean;
}

interface SessionRow {
  user_id: string | null;
  email: string | null;
  account_type: AccountType | null;
  role_id: string | null;
  status: 'enabled' | 'disabled' | null;
  company_id: string | null;
  employee_id: string | null;
  token_version: number | null;
  session_end_reason: string | null;
  permissions: unknown;
  revoked: boolean;
}

/** One round trip: the user, the permissions of their role and whether this token was revoked (as of `now`). */
export async function loadSession(db: Queryable, userId: string, jti: string, now: Date): Promise<SessionState> {
  const { rows } = await db.query<SessionRow>(
    `SELECT u.user_id, u.email, u.account_type, u.role_id, u.status, u.company_id, u.employee_id, u.token_version, u.session_end_reason,
            r.permissions,
            EXISTS (SELECT 1 FROM revoked_tokens t
                     WHERE t.user_id = $1 AND t.jti = $2 AND t.expires_at > $3) AS revoked
       FROM (SELECT 1) AS one
       LEFT JOIN auth_users u ON u.user_id = $1
       LEFT JOIN auth_roles r ON r.role_id = u.role_id`,
    [userId, jti, now],
  );
  const row = rows[0];
  if (!row || row.user_id === null) return { user: null, principal: null, revoked: row?.revoked ?? false };
  // A user whose role has not arrived yet (or was deleted) holds no permissions.
  const permissions = permissionsSchema.safeParse(row.permissions ?? {});
  const user: AuthUser = {
    userId: row.user_id,
    email: row.email ?? '',
    accountType: row.account_type as AccountType,
    roleId: row.role_id as string,
    status: row.status ?? 'disabled',
    companyId: row.company_id,
    employeeId: row.employee_id,
    tokenVersion: row.token_version ?? 0,
    sessionEndReason: isSessionEndReason(row.session_end_reason) ? row.session_end_reason : null,
  };
  return {
    user,
    principal: {
      kind: 'user',
      userId: user.userId,
      accountType: user.accountType,
      companyId: user.companyId,
      employeeId: user.employeeId,
      permissions: permissions.success ? permissions.data : {},
    },
    revoked: row.revoked,
  };
}

export interface AuthStateOptions {
  /** How long a loaded session is trusted; bounds how late another replica's projection update is seen. */
  ttlMs?: number;
  /**
   * How long a request with a token issued moments ago waits for its user to reach the projection (the
   * user was just created; identity's event is on its way) before it is refused (default 5 s).
   */
  catchUpMs?: number;
  maxEntries?: number;
  /** The gateway's clock: revocations end with their token, and cached entries age on it. */
  clock?: Clock;
}

export interface AuthState {
  /**
   * The session of a token: at once from memory when fresh (the hot path stays synchronous), else read from
   * the projection. `issuedAt` (the token's iat, in seconds): a token issued within the last minute whose user
   * the projection lacks waits for the user's event, so a new user's first calls are not refused.
   */
  session(userId: string, jti: string, issuedAt?: number): SessionState | Promise<SessionState>;
  /** After this replica changed a user's projection (saved, deleted, a token revoked). */
  forgetUser(userId: string): void;
  /** After a role changed: any user may hold it. */
  forgetAll(): void;
}

/** Tokens issued this recently may belong to a user whose event has not arrived yet. */
const NEW_TOKEN_MS = 60_000;
const CATCH_UP_STEP_MS = 100;

interface Entry {
  userId: string;
  loadedAt: number;
  state: SessionState;
}

/**
 * The projection behind a small in-memory cache, so that the hot path needs no database round trip.
 * The event handler of this replica invalidates entries at once; other replicas converge within the TTL.
 */
export function createAuthState(db: Queryable, options: AuthStateOptions = {}): AuthState {
  const ttlMs = options.ttlMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 50_000;
  const clock = options.clock ?? systemClock;
  const catchUpMs = options.catchUpMs ?? 5_000;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<SessionState>>();
  // Bumped by every invalidation: a load that started before it must not store what it read.
  let generation = 0;

  function store(key: string, entry: Entry): void {
    entries.delete(key);
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, entry);
  }

  /** Read-your-writes for a user created moments ago: reread until the user arrives or the wait is over. */
  async function loadCaughtUp(userId: string, jti: string, issuedAt: number | undefined): Promise<SessionState> {
    let state = await loadSession(db, userId, jti, clock());
    if (state.user || issuedAt === undefined || clock().getTime() - issuedAt * 1000 > NEW_TOKEN_MS) return state;
    const deadline = performance.now() + catchUpMs;
    while (!state.user && performance.now() < deadline) {
      await sleep(CATCH_UP_STEP_MS);
      state = await loadSession(db, userId, jti, clock());
    }
    return state;
  }

  function load(key: string, userId: string, jti: string, issuedAt: number | undefined): Promise<SessionState> {
    const pending = loading.get(key);
    if (pending) return pending;
    const startedIn = generation;
    const promise = loadCaughtUp(userId, jti, issuedAt)
      .then((state) => {
        // A user not projected yet (just signed up, event in flight) is not remembered as unknown.
        if (startedIn === generation && state.user) store(key, { userId, loadedAt: clock().getTime(), state });
        return state;
      })
      .finally(() => {
        if (loading.get(key) === promise) loading.delete(key);
      });
    loading.set(key, promise);
    return promise;
  }

  return {
    session(userId, jti, issuedAt) {
      const key = `${userId}\u0000${jti}`;
      const entry = entries.get(key);
      if (entry && clock().getTime() - entry.loadedAt < ttlMs) return entry.state;
      return load(key, userId, jti, issuedAt);
    },
    forgetUser(userId) {
      generation += 1;
      loading.clear();
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    },
    forgetAll() {
      generation += 1;
      loading.clear();
      entries.clear();
    },
  };
}
