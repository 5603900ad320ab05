import type { OutboxRelay } from '@ams/bus';
import type { Pool } from '@ams/db';
import type { FaceEngine } from '@ams/face';

/** What the people routes work with. */
export interface PeopleContext {
  pool: Pool;
  relay: OutboxRelay;
  /** Loads its model on the first photo, not at start. */
  faces: FaceEngine;
  /** Mixed into every PIN hash; attendance holds the same secret to verify kiosk PINs. */
  pinPepper: string;
  now: () => Date;
}
