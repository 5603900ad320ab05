import { handleOnce, topicForFamily, type Bus, type EventEnvelope, type Subscription } from '@ams/bus';
import { isEmployeeSnapshotEvent, peopleEvents } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { decodeEmbedding, FACE_MODEL } from '@ams/face';
import type { AttendanceContext } from '../context.ts';
import { clearTemplate, deleteKioskEmployee, saveKioskEmployee, savePin, saveTemplate, saveThumbnail, templateOf, touchTemplate, type TemplateRow } from './kiosk-repository.ts';

/**
 * The consumer group (and inbox name) of the kiosk projection. Not the service's own group: the
 * directory already reads ams.employee under that name, and two subscriptions of one group to one
 * topic would split its events between them (and share one inbox).
 */
export const kioskGroupOf = (group: string) => `${group}-kiosk`;

/**
 * Applies one of people's employee events to the kiosk tables, in the caller's transaction. Returns the
 * employee whose face template changed (so the in-memory index can follow), else null.
 */
export async function applyKioskEvent(tx: PoolClient, event: EventEnvelope): Promise<string | null> {
  if (isEmployeeSnapshotEvent(event.type)) {
    const snapshot = peopleEvents[event.type].parse(event.payload);
    await saveKioskEmployee(tx, snapshot);
    // Company or status may have changed: whether and where the template matches follows.
    return (await touchTemplate(tx, snapshot.employeeId, snapshot.companyId)) ? snapshot.employeeId : null;
  }
  switch (event.type) {
    case 'employee.FaceEnrolled': {
      const face = peopleEvents[event.type].parse(event.payload);
      // A template of this model must be a whole embedding (else the event is broken and dead-letters);
      // another model's is kept as it came and never matches.
      if (face.model === FACE_MODEL) decodeEmbedding(face.embedding);
      await saveThumbnail(tx, face.employeeId, face.thumbnail === null ? null : Buffer.from(face.thumbnail, 'base64'));
      await saveTemplate(tx, {
        employeeId: face.employeeId,
        companyId: face.companyId,
        model: face.model,
        embedding: Buffer.from(face.embedding, 'base64'),
        realScore: face.realScore,
        liveScore: face.liveScore,
        enrolledAt: face.enrolledAt,
      });
      return face.employeeId;
    }
    case 'employee.FaceRemoved': {
      const { employeeId } = peopleEvents[event.type].parse(event.payload);
      await saveThumbnail(tx, employeeId, null);
      return (await clearTemplate(tx, employeeId)) ? employeeId : null;
    }
    case 'employee.PinChanged':
      await savePin(tx, peopleEvents[event.type].parse(event.payload));
      return null;
    case 'employee.EmployeeDeleted': {
      const { employeeId } = peopleEvents[event.type].parse(event.payload);
      await deleteKioskEmployee(tx, employeeId);
      return (await clearTemplate(tx, employeeId)) ? employeeId : null;
    }
    default:
      return null;
  }
}

/** Keeps the kiosk tables, and this process's face index, up to date from people's employee events. */
export function subscribeKioskProjections(bus: Bus, ctx: AttendanceContext, group: string): Promise<Subscription> {
  const kioskGroup = kioskGroupOf(group);
  return bus.subscribe(kioskGroup, [topicForFamily('employee')], async (event) => {
    const changed: TemplateRow[] = [];
    await handleOnce(ctx.pool, kioskGroup, event, async (tx) => {
      const employeeId = await applyKioskEvent(tx, event);
      const row = employeeId === null ? null : await templateOf(tx, employeeId);
      if (row) changed.push(row);
    });
    // Only once committed: the index never holds what the database might still roll back.
    for (const row of changed) ctx.faceTemplates.applyCommitted(row);
  });
}
