import { describe, expect, it } from 'vitest';
import type { Queryable } from '@ams/db';
import { createAuthState } from './auth-state.ts';

const userId = '6f1c2e1a-0000-4000-8000-000000000001';

/** The projection's answer as the SQL returns it; counts the round trips. */
function projection(status: 'enabled' | 'disabled' = 'enabled') {
  const calls = { count: 0 };
  let current = status;
  const db = {
    async query() {
      calls.count += 1;
      // Read when the query is sent; the answer arrives later (after the caller's next steps).
      const seen = current;
      await Promise.resolve();
      return {
        rows: [
          {
            user_id: userId,
            email: 'a@example.test',
            account_type: 'Admin',
            role_id: '6f1c2e1a-0000-4000-8000-000000000002',
            status: seen,
            company_id: null,
            employee_id: null,
            token_version: 0,
            permissions: { user: ['read'] },
            revoked: false,
          },
        ],
      };
    },
  } as unknown as Queryable;
  return { db, calls, set: (next: 'enabled' | 'disabled') => (current = next) };
}

describe('the auth state cache', () => {
  it('answers from memory within the TTL, without a round trip and without a promise', async () => {
    let now = 0;
    const { db, calls } = projection();
    const state = createAuthState(db, { ttlMs: 5_000, clock: () => new Date(now) });
    const first = await state.session(userId, 'jti-1');
    now = 4_999;
    const second = state.session(userId, 'jti-1');
    expect(second).toBe(first);
    expect(calls.count).toBe(1);
    expect(first.principal).toEqual({ kind: 'user', userId, accountType: 'Admin', companyId: null, employeeId: null, permissions: { user: ['read'] } });
  });

  it('reads the projection again once the TTL passed', async () => {
    let now = 0;
    const { db, calls, set } = projection();
    const state = createAuthState(db, { ttlMs: 5_000, clock: () => new Date(now) });
    await state.session(userId, 'jti-1');
    set('disabled');
    now = 5_000;
    expect((await state.session(userId, 'jti-1')).user?.status).toBe('disabled');
    expect(calls.count).toBe(2);
  });

  it('reads again at once after forgetUser or forgetAll', async () => {
    const { db, calls, set } = projection();
    const state = createAuthState(db);
    await state.session(userId, 'jti-1');
    set('disabled');
    state.forgetUser(userId);
    expect((await state.session(userId, 'jti-1')).user?.status).toBe('disabled');
    set('enabled');
    state.forgetAll();
    expect((await state.session(userId, 'jti-1')).user?.status).toBe('enabled');
    expect(calls.count).toBe(3);
  });

  it('does not remember a user it has not heard of yet', async () => {
    const calls = { count: 0 };
    const empty = {
      async query() {
        calls.count += 1;
        return { rows: [{ user_id: null, revoked: false }] };
      },
    } as unknown as Queryable;
    const state = createAuthState(empty);
    expect((await state.session(userId, 'jti-1')).user).toBeNull();
    expect((await state.session(userId, 'jti-1')).user).toBeNull();
    expect(calls.count).toBe(2);
  });

  it('shares one round trip among concurrent misses', async () => {
    const { db, calls } = projection();
    const state = createAuthState(db);
    await Promise.all([state.session(userId, 'jti-1'), state.session(userId, 'jti-1'), state.session(userId, 'jti-1')]);
    expect(calls.count).toBe(1);
  });

  it('does not keep what a load read before an invalidation that happened while it ran', async () => {
    const { db, calls, set } = projection();
    const state = createAuthState(db);
    const loading = state.session(userId, 'jti-1');
    // The event is applied while the read is in flight: its answer may be stale and must not be cached.
    set('disabled');
    state.forgetUser(userId);
    await loading;
    expect((await state.session(userId, 'jti-1')).user?.status).toBe('disabled');
    expect(calls.count).toBe(2);
  });
});
