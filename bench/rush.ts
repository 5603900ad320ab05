/**
 * The embedded product's morning rush (issue 32), run as a user runs it (`pnpm start`: PGlite, seven services and
 * the gateway in one process), started here as a child process on a fresh temporary DATA_DIR:
 * 1. PIN rush: RUSH_KIOSKS registered kiosks (default 8) at once, each identifying someone by PIN and punching
 *    with the ticket, RUSH_PEOPLE people (default 500) once each to check in, then again to check out
 *    (RUSH_CHECKOUT=0 skips that pass). Goal ≥ 60 pairs/s, p99 ≤ 300 ms.
 * 2. Face rush: RUSH_FACE_KIOSKS kiosks (default 4) each sending a 5-frame burst at the same moment,
 *    RUSH_FACE_ROUNDS times (default 3). Goal recognition p50 ≤ 1.5 s.
 * 3. Throughout, an admin's plain GET /api/companies every 100 ms (open loop: a stalled product shows as latency).
 *    Goal p99 ≤ 100 ms.
 * Baselines in the same run: the admin GET on the idle product, the same PIN pairs from one kiosk alone, one face
 * burst alone; each figure is printed with its baseline and the ratio.
 * The staff (employees with PIN and schedule, faces, kiosks) is seeded through the API as an admin would
 * (bench/rush-seed.ts), from this process's default address.
 *
 * Limits: the product's defaults unless the environment sets the launcher's KIOSK_IDENTIFY_PER_MINUTE (60 per registered
 * kiosk: a person every 2 s with room for bursts, far below the 7.5 a second per kiosk of a capacity run; the product passes
 * it on). RUSH_ADDRESSES=shared (default)
 * sends every kiosk from one address (127.0.0.2), as an office behind NAT: the per-address limits apply to all
 * of them together; RUSH_ADDRESSES=per-kiosk gives each kiosk its own loopback address (127.0.0.11…), so each
 * kiosk has the per-address limits to itself. A 429 or 503 is counted and the kiosk waits its Retry-After (at
 * most RUSH_MAX_WAIT_SECONDS, default 60) before trying again; any other refusal ends the bench with exit code 1.
 *   pnpm bench:rush
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool as HttpPool } from 'undici';
import { movingFramesOf, type SamplePerson } from '@ams/face/testing';
import { ADMIN_EMAIL, ADMIN_PASSWORD, prepareProduct, spawnPreparedProduct } from '../e2e/support/product.ts';
import { RUSH_PIN, seedStaff, signInToken, type Person } from './rush-seed.ts';
import { threadCpuSeconds, threadCpuSince } from './rush-threads.ts';

const PEOPLE = Number(process.env.RUSH_PEOPLE ?? 500);
const KIOSKS = Number(process.env.RUSH_KIOSKS ?? 8);
const FACE_KIOSKS = Number(process.env.RUSH_FACE_KIOSKS ?? 4);
const FACE_ROUNDS = Number(process.env.RUSH_FACE_ROUNDS ?? 3);
const CHECKOUT = process.env.RUSH_CHECKOUT !== '0';
const ADDRESSES = process.env.RUSH_ADDRESSES === 'per-kiosk' ? 'per-kiosk' : 'shared';
const MAX_WAIT_SECONDS = Number(process.env.RUSH_MAX_WAIT_SECONDS ?? 60);
/** People walked through by the one-kiosk baseline (seeded on top of RUSH_PEOPLE). */
const BASELINE_PEOPLE = Number(process.env.RUSH_BASELINE_PEOPLE ?? 40);
const IDLE_SECONDS = Number(process.env.RUSH_IDLE_SECONDS ?? 5);
const ADMIN_READ_EVERY_MS = 100;
const ADMIN_ADDRESS = '127.0.0.3';

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
const sortedOf = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const ratio = (figure: number, baseline: number) => `${(figure / baseline).toFixed(2)}×`;
const load = () =>
  loadavg()
    .map((each) => each.toFixed(2))
    .join(' ');

/** Refusals kiosks waited out (counted) and the kiosk time spent waiting, by phase. */
const waits = new Map<string, { 429: number; 503: number; waitedMs: number }>();
let currentPhase = 'seeding';

class UnexpectedAnswer extends Error {}

/** One kiosk: its own keep-alive connections, from its address, with its token on every clock call. */
interface Kiosk {
  http: HttpPool;
  token: string;
}

const kioskAddress = (n: number) => (ADDRESSES === 'shared' ? '127.0.0.2' : `127.0.0.${11 + n}`);

