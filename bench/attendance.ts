/**
 * Kiosk punches with PIN-issued clock tickets through the gateway into the attendance service, both on
 * real PostgreSQL (DATABASE_URL, default the local server), at 16 and 64 concurrent kiosks: punches per
 * second, p50 and p99 (attendance keeps no read model: reporting counts the days from the events); then the
 * end-to-end face identification of a burst of five 640×480 camera frames, and the event lag over Kafka (the service on
 * librdkafka's mock broker: punch answered → its attendance.WorkDayChanged consumed).
 *   pnpm bench:attendance   (BENCH_SECONDS per run, default 8, after BENCH_WARMUP_SECONDS of unmeasured load, default 4;
 *   BENCH_KIOSKS, default 16,64; BENCH_LAG_PUNCHES, default 200; BENCH_CLEANUP=busy runs the kiosk's background clean-up
 *   back to back throughout, the worst case of its 15-minute loop, to see what it costs the punches)
 *
 * The gateway and the service each run in their own child process (as deployed), the load generator here.
 * Each punch carries a fresh single-use ticket, signed as the kiosk's PIN identification signs it: the
 * argon2 check of a PIN identification is a separate, deliberately slow step measured by the login bench.
 *
 * Baselines, same run: after each punch run, bare INSERTs of a punch-sized row (an event's JSON), each its own
 * transaction, through a pool as wide as the kiosks, into a throw-away database on the same PostgreSQL
 * (BENCH_BASELINE_SECONDS, default half a run, at most 4 s); after the face timing, the same bursts through the
 * face engine alone in this process (the analysis, without HTTP, gateway, matching or ticket).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Pool as HttpPool } from 'undici';
import { createInProcessBus, createKafkaBus, topicForFamily } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import { employeeSnapshot } from '@ams/contracts/testing';
import { startKafkaTestCluster } from '@ams/kafka-mock/test-cluster';
import { createPool, migrate, withTransaction, type Pool } from '@ams/db';
import { createTestDatabase } from '@ams/db/testing';
import { createFaceEngine, encodeEmbedding, FACE_MODEL } from '@ams/face';
import { movingFramesOf, portraitOf } from '@ams/face/testing';
import { buildGateway, GATEWAY_SCHEMA, gatewayMigrations } from '@ams/gateway';
import { ATTENDANCE_SCHEMA, attendanceMigrations, buildAttendance } from '@ams/attendance';
import { cleanUpKiosk, pinTicketFor } from '@ams/attendance/testing';
import { printComparison, withLoadAverage } from './baseline.ts';
import { cpuPerUnit, readCpu, type Tiers } from './process-cpu.ts';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
// Unmeasured load first, so the servers' JIT compilation is done before the measured runs.
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 4);
const baselineSeconds = Number(process.env.BENCH_BASELINE_SECONDS ?? Math.min(4, seconds / 2));
const lagPunches = Number(process.env.BENCH_LAG_PUNCHES ?? 200);
const CONCURRENCIES = (process.env.BENCH_KIOSKS ?? '16,64').split(',').map(Number);
const ACTIONS = ['check-in', 'break-in', 'break-out', 'check-out'] as const;
const EMPLOYEES = 12_000;
const COMPANY = '0b0b0b0b-0000-4000-8000-00000000000b';

type Role = 'attendance' | 'gateway';
interface Ready {
  url: string;
  /** The child's own database: the PostgreSQL CPU counted is that of the backends serving these. */
  databaseUrl: string;
}

// ---- Children -------------------------------------------------------------------------------------

/** Employees, an all-day schedule for each and UTC settings, written straight into the directory. */
async function seedDirectory(pool: Pool): Promise<void> {
  await pool.query(
    `INSERT INTO directory_employees (employee_id, company_id, department_id, job_title_id, leave_group_id, first_name, last_name, email, employment_status)
     SELECT ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, $1, $1, $1, $1, 'Kiosk', 'Person ' || n, 'k' || n || '@bench.test', 'active'
     FROM generate_series(1, $2::int) AS n`,
    [COMPANY, EMPLOYEES],
  );
  await pool.query(
    `INSERT INTO directory_schedules (schedule_id, employee_id, company_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status)
     SELECT gen_random_uuid(), employee_id, company_id, '00:00:00.000Z', '23:59:00.000Z', 8, '{}', date '2020-01-01', NULL, 'current'
     FROM directory_employees`,
  );
  // The bench's kiosk is a plain client, not a registered kiosk: faces are allowed at any browser.
  await pool.query(
    `INSERT INTO directory_settings (company_id, timezone, time_format, rfid_clock, ip_restriction, face_at_unregistered_browsers) VALUES (NULL, 'UTC', 1, false, '{}', true)`,
  );
  // As autovacuum would have long since done on a live database: without statistics the planner may
  // scan all 12,000 schedules on every punch, or not, depending on whether autoanalyze came first.
  await pool.query('ANALYZE');
}

