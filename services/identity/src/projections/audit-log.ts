import { handleOnce, type EventEnvelope } from '@ams/bus';
import { activityRecordedV1, AUDIT_EVENT_TYPE } from '@ams/contracts';
import type { Pool } from '@ams/db';
import { IDENTITY_GROUP } from './employee-directory.ts';

/** The security log of every app (gateway denials included), kept by identity. */
export async function applyAuditEvent(pool: Pool, event: EventEnvelope): Promise<void> {
  if (event.type !== AUDIT_EVENT_TYPE) return;
  const activity = activityRecordedV1.parse(event.payload);
  await handleOnce(pool, IDENTITY_GROUP, event, async (tx) => {
    await tx.query(
      `INSERT INTO audit_log (event_id, action, actor_id, actor_email, subject_kind, subject_id, ip, user_agent, at, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (event_id) DO NOTHING`,
      [
        event.id,
        activity.action,
        activity.actorId,
        activity.actorEmail,
        activity.subject?.kind ?? null,
        activity.subject?.id ?? null,
        activity.ip,
        activity.userAgent,
        activity.at,
        JSON.stringify(activity.details),
      ],
    );
  });
}