/**
 * A clock call; a 429 or 503 is waited out (Retry-After) and tried again. Resolves with the answer and the
 * milliseconds of the attempt that was answered.
 */
async function clockCall<T>(kiosk: Kiosk, path: string, body: unknown): Promise<{ answer: T; ms: number }> {
  const payload = JSON.stringify(body);
  for (;;) {
    const started = performance.now();
    const response = await kiosk.http.request({
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-kiosk-token': kiosk.token },
      body: payload,
    });
    const text = await response.body.text();
    const elapsed = performance.now() - started;
    if (response.statusCode === 200) return { answer: JSON.parse(text) as T, ms: elapsed };
    if (response.statusCode !== 429 && response.statusCode !== 503) throw new UnexpectedAnswer(`${path} answered ${response.statusCode}: ${text}`);
    const counts = waits.get(currentPhase) ?? { 429: 0, 503: 0, waitedMs: 0 };
    waits.set(currentPhase, counts);
    counts[response.statusCode] += 1;
    const retryAfter = Number(response.headers['retry-after'] ?? 1);
    const waitMs = Math.min(Number.isFinite(retryAfter) ? retryAfter : 1, MAX_WAIT_SECONDS) * 1000;
    counts.waitedMs += waitMs;
    await sleep(waitMs);
  }
}

interface Ticket {
  ticket: string;
  employeeId: string;
  allowedActions: string[];
}

/** Identify by PIN, then punch `action` (or the first the day allows) with the ticket: the pair's milliseconds. */
async function pinPair(kiosk: Kiosk, person: Person, action: string): Promise<number> {
  const identified = await clockCall<Ticket>(kiosk, '/api/clock/identify/pin', { identifier: person.identifier, pin: RUSH_PIN });
  const { ticket, allowedActions } = identified.answer;
  const chosen = allowedActions.includes(action) ? action : allowedActions[0];
  if (!chosen) throw new UnexpectedAnswer(`${person.identifier} may not punch: ${JSON.stringify(identified.answer)}`);
  const punched = await clockCall(kiosk, '/api/clock/punch', { ticket, action: chosen, commandId: randomUUID() });
  return identified.ms + punched.ms;
}

