import type { OutboxRelay } from '@ams/bus';
import type { Pool } from '@ams/db';
import type { FaceEngine } from '@ams/face';

/** What the attendance routes work with. */
export interface AttendanceContext {
  pool: Pool;
  relay: OutboxRelay;
  /** Loads its model on the first kiosk frame, not at start. */
  faces: FaceEngine;
  secrets: { pinPepper: string; clockTicket: string };
  now: () => Date;
}
