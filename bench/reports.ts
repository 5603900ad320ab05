/**
 * Reporting over 10,000 employees and one month of work days (March 2026: 22 working days, one in twenty
 * missed, so ≈ 209,000 work days and ≈ 11,000 computed absences), read models filled by SQL as the projections
 * would hold them, through the reporting service (validation, SQL, figures, serialisation; no gateway), on the
 * PostgreSQL server at DATABASE_URL (default the local one).
 * Then the Excel export of the month's attendance-overtime for all of them: total time, time to its first progress,
 * and the process's peak RSS growth while it is written (sampled every 10 ms).
 * Last, a burst: 5,000 employees of a new company check in at once, their attendance.WorkDayChanged events
 * handed to the in-process bus all together (as the embedded product's outbox relay hands attendance's events to
 * reporting, though faster than any kiosks could punch); measured: from the first and from the last event handed
 * over to the attendance-overtime report counting all 5,000 present today, and an admin's dashboard requests
 * meanwhile (p95 beside the dashboard's p95 at rest).
 * Baseline, same run: the SQL statements of every second report request, recorded from the service's pool and run
 * again on it without the service (bench/sql-replay.ts); the report's p50 ÷ its SQL's p50 is printed per case.
 *   pnpm bench:reports   (BENCH_REQUESTS to change the number of measured requests per case)
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { superAdmin } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { keepDaysUpTo, startReporting, workDayChanged, type ReportingHarness } from '@ams/reporting/testing';
import { printComparison, withLoadAverage } from './baseline.ts';
import { replay, sqlRecorder, type SqlRecorder } from './sql-replay.ts';

const EMPLOYEES = 10_000;
const requests = Number(process.env.BENCH_REQUESTS ?? 20);

async function seed(reporting: ReportingHarness): Promise<void> {
  const companies = [randomUUID(), randomUUID()];
  const departments = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const db = reporting.pool;
  await db.query('INSERT INTO companies (company_id, name) VALUES ($1, $2), ($3, $4)', [companies[0], 'Acme', companies[1], 'Globex']);
  await db.query(
    `INSERT INTO departments (department_id, company_id, name) SELECT d, ($2::uuid[])[1 + (i - 1) % 2], 'Department ' || i FROM unnest($1::uuid[]) WITH ORDINALITY AS t(d, i)`,
    [departments, companies],
  );
  await db.query(
    `INSERT INTO settings (company_id, timezone, time_format, late_grace_minutes, overtime_before_shift, overtime_minimum_minutes)
     VALUES (NULL, 'Europe/Lisbon', 1, 0, false, 0), ($1, 'America/New_York', 1, 5, false, 15)`,
    [companies[1]],
  );
  await db.query(
    `INSERT INTO employees (employee_id, company_id, department_id, job_title_id, first_name, last_name, employment_status, birthday, created_at, snapshot)
     SELECT gen_random_uuid(), ($2::uuid[])[1 + n % 2], ($3::uuid[])[1 + n % 4], gen_random_uuid(), 'First' || n, 'Last' || n,
       CASE WHEN n % 50 = 0 THEN 'archived' ELSE 'active' END, date '1960-01-01' + (n % 15000), now(), '{}'::jsonb
     FROM generate_series(1, $1::int) AS n`,
    [EMPLOYEES, companies, departments],
  );
  await db.query(
    `INSERT INTO schedules (schedule_id, employee_id, company_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status)
     SELECT gen_random_uuid(), employee_id, company_id, '09:00:00.000Z', '17:00:00.000Z', 7, ARRAY['saturday', 'sunday'], date '2026-01-01', NULL, 'current' FROM employees`,
  );
  // Punches in the company's zone: Lisbon is UTC+0 until 29 March, New York UTC−4 (ignored here: they are late or early by hours there).
  await db.query(
    `INSERT INTO work_days (work_day_id, employee_id, company_id, work_date, state, time_in, break_in, break_out, time_out, reason, changed_at)
     SELECT gen_random_uuid(), e.employee_id, e.company_id, d::date, 'left',
       d::date + time '09:00' + ((hashtext(e.employee_id::text || d::text) % 20) * interval '1 minute'),
       d::date + time '12:30', d::date + time '13:00',
       d::date + time '17:00' + ((hashtext(d::text || e.employee_id::text) % 45) * interval '1 minute'), NULL, d::date + time '17:00'
     FROM employees e CROSS JOIN generate_series(date '2026-03-01', date '2026-03-31', interval '1 day') AS d
     WHERE extract(isodow FROM d) < 6 AND hashtext(e.employee_id::text || d::text || 'absent') % 20 <> 0`,
  );
  await db.query('ANALYZE');
  // The stored day figures, as the projections leave them (a rebuild's replay fills them too). Reporting's start kept
  // the horizon before these rows existed, so it is reset first: the month is filled as a first pass fills history.
  const filling = performance.now();
  await db.query('UPDATE day_figures_horizon SET through = NULL');
  await keepDaysUpTo(db, reporting.clock.now());
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM day_figures');
  console.log(`day figures: ${rows[0]?.n} employee-days computed and stored in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
  // As autovacuum leaves a table at rest: the sums read the index alone once the visibility map is set.
  await db.query('VACUUM ANALYZE day_figures');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

async function measure(
  reporting: ReportingHarness,
  recorder: SqlRecorder,
  url: string,
): Promise<{ p50: number; p95: number; bytes: number; sqlP50: number; statements: number }> {
  // Signed per request: the gateway's signature is short-lived.
  for (let i = 0; i < 3; i += 1) await reporting.app.inject({ method: 'GET', url, headers: asCaller(superAdmin) });
  const times: number[] = [];
  const sqlTimes: number[] = [];
  let bytes = 0;
  let statementCount = 0;
  for (let i = 0; i < requests; i += 1) {
    const headers = asCaller(superAdmin);
    let response: Awaited<ReturnType<typeof reporting.app.inject>> | undefined;
    const request = async () => (response = await reporting.app.inject({ method: 'GET', url, headers }));
    const start = performance.now();
    // Every second request is recorded (a wrapper around the pool's queries, no extra round trip) and replayed.
    const statements = i % 2 === 0 ? await recorder.record(request) : (await request(), undefined);
    times.push(performance.now() - start);
    if (response?.statusCode !== 200) throw new Error(`${url} answered ${response?.statusCode}: ${response?.body}`);
    bytes = response.body.length;
    if (statements) {
      statementCount = statements.length;
      const replayed = performance.now();
      await replay(reporting.pool, statements);
      sqlTimes.push(performance.now() - replayed);
    }
  }
  times.sort((x, y) => x - y);
  sqlTimes.sort((x, y) => x - y);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes, sqlP50: percentile(sqlTimes, 50), statements: statementCount };
}

/** The month's attendance-overtime of everyone as an .xlsx: started, polled every 20 ms until done, then downloaded. */
async function measureExport(reporting: ReportingHarness): Promise<void> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
  const start = performance.now();
  const started = await reporting.app.inject({
    method: 'POST',
    url: '/api/report-exports',
    headers: asCaller(superAdmin),
    payload: { report: 'attendance-overtime', query: { from: '2026-03-01', to: '2026-03-31' }, language: 'en' },
  });
  if (started.statusCode !== 201) throw new Error(`export answered ${started.statusCode}: ${started.body}`);
  const id = started.json<{ id: string }>().id;
  let firstProgress = Number.NaN;
  let status: { status: string; rowsWritten: number } = started.json();
  while (status.status === 'running') {
    await sleep(20);
    status = (await reporting.app.inject({ method: 'GET', url: `/api/report-exports/${id}`, headers: asCaller(superAdmin) })).json();
    if (Number.isNaN(firstProgress) && status.rowsWritten > 0) firstProgress = performance.now() - start;
  }
  const written = performance.now() - start;
  const peakWriting = peak;
  const file = await reporting.app.inject({ method: 'GET', url: `/api/report-exports/${id}/file`, headers: asCaller(superAdmin) });
  const downloaded = performance.now() - start;
  clearInterval(sampler);
  if (status.status !== 'done' || file.statusCode !== 200) throw new Error(`export ${status.status}, file ${file.statusCode}`);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(`\nExcel export, attendance-overtime, March, all ${EMPLOYEES}: ${status.rowsWritten} rows, ${mb(file.rawPayload.length)} MB`);
  console.log(
    `  first progress ${firstProgress.toFixed(0)} ms (goal ≤ 1 s); written ${(written / 1000).toFixed(1)} s (goal ≤ 10 s); downloaded ${(downloaded / 1000).toFixed(1)} s`,
  );
  console.log(`  peak RSS growth ${mb(peakWriting - baseline)} MB while writing (goal ≤ 200 MB), ${mb(peak - baseline)} MB with the download held in memory`);
}

