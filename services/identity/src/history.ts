import type { EventEnvelope } from '@ams/bus';
import type { PoolClient } from '@ams/db';
import { roleSaved } from './events.ts';
import { userSaved } from './users/user-events.ts';
import { allRoles } from './roles/role-repository.ts';
import { allUsers } from './users/user-repository.ts';

/** Identity's current state for a history request: its roles, then its users. */
export async function* announceIdentity(tx: PoolClient, now: Date): AsyncGenerator<EventEnvelope[]> {
  yield (await allRoles(tx)).map((role) => roleSaved(role, now));
  yield (await allUsers(tx)).map((user) => userSaved(user, now));
}