async function runAttendance(secrets: Record<string, string>, kafkaBrokers: string): Promise<void> {
  const database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: ATTENDANCE_SCHEMA, sources: attendanceMigrations });
  const pool = createPool({ connectionString: database.url, schema: ATTENDANCE_SCHEMA, max: 32 });
  await seedDirectory(pool);
  const bus = kafkaBrokers
    ? createKafkaBus({ brokers: kafkaBrokers.split(','), clientId: 'attendance', consumer: { maxWaitTimeInMs: 100 } })
    : createInProcessBus();
  const faces = createFaceEngine();
  const app = await buildAttendance({
    pool,
    bus,
    faces,
    secrets: { internal: secrets.internal as string, pinPepper: secrets.pinPepper as string, clockTicket: secrets.clockTicket as string },
    logLevel: 'warn',
  });
  // One enrolled face, announced as people would, for the identification timing.
  const portrait = await faces.analyse(await portraitOf('sample1-left'));
  if (portrait.kind !== 'one-face') throw new Error('the sample portrait shows no single face');
  const employeeId = '00000000-0000-4000-8000-000000000001';
  const snapshot = employeeSnapshot({
    employeeId,
    companyId: COMPANY,
    departmentId: COMPANY,
    jobTitleId: COMPANY,
    leaveGroupId: COMPANY,
    firstName: 'Kiosk',
    lastName: 'Person 1',
    email: 'k1@bench.test',
    nationalId: 'B-1',
    hasImage: true,
  });
  await bus.publish([
    testEvent('employee.EmployeeCreated', employeeId, snapshot),
    testEvent('employee.FaceEnrolled', employeeId, {
      employeeId,
      companyId: COMPANY,
      model: FACE_MODEL,
      embedding: encodeEmbedding(portrait.face.embedding),
      realScore: portrait.face.realScore,
      liveScore: portrait.face.liveScore,
      enrolledAt: new Date().toISOString(),
    }),
  ]);
  const url = await serveUntilTerminated(app, pool, database);
  // Ends with an error when the pool closes at SIGTERM; nothing to report then.
  if (process.env.BENCH_CLEANUP === 'busy') cleanUpWithoutPause(pool).catch(() => undefined);
  process.send?.({ url, databaseUrl: database.url } satisfies Ready);
}

/** The kiosk's clean-up pass again and again until the process ends (its loop runs it every 15 minutes). */
async function cleanUpWithoutPause(pool: Pool): Promise<void> {
  for (;;) await cleanUpKiosk(pool, new Date());
}

async function runGateway(secrets: Record<string, string>, upstream: string): Promise<void> {
  const database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: GATEWAY_SCHEMA, sources: gatewayMigrations });
  const pool = createPool({ connectionString: database.url, schema: GATEWAY_SCHEMA });
  const bus = createInProcessBus();
  const app = await buildGateway({
    pool,
    bus,
    upstreams: { attendance: upstream },
    secrets: { internal: secrets.internal as string, jwt: secrets.jwt as string },
    logLevel: 'warn',
    generalRateLimit: { max: 1_000_000_000, timeWindowMs: 60_000 },
    clockIdentifyRateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
  });
  const url = await serveUntilTerminated(app, pool, database);
  process.send?.({ url, databaseUrl: database.url } satisfies Ready);
}

/** Listens on a free port and answers its URL; at SIGTERM closes the server, its pool and its database, then exits. */
async function serveUntilTerminated(
  app: { listen(options: { port: number; host: string }): Promise<string>; close(): Promise<unknown> },
  pool: Pool,
  database: { dispose(): Promise<void> },
): Promise<string> {
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.once(
    'SIGTERM',
    () =>
      void app
        .close()
        .then(() => pool.end())
        .then(() => database.dispose())
        .finally(() => process.exit(0)),
  );
  return url;
}

// ---- Load --------------------------------------------------------------------------------------------

