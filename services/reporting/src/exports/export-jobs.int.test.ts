import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportExport } from '@ams/contracts';
import { adminOf } from '@ams/contracts/testing';
import { asCaller, call } from '@ams/service-kit/testing';
import { readWorkbook } from '@ams/spreadsheet/testing';
import type { ReportingContext } from '../context.ts';
import { acme, startWithCorrectnessFixture } from '../test-support/correctness-fixture.ts';
import type { ReportingHarness } from '../test-support/reporting-harness.ts';
import { startExportJobs, type ExportJobs } from './export-jobs.ts';
import type { ExportJob } from './export-repository.ts';

const owner = adminOf(acme.companyId);
const employeeList: ExportJob = { caller: owner, request: { report: 'employee-list', query: {}, language: 'en' }, askedAt: '2026-03-30T11:40:00.000Z' };
let reporting: ReportingHarness;
let ctx: ReportingContext;
const jobs: ExportJobs[] = [];

/** Another process's export jobs on the same database (as after a restart), driven by the test. */
function otherProcess(): ExportJobs {
  const started = startExportJobs(ctx, { onError: (error) => ctx.log.error({ err: error }, 'export jobs failed') });
  jobs.push(started);
  return started;
}

async function statusOf(id: string): Promise<{ status: string; chunks: number }> {
  const { rows } = await reporting.pool.query<{ status: string; chunks: number }>(
    'SELECT status, (SELECT count(*)::int FROM report_export_chunks c WHERE c.export_id = e.export_id) AS chunks FROM report_exports e WHERE export_id = $1',
    [id],
  );
  return rows[0] ?? { status: 'deleted', chunks: 0 };
}

beforeAll(async () => {
  reporting = await startWithCorrectnessFixture();
  ctx = { pool: reporting.pool, now: reporting.clock.now, log: { error: () => undefined } };
});
afterAll(async () => {
  for (const started of jobs) await started.stop();
  await reporting?.close();
});

describe('the export jobs', () => {
  it('take over an export whose process died (its lease ended) and write it from the start', async () => {
    const id = randomUUID();
    const now = reporting.clock.now();
    await reporting.pool.query(
      `INSERT INTO report_exports (export_id, user_id, report, status, rows_written, file_name, started_at, job, lease_until)
       VALUES ($1, $2, 'employee-list', 'running', 7, 'list.xlsx', $3, $4, $5)`,
      [id, owner.userId, new Date(now.getTime() - 20 * 60_000), JSON.stringify(employeeList), new Date(now.getTime() - 60_000)],
    );
    // Half a file the dead process wrote: started over, it must not stay in front of the new one.
    await reporting.pool.query("INSERT INTO report_export_chunks (export_id, seq, bytes) VALUES ($1, 0, 'partial')", [id]);

    // A process starting looks at once; its stop waits for the export it took over.
    await otherProcess().stop();

    expect(await statusOf(id)).toMatchObject({ status: 'done' });
    const file = await reporting.app.inject({ method: 'GET', url: `/api/report-exports/${id}/file`, headers: asCaller(owner) });
    expect(file.statusCode).toBe(200);
    const [sheet] = await readWorkbook(file.rawPayload);
    expect(sheet?.rows.length).toBeGreaterThan(1);
  });

  it('leave an export another process still holds alone', async () => {
    const id = randomUUID();
    const now = reporting.clock.now();
    await reporting.pool.query(
      `INSERT INTO report_exports (export_id, user_id, report, status, file_name, started_at, job, lease_until)
       VALUES ($1, $2, 'employee-list', 'running', 'list.xlsx', $3, $4, $5)`,
      [id, owner.userId, now, JSON.stringify(employeeList), new Date(now.getTime() + 60_000)],
    );
    await otherProcess().tick();
    expect(await statusOf(id)).toEqual({ status: 'running', chunks: 0 });
    await reporting.pool.query('DELETE FROM report_exports WHERE export_id = $1', [id]);
  });

  it('delete an export an hour after it finished, on their pass and not on its reads', async () => {
    const started = await call<ReportExport>(reporting, owner, 'POST', '/api/report-exports', employeeList.request);
    expect(started.status).toBe(201);
    let progress = started.body;
    for (let attempt = 0; progress.status === 'running' && attempt < 200; attempt += 1) {
      await sleep(25);
      progress = (await call<ReportExport>(reporting, owner, 'GET', `/api/report-exports/${progress.id}`)).body;
    }
    expect(progress.status).toBe('done');
    reporting.clock.advance(61 * 60_000);
    try {
      expect((await call(reporting, owner, 'GET', `/api/report-exports/${progress.id}`)).status).toBe(404);
      expect((await statusOf(progress.id)).chunks).toBeGreaterThan(0);
      await otherProcess().tick();
      expect(await statusOf(progress.id)).toEqual({ status: 'deleted', chunks: 0 });
    } finally {
      reporting.clock.advance(-61 * 60_000);
    }
  });

  it('are waited for by a graceful stop: an export started just before ends done, not cut off', async () => {
    const started = await call<ReportExport>(reporting, owner, 'POST', '/api/report-exports', { report: 'attendance-overtime', query: {}, language: 'en' });
    expect(started.body.status).toBe('running');
    await reporting.app.close();
    expect(await statusOf(started.body.id)).toMatchObject({ status: 'done' });
  });
});
