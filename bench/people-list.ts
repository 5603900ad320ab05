/**
 * The admin employee list over 10,000 employees: a quick-search term plus a filter, as the list page
 * asks for it, through the people service (validation, SQL, serialisation; no gateway). Runs on the
 * PostgreSQL server at DATABASE_URL (default the local one) and on embedded PGlite (`pnpm start`).
 * Baseline, same run: the SQL statements of every fourth request, recorded from the service's pool and run again
 * on it without the service (bench/sql-replay.ts); the API's p50 ÷ the raw SQL's p50 is printed per case.
 *   pnpm bench:people   (BENCH_REQUESTS to change the number of measured requests per case)
 */
import { performance } from 'node:perf_hooks';
import { adminOf, superAdmin } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { createCompanyFixture, startPeople, type PeopleHarness } from '@ams/people/testing';
import { printComparison, withLoadAverage } from './baseline.ts';
import { replay, sqlRecorder, type SqlRecorder } from './sql-replay.ts';

const EMPLOYEES = 10_000;
const requests = Number(process.env.BENCH_REQUESTS ?? 400);
const firstNames = ['Ana', 'Bruno', 'Carla', 'Diogo', 'Eva', 'Filipe', 'Gina', 'Hugo', 'Ines', 'Joao', 'Lara', 'Miguel', 'Nuno', 'Olga', 'Paulo', 'Rita'];
const lastNames = ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Jesus', 'Sousa', 'Fernandes', 'Goncalves'];

/** 10,000 employees over two companies and four departments, written in one statement. */
async function seed(people: PeopleHarness): Promise<{ companyId: string; departmentId: string }> {
  const a = await createCompanyFixture(people, 'Acme');
  const b = await createCompanyFixture(people, 'Globex');
  await people.pool.query(
    `INSERT INTO employees (id, company_id, department_id, job_title_id, leave_group_id, first_name, last_name, gender, email, national_id,
                            company_email, employment_type, employment_status, birthday)
     SELECT gen_random_uuid(), f.company_id, f.department_id, f.job_title_id, f.leave_group_id,
            ($1::text[])[1 + n % array_length($1::text[], 1)], ($2::text[])[1 + (n / 7) % array_length($2::text[], 1)],
            CASE WHEN n % 2 = 0 THEN 'FEMALE' ELSE 'MALE' END, 'person' || n || '@example.com', 'NID-' || lpad(n::text, 6, '0'),
            'p' || n || '@work.example', 'regular', CASE WHEN n % 10 = 0 THEN 'archived' ELSE 'active' END,
            date '1960-01-01' + (n % 15000)
     FROM generate_series(1, $3::int) AS n
     CROSS JOIN LATERAL (SELECT * FROM (VALUES ($4::uuid, $5::uuid, $6::uuid, $7::uuid), ($8::uuid, $9::uuid, $10::uuid, $11::uuid))
                          AS v(company_id, department_id, job_title_id, leave_group_id) OFFSET n % 2 LIMIT 1) AS f`,
    [firstNames, lastNames, EMPLOYEES, a.companyId, a.departmentId, a.jobTitleId, a.leaveGroupId, b.companyId, b.departmentId, b.jobTitleId, b.leaveGroupId],
  );
  await people.pool.query('ANALYZE employees');
  return { companyId: a.companyId, departmentId: a.departmentId };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

async function measure(
  people: PeopleHarness,
  recorder: SqlRecorder,
  headers: Record<string, string>,
  urlOf: (i: number) => string,
): Promise<{ p50: number; p99: number; total: number; sqlP50: number; statements: number }> {
  for (let i = 0; i < 30; i += 1) await people.app.inject({ method: 'GET', url: urlOf(i), headers });
  const times: number[] = [];
  const sqlTimes: number[] = [];
  let total = 0;
  let statementCount = 0;
  for (let i = 0; i < requests; i += 1) {
    let response: Awaited<ReturnType<typeof people.app.inject>> | undefined;
    const request = async () => (response = await people.app.inject({ method: 'GET', url: urlOf(i), headers }));
    const start = performance.now();
    // Every fourth request is recorded (a wrapper around the pool's queries, no extra round trip) and replayed.
    const statements = i % 4 === 0 ? await recorder.record(request) : (await request(), undefined);
    times.push(performance.now() - start);
    if (response?.statusCode !== 200) throw new Error(`${urlOf(i)} answered ${response?.statusCode}: ${response?.body}`);
    total = response.json<{ total: number }>().total;
    if (statements) {
      statementCount = statements.length;
      const replayed = performance.now();
      await replay(people.pool, statements);
      sqlTimes.push(performance.now() - replayed);
    }
  }
  times.sort((x, y) => x - y);
  sqlTimes.sort((x, y) => x - y);
  return { p50: percentile(times, 50), p99: percentile(times, 99), total, sqlP50: percentile(sqlTimes, 50), statements: statementCount };
}

async function run(backend: 'postgres' | 'pglite'): Promise<void> {
  if (backend === 'pglite') process.env.TEST_DATABASE = 'pglite';
  else {
    delete process.env.TEST_DATABASE;
    process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  }
  const people = await startPeople();
  try {
    const { companyId, departmentId } = await seed(people);
    const admin = asCaller(adminOf(companyId));
    const root = asCaller(superAdmin);
    const cases: Array<[string, Record<string, string>, (i: number) => string]> = [
      ['Admin: search a surname + department filter', admin, (i) => `/api/employees?search=${lastNames[i % lastNames.length]}&departmentId=${departmentId}`],
      [
        'SuperAdmin: search two words (first + last name)',
        root,
        (i) => `/api/employees?search=${firstNames[i % firstNames.length]}%20${lastNames[i % lastNames.length]}`,
      ],
      ['SuperAdmin: search a national ID fragment, archived', root, (i) => `/api/employees?search=nid-00${i % 90}&status=archived`],
      ['SuperAdmin: no search, sort by birthday desc, page 40', root, () => '/api/employees?sort=birthday&order=desc&page=40&pageSize=50'],
    ];
    console.log(`\n${backend === 'postgres' ? 'PostgreSQL server' : 'PGlite (embedded)'}: ${EMPLOYEES} employees, ${requests} requests per case`);
    const recorder = sqlRecorder(people.pool);
    console.log('case'.padEnd(58), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'matches'.padStart(8));
    for (const [name, headers, urlOf] of cases) {
      const { p50, p99, total, sqlP50, statements } = await measure(people, recorder, headers, urlOf);
      console.log(name.padEnd(58), p50.toFixed(1).padStart(8), p99.toFixed(1).padStart(8), String(total).padStart(8));
      printComparison({
        figure: 'API p50',
        value: p50,
        baseline: `its ${statements} SQL statements alone, p50`,
        baselineValue: sqlP50,
        unit: 'ms',
        better: 'lower',
      });
    }
  } finally {
    await people.close();
  }
}

await withLoadAverage('bench:people (employee list)', async () => {
  await run('postgres');
  if (!process.env.BENCH_ONLY_SERVER) await run('pglite');
  console.log('\nGoal: p99 ≤ 50 ms.');
});
