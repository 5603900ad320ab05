import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Attendance } from '@ams/contracts';
import { createPool, type Queryable } from '@ams/db';
import { findDirectoryEmployee, schedulesOf } from '@ams/directory';
import { DRILL_ADMIN, type DrillSystem } from './drill-system.ts';
import { createWorkplace, type Workplace } from '@ams/contracts/testing';
import { GatewayApi } from './gateway-api.ts';
import { longestSilence, punchBurst, type BurstOutcome } from './punch-burst.ts';

const PIN = '482613';

/** What attendance's database is polled for, by employee id (its name goes in the timeout's message). */
type Check = (db: Queryable, employeeId: string) => Promise<boolean>;

/** Polls attendance's database until `known` holds for the employee; resolves with the milliseconds since `since`. */
async function visibleInAttendance(system: DrillSystem, since: number, known: Check, employeeId: string, timeoutMs = 60_000): Promise<number> {
  const pool = createPool({ connectionString: system.databaseUrls.attendance, schema: 'attendance', max: 1 });
  try {
    while (!(await known(pool, employeeId))) {
      if (performance.now() - since > timeoutMs) throw new Error(`not visible in attendance after ${timeoutMs} ms: ${known.name} ${employeeId}`);
      await sleep(20);
    }
    return performance.now() - since;
  } finally {
    await pool.end();
  }
}

async function employeeKnown(db: Queryable, employeeId: string): Promise<boolean> {
  return (await findDirectoryEmployee(db, employeeId)) !== null;
}

async function pinKnown(db: Queryable, employeeId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM kiosk_identities WHERE employee_id = $1 AND pin_hash IS NOT NULL', [employeeId]);
  return (rowCount ?? 0) > 0;
}

async function scheduleKnown(db: Queryable, employeeId: string): Promise<boolean> {
  return (await schedulesOf(db, employeeId)).length > 0;
}

export interface Walkthrough {
  /**
   * Signed in → the gateway accepts the token; employee created (people answered) → in attendance's directory;
   * PIN set → usable at the kiosk; schedule assigned → known to attendance.
   */
  lagsMs: {
    signInToAccepted: number;
    employeeToAttendance: number;
    employeeToScheduling: number;
    pinToKiosk: number;
    scheduleToAttendance: number;
    punchToDayView: number;
  };
  identifyStatus: number;
  punchStatus: number;
  day: Attendance | undefined;
}

/** Sign in, a company and an employee with a PIN and a schedule, identify at the kiosk, punch, see the day. */
export async function walkthrough(system: DrillSystem): Promise<{ api: GatewayApi; workplace: Workplace; result: Walkthrough }> {
  const api = await GatewayApi.signIn(system.url, DRILL_ADMIN.email, DRILL_ADMIN.password);
  const signInToAccepted = await api.untilAccepted('companies');
  const workplace = await createWorkplace(api, 'Drill');
  const employee = await api.createEmployee(workplace, { firstName: 'Walker', nationalId: 'WALK-1', pin: PIN });
  const [employeeToAttendance, pinToKiosk] = await Promise.all([
    visibleInAttendance(system, employee.createdAt, employeeKnown, employee.id),
    visibleInAttendance(system, employee.createdAt, pinKnown, employee.id),
  ]);
  await api.createAllDaySchedule(employee.id, new Date());
  const scheduled = performance.now();
  const employeeToScheduling = scheduled - employee.createdAt;
  const scheduleToAttendance = await visibleInAttendance(system, scheduled, scheduleKnown, employee.id);

  const identify = await fetch(`${system.url}/api/clock/identify/pin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'WALK-1', pin: PIN }),
  });
  const { ticket } = (await identify.json()) as { ticket: string };
  const punch = await fetch(`${system.url}/api/clock/punch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket, action: 'check-in', commandId: crypto.randomUUID() }),
  });
  await punch.body?.cancel();
  const punched = performance.now();
  // The day view is attendance's read model, projected from its event store a moment after the punch.
  let day: Attendance | undefined;
  while (!day && performance.now() - punched < 30_000) {
    ({
      items: [day],
    } = await api.call<{ items: Attendance[] }>('GET', `attendance?employeeId=${employee.id}`));
    if (!day) await sleep(20);
  }
  return {
    api,
    workplace,
    result: {
      lagsMs: { signInToAccepted, employeeToAttendance, employeeToScheduling, pinToKiosk, scheduleToAttendance, punchToDayView: performance.now() - punched },
      identifyStatus: identify.status,
      punchStatus: punch.status,
      day,
    },
  };
}

