import { enqueue, type EventEnvelope } from '@ams/bus';
import { erasedEmail, erasureOf } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { userSaved } from '../events.ts';
import { findUser, updateUser } from '../users/user-repository.ts';

/**
 * On employee.EmployeeErased: the user accounts linked to the employee take the pseudonym and an address no
 * mail reaches, lose their image, are disabled (their sessions end), the security log and sign-in throttle
 * forget their old address, and the feedback they sent loses their name, message and screenshot. Each change goes out as identity.UserSaved, so reporting's copy follows
 * (and a rebuild of it ends with the pseudonym). Idempotent: a second delivery rewrites the same values.
 */
export async function eraseLinkedAccounts(tx: PoolClient, event: EventEnvelope): Promise<void> {
  const erased = erasureOf(event);
  if (!erased) return;
  const now = new Date(event.occurredAt);
  const { rows } = await tx.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE employee_id = $1 ORDER BY id FOR UPDATE', [erased.employeeId]);
  const saved: EventEnvelope[] = [];
  for (const user of rows) {
    const email = erasedEmail(user.id);
    await updateUser(tx, user.id, { name: erased.pseudonym, email, image: null, status: 'disabled', endSessions: 'account-disabled' }, now);
    await tx.query('UPDATE audit_log SET actor_email = $2 WHERE actor_id = $1', [user.id, email]);
    // Feedback they sent keeps its category and page; their words and their screen go with them.
    await tx.query("UPDATE feedback SET sender_name = $2, sender_email = $3, message = '', screenshot = NULL WHERE sender_id = $1", [user.id, erased.pseudonym, email]);
    await tx.query("DELETE FROM login_throttle WHERE key = 'account:' || lower($1) OR key LIKE 'client:' || lower($1) || '|%'", [user.email]);
    const after = await findUser(tx, user.id, { kind: 'all' });
    if (after) saved.push(userSaved(after, now));
  }
  await enqueue(tx, saved);
}
