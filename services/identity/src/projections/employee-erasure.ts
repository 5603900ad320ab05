import { enqueue, forgetPublishedAbout, type EventEnvelope } from '@ams/bus';
import { erasedEmail, erasureOf, isErasedEmail } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { userSaved } from '../users/user-events.ts';
import { findUser, updateUser } from '../users/user-repository.ts';

/** The security log keeps what happened; the addresses it names of the person take the pseudonym's. */
async function forgetAddressesInAuditLog(tx: PoolClient, emails: readonly string[], replacement: string): Promise<void> {
  await tx.query('UPDATE audit_log SET actor_email = $2 WHERE lower(actor_email) = ANY($1::text[])', [emails, replacement]);
  // e.g. a deleted account's address in user-deleted's details.
  await tx.query(
    `UPDATE audit_log SET details = (SELECT jsonb_object_agg(key, CASE WHEN lower(value) = ANY($1::text[]) THEN $2 ELSE value END) FROM jsonb_each_text(details))
      WHERE EXISTS (SELECT FROM jsonb_each_text(details) WHERE lower(value) = ANY($1::text[]))`,
    [emails, replacement],
  );
}

/**
 * On employee.EmployeeErased: the user accounts linked to the employee take the pseudonym and an address no
 * mail reaches, lose their image, are disabled (their sessions end), the security log and sign-in throttle
 * forget their old addresses (and the employee record's), and the feedback they sent loses their name, message and
 * screenshot; identity's published events that named them are deleted from the outbox. Each change goes out as
 * identity.UserSaved, so reporting's copy follows (and a rebuild of it ends with the pseudonym). Runs before the
 * employee directory takes the pseudonym's address (it reads the old one). Idempotent: a second delivery rewrites the same values.
 */
export async function eraseLinkedAccounts(tx: PoolClient, event: EventEnvelope): Promise<void> {
  const erased = erasureOf(event);
  if (!erased) return;
  const now = new Date(event.occurredAt);
  const { rows: directory } = await tx.query<{ email: string }>('SELECT email FROM employee_directory WHERE employee_id = $1', [erased.employeeId]);
  const { rows } = await tx.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE employee_id = $1 ORDER BY id FOR UPDATE', [
    erased.employeeId,
  ]);
  const saved: EventEnvelope[] = [];
  for (const user of rows) {
    const email = erasedEmail(user.id);
    await updateUser(tx, user.id, { name: erased.pseudonym, email, image: null, status: 'disabled', endSessions: 'account-disabled' }, now);
    await tx.query('UPDATE audit_log SET actor_email = $2 WHERE actor_id = $1', [user.id, email]);
    // Feedback they sent keeps its category and page; their words and their screen go with them.
    await tx.query("UPDATE feedback SET sender_name = $2, sender_email = $3, message = '', screenshot = NULL WHERE sender_id = $1", [
      user.id,
      erased.pseudonym,
      email,
    ]);
    const after = await findUser(tx, user.id, { kind: 'all' });
    if (after) saved.push(userSaved(after, now));
  }
  const oldEmails = [...new Set([...directory, ...rows].map((row) => row.email.toLowerCase()))].filter((email) => !isErasedEmail(email));
  if (oldEmails.length > 0) {
    await tx.query("DELETE FROM login_throttle WHERE split_part(substr(key, strpos(key, ':') + 1), '|', 1) = ANY($1::text[])", [oldEmails]);
    await forgetAddressesInAuditLog(tx, oldEmails, erasedEmail(erased.employeeId));
  }
  await forgetPublishedAbout(tx, [erased.employeeId, ...rows.map((row) => row.id), ...oldEmails]);
  await enqueue(tx, saved);
}
