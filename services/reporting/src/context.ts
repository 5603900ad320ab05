import type { Pool } from '@ams/db';

/** What the reporting routes work with. */
export interface ReportingContext {
  pool: Pool;
  now: () => Date;
}
