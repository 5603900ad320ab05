import type { EventEnvelope } from '@ams/bus';
import { isEmployeeSnapshotEvent, peopleEvents } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import type { DirectoryExtension } from '@ams/directory';
import { decodeEmbedding, FACE_MODEL } from '@ams/face';
import { applyFaceClockingEvent } from './face-clocking.ts';
import type { FaceTemplates } from './face-templates.ts';
import {
  clearTemplate,
  deleteKioskIdentity,
  saveKioskIdentity,
  savePin,
  saveTemplate,
  saveThumbnail,
  templateOf,
  touchTemplate,
} from './projection-repository.ts';

/**
 * Applies one of people's employee events to the kiosk tables, in the caller's transaction (other events
 * are ignored). Returns the employee whose face template changed (so the in-memory index can follow), else null.
 */
export async function applyKioskEvent(tx: PoolClient, event: EventEnvelope): Promise<string | null> {
  if (isEmployeeSnapshotEvent(event.type)) {
    const snapshot = peopleEvents[event.type].parse(event.payload);
    await saveKioskIdentity(tx, snapshot);
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
      await deleteKioskIdentity(tx, employeeId);
      return (await clearTemplate(tx, employeeId)) ? employeeId : null;
    }
    default:
      return null;
  }
}

/**
 * The kiosk's part of attendance's one employee projection: run by the directory's handler in its
 * transaction and inbox, after the directory's own update (so a template follows the employee's new
 * status and company). This process's face index hears of a changed template only once committed: it
 * never holds what the database might still roll back.
 */
export function kioskExtension(faceTemplates: FaceTemplates): DirectoryExtension {
  return async (tx, event) => {
    await applyFaceClockingEvent(tx, event);
    const employeeId = await applyKioskEvent(tx, event);
    const row = employeeId === null ? null : await templateOf(tx, employeeId);
    return row ? () => faceTemplates.applyCommitted(row) : undefined;
  };
}
