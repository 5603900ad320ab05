import type { OutboxRelay } from '@ams/bus';
import type { Pool } from '@ams/db';

/** What the leave routes work with. */
export interface LeaveContext {
  pool: Pool;
  relay: OutboxRelay;
  now: () => Date;
}
