import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportTotals } from '@ams/contracts';
import { adminOf, employeePrincipal, superAdmin } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import { keptThrough } from '../day-figures/day-figures-store.ts';
import { DAYS_KEPT_AHEAD, keepDaysAhead } from '../day-figures/day-horizon.ts';
import { acme, ana, startWithCorrectnessFixture } from '../test-support/correctness-fixture.ts';
import type { ReportingHarness } from '../test-support/reporting-harness.ts';

let reporting: ReportingHarness;

beforeAll(async () => {
  reporting = await startWithCorrectnessFixture();
});
afterAll(async () => {
  await reporting?.close();
});

/** What a read that writes would change: the horizon, the stored days and their totals, the exports. */
async function writtenState(): Promise<unknown> {
  const { rows } = await reporting.pool.query(
    `SELECT (SELECT through FROM day_figures_horizon) AS through,
       (SELECT count(*) FROM day_figures) AS days, (SELECT string_agg(md5(f::text), '' ORDER BY employee_id, work_date) FROM day_figures f) AS figures,
       (SELECT string_agg(md5(t::text), '' ORDER BY work_date, company_id, slot) FROM day_totals t) AS totals,
       (SELECT count(*) FROM report_exports) AS exports`,
  );
  return rows[0];
}

const absencesOf = async (query: string) =>
  (await call<{ totals: ReportTotals }>(reporting, superAdmin, 'GET', `/api/reports/attendance-overtime?${query}`)).body.totals.absences;

describe('reads of reports and dashboards', () => {
  it('find the stored days kept a week ahead from the start, before any read', async () => {
    expect(await keptThrough(reporting.pool)).toBe('2026-04-06');
    expect(DAYS_KEPT_AHEAD).toBe(7);
  });

  it('write nothing, days after the last pass of the horizon worker too', async () => {
    reporting.clock.set('2026-04-02T12:00:00Z');
    const before = await writtenState();
    const reads = [
      '/api/reports/attendance-overtime?from=2026-03-23&to=2026-04-02',
      '/api/reports/consolidated-overtime?from=2026-03-23&to=2026-04-02',
      `/api/reports/employee-attendance?employeeId=${ana.employeeId}&from=2026-03-23&to=2026-04-02`,
      '/api/dashboard/admin',
    ];
    for (const url of reads) expect((await call(reporting, superAdmin, 'GET', url)).status).toBe(200);
    expect((await call(reporting, adminOf(acme.companyId), 'GET', '/api/dashboard/admin')).status).toBe(200);
    expect((await call(reporting, employeePrincipal(acme.companyId, ana.employeeId), 'GET', '/api/dashboard/me')).status).toBe(200);
    expect(await writtenState()).toEqual(before);
  });

  it('count the absences of the days since the last pass (kept ahead), and the pass after downtime catches up', async () => {
    reporting.clock.set('2026-04-02T12:00:00Z');
    expect(await absencesOf('from=2026-03-31&to=2026-04-01')).toBeGreaterThan(0);

    // The product was down for a month: the first pass at start brings the days up to a week ahead again.
    reporting.clock.set('2026-05-04T12:00:00Z');
    await keepDaysAhead(reporting.pool, reporting.clock.now());
    expect(await keptThrough(reporting.pool)).toBe('2026-05-11');
    expect(await absencesOf('from=2026-04-27&to=2026-05-01')).toBeGreaterThan(0);
    const again = await writtenState();
    await keepDaysAhead(reporting.pool, reporting.clock.now());
    expect(await writtenState()).toEqual(again);
  });
});
