import type { OutboxRelay } from '@ams/bus';
import type { Pool } from '@ams/db';
import type { StreamCache } from '@ams/event-store';
import type { FaceEngine } from '@ams/face';
import type { FaceTemplates } from './kiosk/face-templates.ts';
import type { SealingKeyPair } from './kiosk/sealing-key.ts';
import type { WorkDayState } from './work-day/work-day.ts';

/** What the attendance routes work with. */
export interface AttendanceContext {
  pool: Pool;
  relay: OutboxRelay;
  /** Loads its model on the first kiosk frame, not at start. */
  faces: FaceEngine;
  secrets: { pinPepper: string; clockTicket: string };
  /** Opens the punches kiosks sealed offline; its public half is given to registered kiosks. */
  sealingKey: SealingKeyPair;
  now: () => Date;
  /** The work days this process punched or read lately, so most punches decide without reading their stream. */
  workDays: StreamCache<WorkDayState>;
  /** This process's copy of the face templates, for 1:N matching: the kiosk projection feeds it, face identification reads it. */
  faceTemplates: FaceTemplates;
}
