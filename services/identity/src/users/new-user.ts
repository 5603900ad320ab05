import { randomUUID } from 'node:crypto';
import type { RecordEvent } from '@ams/bus';
import type { PoolClient } from '@ams/db';
import type { ClientInfo } from '@ams/service-kit';
import { activityRecorded, type Activity } from '../events.ts';
import { userSaved } from './user-events.ts';
import { findUser, insertUser, type NewUser, type UserRecord } from './user-repository.ts';

export interface UserCreation {
  action: 'sign-up' | 'user-created';
  /** Who created the user: 'itself' when it signed up. */
  actor: Activity['actor'] | 'itself';
  client: ClientInfo;
}

/** Stores a new user and records it: the user saved, and who created it from where. */
export async function addUser(tx: PoolClient, record: RecordEvent, user: Omit<NewUser, 'id'>, creation: UserCreation, now: () => Date): Promise<UserRecord> {
  const id = randomUUID();
  await insertUser(tx, { id, ...user }, now());
  const created = await findUser(tx, id, { kind: 'all' });
  if (!created) throw new Error(`The new user ${id} vanished`);
  record(userSaved(created, now()));
  const actor = creation.actor === 'itself' ? { id, email: user.email } : creation.actor;
  record(activityRecorded({ action: creation.action, actor, subject: { kind: 'user', id }, client: creation.client }, now()));
  return created;
}
