import type { OutboxRelay } from '@ams/bus';
import type { Pool } from '@ams/db';

/** What the scheduling routes work with. */
export interface SchedulingContext {
  pool: Pool;
  relay: OutboxRelay;
  now: () => Date;
}
