import type { EventEnvelope } from '@ams/bus';
import { peopleEvents } from '@ams/contracts';
import type { PoolClient, Queryable } from '@ams/db';

/** Follows settings.FaceClockingChanged (idempotently), in the directory handler's transaction. */
export async function applyFaceClockingEvent(tx: PoolClient, event: EventEnvelope): Promise<void> {
  if (event.type !== 'settings.FaceClockingChanged') return;
  const { companyId, enabled } = peopleEvents[event.type].parse(event.payload);
  if (enabled) await tx.query('DELETE FROM kiosk_face_clocking_off WHERE company_id = $1', [companyId]);
  else await tx.query('INSERT INTO kiosk_face_clocking_off (company_id) VALUES ($1) ON CONFLICT DO NOTHING', [companyId]);
}

/** The companies that turned face clocking off. */
export async function companiesWithoutFaceClocking(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query<{ companyId: string }>('SELECT company_id AS "companyId" FROM kiosk_face_clocking_off');
  return new Set(rows.map((row) => row.companyId));
}
