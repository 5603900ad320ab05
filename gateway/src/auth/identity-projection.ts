import { forgetPublishedAbout, handleOnce, topicForFamily, type Bus, type EventEnvelope, type Subscription } from '@ams/bus';
import { identityEvents, isErasedEmail, type Clock, type IdentityEventPayload, type IdentityEventType } from '@ams/contracts';
import type { Pool, PoolClient } from '@ams/db';
import type { AuthState } from './auth-state.ts';

export const GATEWAY_CONSUMER_GROUP = 'gateway';

/** An identity event with its payload checked against the contract. */
type IdentityChange = { [T in IdentityEventType]: { type: T; payload: IdentityEventPayload<T> } }[IdentityEventType];

function isIdentityEvent(type: string): type is IdentityEventType {
  return Object.hasOwn(identityEvents, type);
}

/** Throws when the payload breaks the contract, so the bus retries and finally dead-letters it. */
function parseChange(type: IdentityEventType, payload: unknown): IdentityChange {
  switch (type) {
    case 'identity.UserSaved':
      return { type, payload: identityEvents[type].parse(payload) };
    case 'identity.UserDeleted':
      return { type, payload: identityEvents[type].parse(payload) };
    case 'identity.RoleSaved':
      return { type, payload: identityEvents[type].parse(payload) };
    case 'identity.RoleDeleted':
      return { type, payload: identityEvents[type].parse(payload) };
    case 'identity.SessionRevoked':
      return { type, payload: identityEvents[type].parse(payload) };
    default: {
      const unknownType: never = type;
      throw new Error(`Unhandled identity event ${String(unknownType)}`);
    }
  }
}

/**
 * A user saved with an erasure's pseudonym address was erased: the gateway's published audit events that named
 * them (refusals) go now, not after the outbox's usual days.
 */
async function forgetErasedUser(tx: PoolClient, userId: string, email: string): Promise<void> {
  if (!isErasedEmail(email)) return;
  const { rows } = await tx.query<{ email: string }>('SELECT email FROM auth_users WHERE user_id = $1', [userId]);
  const before = rows[0]?.email;
  if (before !== undefined && !isErasedEmail(before)) await forgetPublishedAbout(tx, [userId, before]);
}

async function applyChange(tx: PoolClient, change: IdentityChange, now: Date): Promise<void> {
  switch (change.type) {
    case 'identity.UserSaved': {
      const user = change.payload;
      await forgetErasedUser(tx, user.userId, user.email);
      // Token versions only grow: an older state arriving late must not revive dead tokens.
      await tx.query(
        `INSERT INTO auth_users (user_id, email, account_type, role_id, status, company_id, employee_id, token_version, session_end_reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_id) DO UPDATE
            SET email = excluded.email, account_type = excluded.account_type, role_id = excluded.role_id,
                status = excluded.status, company_id = excluded.company_id, employee_id = excluded.employee_id,
                token_version = excluded.token_version, session_end_reason = excluded.session_end_reason, updated_at = now()
          WHERE auth_users.token_version <= excluded.token_version`,
        [user.userId, user.email, user.accountType, user.roleId, user.status, user.companyId, user.employeeId, user.tokenVersion, user.sessionEndReason],
      );
      return;
    }
    case 'identity.UserDeleted':
      await tx.query('DELETE FROM auth_users WHERE user_id = $1', [change.payload.userId]);
      return;
    case 'identity.RoleSaved':
      await tx.query(
        `INSERT INTO auth_roles (role_id, permissions) VALUES ($1, $2)
         ON CONFLICT (role_id) DO UPDATE SET permissions = excluded.permissions, updated_at = now()`,
        [change.payload.roleId, JSON.stringify(change.payload.permissions)],
      );
      return;
    case 'identity.RoleDeleted':
      await tx.query('DELETE FROM auth_roles WHERE role_id = $1', [change.payload.roleId]);
      return;
    case 'identity.SessionRevoked':
      await tx.query('INSERT INTO revoked_tokens (user_id, jti, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        change.payload.userId,
        change.payload.jti,
        change.payload.expiresAt,
      ]);
      // A revocation is kept only while the token could still be used.
      await tx.query('DELETE FROM revoked_tokens WHERE expires_at < $1', [now]);
      return;
    default: {
      const unhandled: never = change;
      throw new Error(`Unhandled identity change ${JSON.stringify(unhandled)}`);
    }
  }
}

function invalidate(state: AuthState, change: IdentityChange): void {
  switch (change.type) {
    case 'identity.RoleSaved':
    case 'identity.RoleDeleted':
      // Any user may hold the role.
      state.forgetAll();
      return;
    default:
      state.forgetUser(change.payload.userId);
  }
}

/** Applies one identity event to the projection at most once (inbox), then drops the cached sessions it made stale. */
export async function applyIdentityEvent(pool: Pool, state: AuthState, event: EventEnvelope, now: Date): Promise<void> {
  // Newer event types on the topic are not the gateway's business.
  if (!isIdentityEvent(event.type)) return;
  const change = parseChange(event.type, event.payload);
  await handleOnce(pool, GATEWAY_CONSUMER_GROUP, event, (tx) => applyChange(tx, change, now));
  invalidate(state, change);
}

export function subscribeToIdentity(bus: Bus, pool: Pool, state: AuthState, clock: Clock): Promise<Subscription> {
  return bus.subscribe(GATEWAY_CONSUMER_GROUP, [topicForFamily('identity')], (event) => applyIdentityEvent(pool, state, event, clock()));
}
