import type { ReportExport } from '@ams/contracts';
import { createFixtures, type Fixtures } from './fixtures';

/**
 * The mock API's state for one session (a page load in the browser, a test in Node): the fixtures, which writes
 * change in memory.
 */
export interface MockDb extends Fixtures {
  /** The day the session started (ISO date) and its instant: the dashboard's "today". */
  today: string;
  now: string;
  reportExports: Map<string, ReportExport>;
}

export function createMockDb(now: Date): MockDb {
  const instant = now.toISOString();
  const today = instant.slice(0, 10);
  return { ...createFixtures(today), today, now: instant, reportExports: new Map() };
}
