import type { OutboxRelay } from '@ams/bus';
import type { Pool } from '@ams/db';

/** What the identity routes work with. */
export interface IdentityContext {
  pool: Pool;
  relay: OutboxRelay;
  jwtSecret: string;
  now: () => Date;
}
