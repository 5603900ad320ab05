import type { OutboxRelay } from '@ams/bus';
import type { Pool } from '@ams/db';
import type { StreamCache } from '@ams/event-store';
import type { WorkDayState } from './work-day.ts';

/** What the work days' commands and reads work with (a part of the attendance context). */
export interface WorkDayContext {
  pool: Pool;
  relay: OutboxRelay;
  now: () => Date;
  /** The work days this process punched or read lately, so most punches decide without reading their stream. */
  workDays: StreamCache<WorkDayState>;
}
