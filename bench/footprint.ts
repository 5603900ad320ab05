/**
 * What the embedded product costs a small machine when nobody uses it (issue 22), started as a user starts it
 * (`pnpm start`: the built SPA behind the gateway, one process):
 * - time to ready on a fresh DATA_DIR and again on the same one (warm);
 * - CPU over IDLE_SECONDS (default 60) with no activity, as % of one core, and the RSS then;
 * - RSS after the first face use (a photo enrolled: the face models load on first use);
 * - the data directory's size on disk, empty and after that.
 * What `pnpm start` does before the product (SPA build when stale, the database template when missing: a fresh
 * DATA_DIR's database is a copy of it) is timed apart; DATABASE_TEMPLATE=none removes the template first.
 *   node bench/footprint.ts   (or pnpm bench:footprint)
 * Goals printed beside each figure: idle ≤ 0.5 % of a core, RSS idle ≤ 400 MB, ready ≤ 8 s fresh and ≤ 3 s
 * warm, an empty installation ≤ 80 MB.
 * Baseline, same run: a bare Node process (`node -e "setInterval(() => {}, 1e9)"`) started beside the product,
 * its idle CPU and wake-ups measured over the same window, and its RSS then.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { portraitOf } from '@ams/face/testing';
import { ADMIN_EMAIL, ADMIN_PASSWORD, databaseTemplatesDir, prepareProduct, spawnPreparedProduct } from '../e2e/support/product.ts';
import { printComparison, printLoadAverage } from './baseline.ts';
import { readCpu } from './process-cpu.ts';

const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 60);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

const diskMb = (dir: string): number => Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024;

async function start(dataDir: string) {
  const started = performance.now();
  const product = await spawnPreparedProduct(dataDir, 300_000);
  return { product, readyMs: performance.now() - started };
}

/** Enrols one face through the API (company, employee, photo), as an admin would: the face models load now. */
async function enrolOneFace(url: string): Promise<void> {
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const call = async (path: string, body: object): Promise<string> => {
    const response = await fetch(`${url}/api/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  const companyId = await call('companies', { name: 'Footprint' });
  const departmentId = await call('departments', { name: 'Floor', companyId });
  const jobTitleId = await call('job-titles', { name: 'Operator', departmentId, companyId });
  const leaveTypeId = await call('leave-types', { name: 'Holiday', companyId });
  const leaveGroupId = await call('leave-groups', { name: 'Staff', description: 'Staff', privileges: [leaveTypeId], status: 'active', companyId });
  const employeeId = await call('employees', {
    firstName: 'Alba',
    lastName: 'Footprint',
    email: 'alba.footprint@example.com',
    nationalId: 'FP-1',
    gender: 'FEMALE',
    employmentType: 'regular',
    companyId,
    departmentId,
    jobTitleId,
    leaveGroupId,
  });
  const photo = await fetch(`${url}/api/employees/${employeeId}/image`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(await portraitOf('sample1-left')),
  });
  if (!photo.ok) throw new Error(`the photo was refused: ${photo.status} ${await photo.text()}`);
}

/** Times the process's threads went to sleep of their own accord (each a wake-up after it): timers, polls, I/O. */
function wakeups(pid: number): number {
  return readdirSync(`/proc/${pid}/task`).reduce((sum, task) => {
    const status = readFileSync(`/proc/${pid}/task/${task}/status`, 'utf8');
    return sum + Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }, 0);
}

interface Idle {
  cpuPercent: number;
  wakeupsPerSecond: number;
}

/** Each process's CPU and wake-ups over the same IDLE_SECONDS window. */
async function idle(pids: readonly number[]): Promise<Idle[]> {
  const reading = () => pids.map((pid) => ({ cpu: readCpu({ process: pid }).get('process') ?? Number.NaN, wakeups: wakeups(pid) }));
  const before = reading();
  await sleep(IDLE_SECONDS * 1000);
  return reading().map((after, i) => ({
    cpuPercent: ((after.cpu - (before[i]?.cpu ?? Number.NaN)) / IDLE_SECONDS) * 100,
    wakeupsPerSecond: (after.wakeups - (before[i]?.wakeups ?? Number.NaN)) / IDLE_SECONDS,
  }));
}

printLoadAverage('bench:footprint', 'start');
if (process.env.DATABASE_TEMPLATE === 'none') rmSync(databaseTemplatesDir, { recursive: true, force: true });
const templateBefore = existsSync(databaseTemplatesDir) && readdirSync(databaseTemplatesDir).length > 0;
// What `pnpm start` does before the product starts (build the SPA when stale, make the database template when
// missing): timed apart, as a build step.
const preparing = performance.now();
prepareProduct();
const prepareMs = performance.now() - preparing;
const dataDir = await mkdtemp(join(tmpdir(), 'ams-footprint-'));
try {
  const fresh = await start(dataDir);
  const pid = fresh.product.child.pid ?? 0;
  const emptyDiskMb = diskMb(dataDir);
  // The baseline: a Node process that does nothing, idle over the same window (started now, it settles too).
  const bare = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' });
  bare.unref();
  process.once('exit', () => bare.kill());
  const barePid = bare.pid ?? 0;
  // A few seconds for start-up work that finishes after "ready" (first relay rounds, migrations' vacuum).
  await sleep(5_000);
  const [quiet, bareQuiet] = (await idle([pid, barePid])) as [Idle, Idle];
  const idleRss = rssMb(pid);
  const bareRss = rssMb(barePid);
  bare.kill();
  await enrolOneFace(fresh.product.url);
  const faceRss = rssMb(pid);
  const stopStarted = performance.now();
  await fresh.product.stop();
  const stopMs = performance.now() - stopStarted;
  const warm = await start(dataDir);
  await warm.product.stop();
  const figures = [
    { figure: 'ready, fresh DATA_DIR', value: `${(fresh.readyMs / 1000).toFixed(1)} s`, goal: '≤ 8 s', met: fresh.readyMs <= 8_000 },
    {
      figure: 'before the start: SPA build, database template',
      value: `${(prepareMs / 1000).toFixed(1)} s (template ${templateBefore ? 'was there' : 'made'})`,
      goal: 'stated',
      met: true,
    },
    { figure: 'ready, existing DATA_DIR', value: `${(warm.readyMs / 1000).toFixed(1)} s`, goal: '≤ 3 s', met: warm.readyMs <= 3_000 },
    { figure: `idle CPU over ${IDLE_SECONDS} s`, value: `${quiet.cpuPercent.toFixed(2)} % of a core`, goal: '≤ 0.5 %', met: quiet.cpuPercent <= 0.5 },
    { figure: 'idle wake-ups (all threads)', value: `${quiet.wakeupsPerSecond.toFixed(1)} /s`, goal: 'stated', met: true },
    { figure: 'RSS idle', value: `${idleRss.toFixed(0)} MB`, goal: '≤ 400 MB', met: idleRss <= 400 },
    { figure: 'RSS after the first face enrolment', value: `${faceRss.toFixed(0)} MB`, goal: 'stated', met: true },
    { figure: 'graceful stop', value: `${(stopMs / 1000).toFixed(1)} s`, goal: 'stated', met: true },
    { figure: 'disk, empty installation', value: `${emptyDiskMb.toFixed(0)} MB`, goal: '≤ 80 MB', met: emptyDiskMb <= 80 },
    { figure: 'disk, after one employee with a photo', value: `${diskMb(dataDir).toFixed(0)} MB`, goal: 'stated', met: true },
  ];
  // The machine's load tells how far the timings are from an idle machine's.
  console.log(
    `\nEmbedded product footprint (Node ${process.version}, ${IDLE_SECONDS} s idle window, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')})\n`,
  );
  console.table(figures);
  const bareNode = 'bare Node, same window';
  printComparison({
    figure: 'idle CPU',
    value: quiet.cpuPercent,
    baseline: bareNode,
    baselineValue: bareQuiet.cpuPercent,
    unit: '% of a core',
    better: 'lower',
  });
  printComparison({
    figure: 'idle wake-ups',
    value: quiet.wakeupsPerSecond,
    baseline: bareNode,
    baselineValue: bareQuiet.wakeupsPerSecond,
    unit: '/s',
    better: 'lower',
  });
  printComparison({ figure: 'RSS idle', value: idleRss, baseline: bareNode, baselineValue: bareRss, unit: 'MB', better: 'lower' });
  console.log(
    JSON.stringify({
      readyFreshMs: Math.round(fresh.readyMs),
      templateBefore,
      prepareMs: Math.round(prepareMs),
      readyWarmMs: Math.round(warm.readyMs),
      idleCpuPercent: quiet.cpuPercent,
      idleWakeupsPerSecond: quiet.wakeupsPerSecond,
      idleRssMb: idleRss,
      bareNodeIdleCpuPercent: bareQuiet.cpuPercent,
      bareNodeWakeupsPerSecond: bareQuiet.wakeupsPerSecond,
      bareNodeRssMb: bareRss,
      faceRssMb: faceRss,
      stopMs: Math.round(stopMs),
      emptyDiskMb,
    }),
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
  printLoadAverage('bench:footprint', 'end');
}