const BURST = 5_000;
const RELAY_BATCH = 100;

async function measureBurst(reporting: ReportingHarness, restDashboardP95: number): Promise<void> {
  const db = reporting.pool;
  const companyId = randomUUID();
  await db.query(`INSERT INTO companies (company_id, name) VALUES ($1, 'Burst Co')`, [companyId]);
  const { rows } = await db.query<{ employeeId: string }>(
    `INSERT INTO employees (employee_id, company_id, department_id, job_title_id, first_name, last_name, employment_status, birthday, created_at, snapshot)
     SELECT gen_random_uuid(), $1, gen_random_uuid(), gen_random_uuid(), 'Burst', 'Person ' || n, 'active', NULL, now(), '{}'::jsonb FROM generate_series(1, $2::int) AS n
     RETURNING employee_id AS "employeeId"`,
    [companyId, BURST],
  );
  await db.query(
    `INSERT INTO schedules (schedule_id, employee_id, company_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status)
     SELECT gen_random_uuid(), employee_id, company_id, '19:00:00.000Z', '23:00:00.000Z', 4, '{}', date '2026-03-31', NULL, 'current' FROM employees WHERE company_id = $1`,
    [companyId],
  );
  await db.query('ANALYZE employees');
  const url = `/api/reports/attendance-overtime?from=2026-03-31&to=2026-03-31&pageSize=1&companyId=${companyId}`;
  const present = async () => {
    const response = await reporting.app.inject({ method: 'GET', url, headers: asCaller(superAdmin) });
    if (response.statusCode !== 200) throw new Error(`the report answered ${response.statusCode}: ${response.body}`);
    return response.json<{ totals: { daysWorked: number } }>().totals.daysWorked;
  };
  const events = rows.map((row) => workDayChanged({ employeeId: row.employeeId, companyId }, '2026-03-31', { timeIn: '2026-03-31T19:50:00.000Z' }));
  // An admin on the dashboard throughout, one request after the other (the goal: p95 ≤ 150 ms while the burst runs).
  let bursting = true;
  const dashboardTimes: number[] = [];
  const dashboardReader = (async () => {
    while (bursting) {
      const asked = performance.now();
      const response = await reporting.app.inject({ method: 'GET', url: '/api/dashboard/admin', headers: asCaller(superAdmin) });
      if (response.statusCode !== 200) throw new Error(`the dashboard answered ${response.statusCode}: ${response.body}`);
      dashboardTimes.push(performance.now() - asked);
    }
  })();
  // As the outbox relay hands them over: batches of 100, each once the bus has had the previous one handled.
  const start = performance.now();
  let lastHandedOver = start;
  for (let index = 0; index < events.length; index += RELAY_BATCH) {
    lastHandedOver = performance.now();
    await reporting.bus.publish(events.slice(index, index + RELAY_BATCH));
  }
  let seen = 0;
  while ((seen = await present()) < BURST) await sleep(5);
  const reflected = performance.now();
  bursting = false;
  await dashboardReader;
  dashboardTimes.sort((x, y) => x - y);
  console.log(`\nBurst: ${BURST} check-ins of a new company, handed to the in-process bus in the relay's batches of ${RELAY_BATCH}`);
  console.log(
    `  all ${seen} in the attendance-overtime report ${(reflected - start).toFixed(0)} ms after the first, ${(reflected - lastHandedOver).toFixed(0)} ms after the last batch (goal ≤ 1 s): ${Math.round(BURST / ((reflected - start) / 1000))} events/s`,
  );
  console.log(
    `  admin dashboard meanwhile: ${dashboardTimes.length} requests, p50 ${percentile(dashboardTimes, 50).toFixed(0)} ms, p95 ${percentile(dashboardTimes, 95).toFixed(0)} ms (goal p95 ≤ 150 ms)`,
  );
  printComparison({
    figure: 'dashboard p95 during the burst',
    value: percentile(dashboardTimes, 95),
    baseline: 'dashboard p95 at rest',
    baselineValue: restDashboardP95,
    unit: 'ms',
    better: 'lower',
  });
}

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
await withLoadAverage('bench:reports', async () => {
  const reporting = await startReporting({ startAt: '2026-03-31T20:00:00Z' });
  try {
    const seeded = performance.now();
    await seed(reporting);
    const { rows } = await reporting.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM work_days');
    console.log(
      `\nPostgreSQL server: ${EMPLOYEES} employees, ${rows[0]?.n} work days (seeded in ${Math.round(performance.now() - seeded)} ms), ${requests} requests per case`,
    );
    const cases: Array<[string, string, string]> = [
      ['attendance-overtime, March, first page of 50 + totals', '/api/reports/attendance-overtime?from=2026-03-01&to=2026-03-31&pageSize=50', 'p95 ≤ 300 ms'],
      ['consolidated-overtime, March, all 10,000', '/api/reports/consolidated-overtime?from=2026-03-01&to=2026-03-31&pageSize=500', '≤ 1 s'],
      ['admin dashboard', '/api/dashboard/admin', '≤ 150 ms'],
    ];
    const recorder = sqlRecorder(reporting.pool);
    let restDashboardP95 = Number.NaN;
    console.log('case'.padEnd(56), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'bytes'.padStart(9), '  goal');
    for (const [name, url, goal] of cases) {
      const { p50, p95, bytes, sqlP50, statements } = await measure(reporting, recorder, url);
      if (url === '/api/dashboard/admin') restDashboardP95 = p95;
      console.log(name.padEnd(56), p50.toFixed(0).padStart(8), p95.toFixed(0).padStart(8), String(bytes).padStart(9), `  ${goal}`);
      printComparison({
        figure: 'report p50',
        value: p50,
        baseline: `its ${statements} SQL statements alone, p50`,
        baselineValue: sqlP50,
        unit: 'ms',
        better: 'lower',
      });
    }
    await measureExport(reporting);
    await measureBurst(reporting, restDashboardP95);
  } finally {
    await reporting.close();
  }
});
