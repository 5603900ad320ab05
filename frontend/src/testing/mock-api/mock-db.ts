import type { ReportExport } from '@ams/contracts';
import { createFixtures, MOCK_ADMIN, type Fixtures } from './fixtures';

/**
 * The mock API's state for one session (a page load in the browser, a test in Node): the fixtures, which writes
 * change in memory.
 */
export interface MockDb extends Fixtures {
  /** The day the session started (ISO date) and its instant: the dashboard's "today". */
  today: string;
  now: string;
  reportExports: Map<string, ReportExport>;
  /** Each user's password (the fixtures' users: MOCK_ADMIN's). */
  passwords: Map<string, string>;
}

export function createMockDb(now: Date): MockDb {
  const instant = now.toISOString();
  const today = instant.slice(0, 10);
  const fixtures = createFixtures(today);
  const passwords = new Map(fixtures.users.map((user) => [user.id, MOCK_ADMIN.password]));
  return { ...fixtures, today, now: instant, reportExports: new Map(), passwords };
}