async function start<T extends Ready>(role: Role, args: string[]): Promise<{ child: ChildProcess; ready: T }> {
  // BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of each server there.
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const execArgv = profileDir ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${profileDir}/${role}`] : process.execArgv;
  const child = fork(fileURLToPath(import.meta.url), [`--role=${role}`, ...args], { stdio: 'inherit', execArgv });
  const [ready] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`${role} exited with ${String(code)} before it was ready`);
    }),
  ])) as [T];
  return { child, ready };
}

const employeeIdOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// One keep-alive connection pool per gateway, as kiosks keep theirs: undici's request costs the load
// generator far less CPU per call than fetch, which matters when it shares the machine with what it measures.
const httpPools = new Map<string, HttpPool>();
const httpPoolOf = (origin: string) => {
  let pool = httpPools.get(origin);
  if (!pool) httpPools.set(origin, (pool = new HttpPool(origin, { connections: 128, pipelining: 1 })));
  return pool;
};

async function punchOnce(gateway: string, employeeId: string, action: string, secret: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await httpPoolOf(gateway).request({
    path: '/api/clock/punch',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket: pinTicketFor(employeeId, secret, 'bench'), action, commandId: randomUUID() }),
  });
  await response.body.dump();
  return { ms: performance.now() - started, status: response.statusCode };
}

async function closeHttpPools(): Promise<void> {
  await Promise.all([...httpPools.values()].map((pool) => pool.close()));
  httpPools.clear();
}

/** Punch answered → its attendance.WorkDayChanged consumed from Kafka (what reporting's projection waits for). */
async function kafkaLag(secrets: Record<string, string>, secretArgs: string[]): Promise<{ p50: number; p99: number }> {
  const cluster = await startKafkaTestCluster(['employee', 'organisation', 'schedule', 'settings', 'attendance'], 4);
  const attendance = await start<Ready>('attendance', [...secretArgs, `--kafka=${cluster.mock.brokers.join(',')}`]);
  const gateway = await start<Ready>('gateway', [...secretArgs, `--upstream=${attendance.ready.url}`]);
  const arrived = new Map<string, number>();
  try {
    await cluster.bus('observer').subscribe('bench-observer', [topicForFamily('attendance')], async (event) => {
      const payload = event.payload as { employeeId: string; change: string };
      arrived.set(`${payload.employeeId}/${payload.change}`, performance.now());
    });
    const changes = { 'check-in': 'ClockedIn', 'break-in': 'BreakStarted', 'break-out': 'BreakEnded', 'check-out': 'ClockedOut' } as const;
    const lags: number[] = [];
    for (let n = 1; lags.length < lagPunches; n += 1) {
      const employeeId = employeeIdOf(n);
      for (const action of ACTIONS) {
        const { status } = await punchOnce(gateway.ready.url, employeeId, action, secrets.clockTicket as string);
        if (status !== 200) throw new Error(`punch answered ${status}`);
        const answered = performance.now();
        const key = `${employeeId}/${changes[action]}`;
        while (!arrived.has(key)) {
          if (performance.now() - answered > 30_000) throw new Error('no WorkDayChanged on Kafka within 30 s');
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        // The consumer's first join takes seconds on the mock cluster: the first punch is the warm-up.
        if (n > 1) lags.push(Math.max(0, (arrived.get(key) ?? answered) - answered));
      }
    }
    lags.sort((a, b) => a - b);
    return { p50: percentile(lags, 50), p99: percentile(lags, 99) };
  } finally {
    await closeHttpPools();
    for (const child of [gateway.child, attendance.child]) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await cluster.close();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

/** `kiosks` loops, each walking its own employees through a whole day, for `seconds`. */
async function load(gateway: string, kiosks: number, firstEmployee: number, secret: string, runSeconds = seconds) {
  const until = performance.now() + runSeconds * 1000;
  const times: number[] = [];
  let failures = 0;
  let next = firstEmployee;
  await Promise.all(
    Array.from({ length: kiosks }, async () => {
      while (performance.now() < until) {
        const employeeId = employeeIdOf(next++);
        for (const action of ACTIONS) {
          const { ms, status } = await punchOnce(gateway, employeeId, action, secret);
          times.push(ms);
          if (status !== 200) failures += 1;
        }
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { perSecond: times.length / runSeconds, p50: percentile(times, 50), p99: percentile(times, 99), punches: times.length, failures, nextEmployee: next };
}

async function faceIdentify(gateway: string) {
  const burst = JSON.stringify({ frames: (await movingFramesOf('sample1-left')).map((frame) => frame.toString('base64')) });
  const times: number[] = [];
  for (let i = 0; i < 25; i += 1) {
    const started = performance.now();
    const response = await fetch(`${gateway}/api/clock/identify/face`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: burst });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`face identification answered ${response.status}`);
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), mean: times.reduce((sum, ms) => sum + ms, 0) / times.length };
}

/** The punches' baseline: `connections` loops of a one-row INSERT transaction of a punch event's size, for `runSeconds`. */
async function bareInserts(connectionString: string, connections: number, runSeconds: number): Promise<number> {
  const pool = createPool({ connectionString, max: connections });
  const row = JSON.stringify({ employeeId: employeeIdOf(1), at: new Date().toISOString(), action: 'check-in', method: 'pin', deviceId: 'bench' });
  let completed = 0;
  try {
    const until = performance.now() + runSeconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          await withTransaction(pool, async (tx) => {
            await tx.query('INSERT INTO bare_punches (stream_id, data) VALUES ($1, $2)', [randomUUID(), row]);
          });
          completed += 1;
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return completed / runSeconds;
}

/** The face timing's baseline: the same burst through the face engine alone, in this process. */
async function faceAnalysisAlone() {
  const frames = await movingFramesOf('sample1-left');
  const engine = createFaceEngine();
  const times: number[] = [];
  try {
    // Two unmeasured, six measured: a third of the end-to-end timing's twenty-five.
    for (let i = 0; i < 8; i += 1) {
      const started = performance.now();
      const verdict = await engine.analyseBurst(frames);
      if (verdict.kind === 'refused') throw new Error(`the bench burst was refused: ${verdict.reason}`);
      if (i >= 2) times.push(performance.now() - started);
    }
  } finally {
    await engine.close();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50) };
}

async function main(): Promise<void> {
  const secrets = Object.fromEntries(['internal', 'jwt', 'pinPepper', 'clockTicket'].map((name) => [name, randomBytes(32).toString('base64url')]));
  const secretArgs = [`--secrets=${Buffer.from(JSON.stringify(secrets)).toString('base64url')}`];
  const attendance = await start<Ready>('attendance', secretArgs);
  const gateway = await start<Ready>('gateway', [...secretArgs, `--upstream=${attendance.ready.url}`]);
  const baselineDatabase = await createTestDatabase();
  try {
    const setup = createPool({ connectionString: baselineDatabase.url, max: 1 });
    await setup.query(
      'CREATE TABLE bare_punches (id bigserial PRIMARY KEY, stream_id uuid NOT NULL, data jsonb NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now())',
    );
    await setup.end();
    console.log(`PIN-ticket punches through the gateway, PostgreSQL, ${seconds} s per run (goal ≥ 1000/s, p99 ≤ 50 ms)`);
    console.log(
      'kiosks'.padStart(7),
      'punches/s'.padStart(10),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'punches'.padStart(8),
      'refused'.padStart(8),
      '  CPU ms per punch',
    );
    // PostgreSQL: the backends of the product's two databases only, not the other sessions of a shared server.
    const databases = [attendance.ready.databaseUrl, gateway.ready.databaseUrl].map((url) => decodeURIComponent(new URL(url).pathname.slice(1)));
    const tiers: Tiers = { 'load generator': process.pid, gateway: gateway.child.pid ?? 0, attendance: attendance.child.pid ?? 0, PostgreSQL: { databases } };
    let nextEmployee = (await load(gateway.ready.url, 16, 1, secrets.clockTicket as string, warmUpSeconds)).nextEmployee;
    for (const kiosks of CONCURRENCIES) {
      const before = readCpu(tiers);
      const result = await load(gateway.ready.url, kiosks, nextEmployee, secrets.clockTicket as string);
      const cpu = cpuPerUnit(before, readCpu(tiers), result.punches);
      nextEmployee = result.nextEmployee;
      console.log(
        String(kiosks).padStart(7),
        result.perSecond.toFixed(0).padStart(10),
        result.p50.toFixed(1).padStart(8),
        result.p99.toFixed(1).padStart(8),
        String(result.punches).padStart(8),
        String(result.failures).padStart(8),
        ` ${cpu}`,
      );
      const inserts = await bareInserts(baselineDatabase.url, kiosks, baselineSeconds);
      printComparison({
        figure: `punches/s, ${kiosks} kiosks`,
        value: result.perSecond,
        baseline: `bare INSERT tx/s, ${kiosks} connections`,
        baselineValue: inserts,
        unit: '/s',
        better: 'higher',
      });
    }
    const face = await faceIdentify(gateway.ready.url);
    console.log(
      `face identification, burst of five 640×480 frames → ticket through the gateway: mean ${face.mean.toFixed(0)} ms, p50 ${face.p50.toFixed(0)} ms, p99 ${face.p99.toFixed(0)} ms`,
    );
    const analysis = await faceAnalysisAlone();
    printComparison({
      figure: 'face identification p50',
      value: face.p50,
      baseline: 'the burst through the face engine alone, p50',
      baselineValue: analysis.p50,
      unit: 'ms',
      better: 'lower',
    });
  } finally {
    await baselineDatabase.dispose();
    await closeHttpPools();
    for (const child of [gateway.child, attendance.child]) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
  const kafka = await kafkaLag(secrets, secretArgs);
  console.log(
    `event lag over Kafka (librdkafka mock broker), punch answered → WorkDayChanged consumed: p50 ${kafka.p50.toFixed(1)} ms, p99 ${kafka.p99.toFixed(1)} ms (goal ≤ 1 s)`,
  );
}

const role = process.argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) as Role | undefined;
const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? '';
if (role) {
  const secrets = JSON.parse(Buffer.from(argument('secrets'), 'base64url').toString('utf8')) as Record<string, string>;
  if (role === 'attendance') await runAttendance(secrets, argument('kafka'));
  else await runGateway(secrets, argument('upstream'));
} else {
  await withLoadAverage('bench:attendance', main);
}