/** Employees with an all-day schedule, each known to attendance (directory and schedule) before it returns. */
export async function kioskStaff(system: DrillSystem, api: GatewayApi, workplace: Workplace, count: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const { id } = await api.createEmployee(workplace, { firstName: `Kiosk ${n}`, nationalId: `${tag}-${n}`, pin: PIN });
    await api.createAllDaySchedule(id, new Date());
    ids.push(id);
  }
  const since = performance.now();
  for (const id of ids) await visibleInAttendance(system, since, scheduleKnown, id);
  return ids;
}

export interface CrashDrill extends BurstOutcome {
  /** SIGKILL of the first attendance replica → its restart answering /ready. */
  restartToReadyMs: number;
  /** The longest time no punch was answered while that replica was down. */
  failoverGapMs: number;
  /** Punches answered while it was down (by the other replica). */
  answeredWhileDown: number;
}

/** A punch burst through the gateway; once a quarter is answered, attendance is SIGKILLed and restarted at once. */
export async function burstWithCrash(system: DrillSystem, employeeIds: readonly string[]): Promise<CrashDrill> {
  let crash: Promise<{ killedAt: number; readyAt: number; restartToReadyMs: number }> | undefined;
  const crashAndRestart = async () => {
    const killedAt = performance.now();
    await system.kill('attendance');
    const restartToReadyMs = await system.restart('attendance');
    return { killedAt, readyAt: performance.now(), restartToReadyMs };
  };
  const outcome = await punchBurst({
    gatewayUrl: system.url,
    clockTicketSecret: system.secrets.clockTicket,
    employeeIds,
    pauseMs: 250,
    staggerMs: 150,
    retryForMs: 60_000,
    onAnswered: (answeredSoFar) => {
      if (!crash && answeredSoFar >= employeeIds.length) crash = crashAndRestart();
    },
  });
  if (!crash) throw new Error('the burst ended before attendance was killed');
  const { killedAt, readyAt, restartToReadyMs } = await crash;
  const lastAnswer = Math.max(...outcome.answered.map((punch) => punch.answeredAt));
  return {
    ...outcome,
    restartToReadyMs,
    failoverGapMs: longestSilence(outcome.answered, killedAt, Math.min(readyAt, lastAnswer)),
    answeredWhileDown: outcome.answered.filter((punch) => punch.answeredAt > killedAt && punch.answeredAt < readyAt).length,
  };
}

/**
 * SIGKILLs the second attendance replica (no clean leave), creates employees at once and resolves with how long
 * until attendance knew them all: the events of the dead member's partitions wait for the group to rebalance.
 */
export async function rebalanceAfterCrash(
  system: DrillSystem,
  api: GatewayApi,
  workplace: Workplace,
  count: number,
): Promise<{ rebalanceMs: number; restartToReadyMs: number }> {
  await system.kill('attendance-2');
  const created = [];
  for (let n = 1; n <= count; n += 1) created.push(await api.createEmployee(workplace, { firstName: `Late ${n}`, nationalId: `LATE-${n}`, pin: PIN }));
  const lags = await Promise.all(created.map((employee) => visibleInAttendance(system, employee.createdAt, employeeKnown, employee.id)));
  const restartToReadyMs = await system.restart('attendance-2');
  return { rebalanceMs: Math.max(...lags), restartToReadyMs };
}