/** `kiosks` walk `people` through identify + punch, each taking the next person in the queue. */
async function pinRush(kiosks: readonly Kiosk[], people: readonly Person[], action: string) {
  const pairs: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    kiosks.map(async (kiosk) => {
      while (next < people.length) {
        const person = people[next++] as Person;
        pairs.push(await pinPair(kiosk, person, action));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: pairs.length / seconds, seconds, sorted: sortedOf(pairs) };
}

/** One 5-frame burst → ticket: the milliseconds; the person recognised must be the one enrolled with that face. */
async function faceBurst(kiosk: Kiosk, burst: { frames: string[] }, expected: string): Promise<number> {
  const { answer, ms: elapsed } = await clockCall<Ticket>(kiosk, '/api/clock/identify/face', burst);
  if (answer.employeeId !== expected) throw new UnexpectedAnswer(`a face burst recognised ${answer.employeeId} instead of ${expected}`);
  return elapsed;
}

/**
 * The admin's GET every ADMIN_READ_EVERY_MS, not waiting for the previous answer, each latency filed under the
 * phase it was sent in.
 */
function startAdminReader(http: HttpPool, token: string) {
  const byPhase = new Map<string, number[]>();
  let phase = 'settling';
  const inFlight = new Set<Promise<void>>();
  let failure: Error | undefined;
  const read = async (label: string) => {
    const started = performance.now();
    const response = await http.request({ path: '/api/companies', method: 'GET', headers: { authorization: `Bearer ${token}` } });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new UnexpectedAnswer(`the admin's GET /api/companies answered ${response.statusCode}: ${text}`);
    byPhase.set(label, [...(byPhase.get(label) ?? []), performance.now() - started]);
  };
  const timer = setInterval(() => {
    const request = read(phase).catch((error: unknown) => {
      failure ??= error as Error;
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
  }, ADMIN_READ_EVERY_MS);
  // A bench that fails midway still exits.
  timer.unref();
  return {
    enter(label: string) {
      if (failure) throw failure;
      phase = label;
    },
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      if (failure) throw failure;
      return new Map([...byPhase].map(([label, times]) => [label, sortedOf(times)]));
    },
  };
}

async function main(): Promise<void> {
  const loadAtStart = load();
  prepareProduct();
  const dataDir = await mkdtemp(join(tmpdir(), 'ams-rush-'));
  const product = await spawnPreparedProduct(dataDir);
  const pid = product.child.pid ?? 0;
  const pools: HttpPool[] = [];
  const httpFrom = (localAddress: string, connections: number) => {
    const http = new HttpPool(product.url, { connections, localAddress });
    pools.push(http);
    return http;
  };
  try {
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    const staff = await seedStaff(product.url, admin, { count: PEOPLE + BASELINE_PEOPLE, kiosks: Math.max(KIOSKS, FACE_KIOSKS), faces: FACE_KIOSKS });
    console.log(
      `Seeded through the API in ${(staff.seedMs / 1000).toFixed(1)} s (employees ${(staff.employeesMs / 1000).toFixed(1)} s): ${staff.people.length} employees with PIN and schedule, ${staff.faces.size} faces, ${staff.kioskTokens.length} kiosks`,
    );
    const kiosks = staff.kioskTokens.map((token, n) => ({ token, http: httpFrom(kioskAddress(n), 2) }));
    const baselinePeople = staff.people.slice(0, BASELINE_PEOPLE);
    const rushPeople = staff.people.slice(BASELINE_PEOPLE);
    const reader = startAdminReader(httpFrom(ADMIN_ADDRESS, 32), await signInToken(product.url, admin));
    const cpu = new Map<string, { threads: Map<string, number>; seconds: number; units: number }>();
    /** Runs one phase; `unitsOf` counts its pairs or bursts, for the CPU each cost. */
    const phase = async <T>(label: string, work: () => Promise<T>, unitsOf: (result: T) => number = () => 0): Promise<T> => {
      reader.enter(label);
      currentPhase = label;
      const [before, started] = [threadCpuSeconds(pid), performance.now()];
      const result = await work();
      cpu.set(label, { threads: threadCpuSince(pid, before), seconds: (performance.now() - started) / 1000, units: unitsOf(result) });
      return result;
    };

    // Whatever the seeding left for the background (projections, relays) settles before the idle baseline.
    await sleep(3_000);
    await phase('idle', () => sleep(IDLE_SECONDS * 1000));
    const pairs = (run: { sorted: number[] }) => run.sorted.length;
    const pinAlone = await phase('PIN, 1 kiosk', () => pinRush(kiosks.slice(0, 1), baselinePeople, 'check-in'), pairs);
    const checkIn = await phase('PIN rush, check-in', () => pinRush(kiosks.slice(0, KIOSKS), rushPeople, 'check-in'), pairs);
    const checkOut = CHECKOUT ? await phase('PIN rush, check-out', () => pinRush(kiosks.slice(0, KIOSKS), rushPeople, 'check-out'), pairs) : undefined;

    const faceKiosks = kiosks.slice(0, FACE_KIOSKS);
    const bursts = await Promise.all(
      [...staff.faces].map(async ([person, employeeId]: [SamplePerson, string]) => ({
        body: { frames: (await movingFramesOf(person)).map((frame) => frame.toString('base64')) },
        employeeId,
      })),
    );
    const firstBurst = bursts[0];
    const firstKiosk = faceKiosks[0];
    if (!firstBurst || !firstKiosk) throw new Error('no face kiosk: RUSH_FACE_KIOSKS must be at least 1');
    await faceBurst(firstKiosk, firstBurst.body, firstBurst.employeeId); // the first burst warms the face models
    const faceAlone = sortedOf(
      await phase(
        'face, 1 burst alone',
        async () => {
          const times = [];
          for (let round = 0; round < 3; round += 1) times.push(await faceBurst(firstKiosk, firstBurst.body, firstBurst.employeeId));
          return times;
        },
        (times) => times.length,
      ),
    );
    const faceRush = sortedOf(
      await phase(
        `face rush, ${FACE_KIOSKS} bursts at once`,
        async () => {
          const times = [];
          for (let round = 0; round < FACE_ROUNDS; round += 1) {
            times.push(
              ...(await Promise.all(
                faceKiosks.map((kiosk, n) => {
                  const burst = bursts[n % bursts.length] as (typeof bursts)[number];
                  return faceBurst(kiosk, burst.body, burst.employeeId);
                }),
              )),
            );
          }
          return times;
        },
        (times) => times.length,
      ),
    );
    const adminReads = await reader.stop();

    const perKiosk = process.env.KIOSK_IDENTIFY_PER_MINUTE ?? "60 (the product's default)";
    const limits =
      ADDRESSES === 'shared'
        ? `KIOSK_IDENTIFY_PER_MINUTE ${perKiosk}; every kiosk from one address (127.0.0.2), as behind an office's NAT`
        : `KIOSK_IDENTIFY_PER_MINUTE ${perKiosk}; each kiosk from its own loopback address (RUSH_ADDRESSES=per-kiosk)`;
    console.log(
      `\nMorning rush, embedded product (Node ${process.version}, ${PEOPLE} people, ${KIOSKS} PIN kiosks, ${FACE_KIOSKS} face kiosks × ${FACE_ROUNDS} rounds)`,
    );
    const waited = [...waits].map(
      ([label, counts]) => `${label}: ${counts[429]} × 429, ${counts[503]} × 503, ${(counts.waitedMs / 1000).toFixed(0)} s of kiosk time`,
    );
    console.log(`Limits: ${limits}.\nRefusals waited out: ${waited.length > 0 ? waited.join('; ') : 'none'}.`);
    console.log('Pair = identify by PIN + punch, the answered attempts only; pairs/s counts the waits after a 429/503.\n');
    const pinRow = (label: string, run: typeof pinAlone, goal: string) => ({
      figure: label,
      'pairs/s': run.perSecond.toFixed(1),
      p50: ms(percentile(run.sorted, 50)),
      p95: ms(percentile(run.sorted, 95)),
      p99: ms(percentile(run.sorted, 99)),
      'p99 ÷ 1 kiosk': ratio(percentile(run.sorted, 99), percentile(pinAlone.sorted, 99)),
      'pairs/s ÷ 1 kiosk': ratio(run.perSecond, pinAlone.perSecond),
      goal,
    });
    console.table([
      pinRow(`1 kiosk (baseline), ${pinAlone.sorted.length} pairs`, pinAlone, 'baseline'),
      pinRow(`${KIOSKS} kiosks, check-in, ${checkIn.sorted.length} pairs`, checkIn, '≥ 60/s, p99 ≤ 300 ms'),
      ...(checkOut ? [pinRow(`${KIOSKS} kiosks, check-out, ${checkOut.sorted.length} pairs`, checkOut, '≥ 60/s, p99 ≤ 300 ms')] : []),
    ]);
    console.table([
      {
        figure: '1 burst alone (baseline)',
        bursts: faceAlone.length,
        p50: ms(percentile(faceAlone, 50)),
        p99: ms(percentile(faceAlone, 99)),
        'p50 ÷ alone': '1.00×',
        goal: 'baseline',
      },
      {
        figure: `${FACE_KIOSKS} bursts at once`,
        bursts: faceRush.length,
        p50: ms(percentile(faceRush, 50)),
        p99: ms(percentile(faceRush, 99)),
        'p50 ÷ alone': ratio(percentile(faceRush, 50), percentile(faceAlone, 50)),
        goal: 'p50 ≤ 1.5 s',
      },
    ]);
    const idle = adminReads.get('idle') ?? [];
    console.table(
      [...adminReads]
        .filter(([label]) => label !== 'settling')
        .map(([label, times]) => ({
          'admin GET /api/companies during': label,
          reads: times.length,
          p50: ms(percentile(times, 50)),
          p99: ms(percentile(times, 99)),
          'p50 ÷ idle': ratio(percentile(times, 50), percentile(idle, 50)),
          'p99 ÷ idle': ratio(percentile(times, 99), percentile(idle, 99)),
          goal: label === 'idle' ? 'baseline' : 'p99 ≤ 100 ms',
        })),
    );
    console.log("CPU of the product's threads per phase, by thread name: seconds, and ms per pair or burst [wall time]:");
    for (const [label, { threads, seconds, units }] of cpu) {
      const perUnit = (used: number) => (units > 0 ? ` (${((used * 1000) / units).toFixed(1)} ms each)` : '');
      const total = [...threads.values()].reduce((sum, used) => sum + used, 0);
      const byThread = [...threads].map(([name, used]) => `${name} ${used.toFixed(2)} s${perUnit(used)}`).join(', ');
      console.log(`  ${label} [${seconds.toFixed(1)} s]: ${byThread}; all ${total.toFixed(2)} s = ${(total / seconds).toFixed(2)} of a core`);
    }
    console.log(`Load average at start ${loadAtStart}, at end ${load()} (the machine may be shared: compare the ratios, not the absolute figures).`);
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
