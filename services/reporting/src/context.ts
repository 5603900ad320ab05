import type { Pool } from '@ams/db';

/** What the reporting routes work with. */
export interface ReportingContext {
  pool: Pool;
  now: () => Date;
  /** For what fails in the background (exports). */
  log: { error: (details: object, message: string) => void };
}
