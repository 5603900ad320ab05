import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicForFamily } from '@ams/bus';
import {
  auditPunches,
  burstWithCrash,
  countTopicDeliveries,
  kioskStaff,
  rebalanceAfterCrash,
  startDrillSystem,
  walkthrough,
  type CrashDrill,
  type DrillSystem,
  type PunchAudit,
} from './testing/index.ts';
import type { Workplace } from '@ams/contracts/testing';
import type { GatewayApi } from './testing/gateway-api.ts';

/*
 * Issue 21's system test: every app its own process (started by the launcher's code, from its start script) on
 * real PostgreSQL, a database each, the Kafka-protocol mock broker and two attendance replicas behind the gateway.
 * It prints the figures the issue targets: restart to ready, failover gap, rebalance time and cross-service lag.
 */
const STAFF = 16;
let system: DrillSystem;
let topic: Awaited<ReturnType<typeof countTopicDeliveries>>;
let api: GatewayApi;
let workplace: Workplace;
let drill: CrashDrill;

function report(figure: string, value: number, target: string): void {
  console.log(`distributed drill: ${figure} ${Math.round(value)} ms (target ${target})`);
}

beforeAll(async () => {
  system = await startDrillSystem(process.env.DATABASE_URL ?? '');
  topic = await countTopicDeliveries(system.brokers, topicForFamily('attendance'));
}, 240_000);

/** The observer leaves before the broker goes. */
let observing = true;
async function stopObserving(): Promise<void> {
  if (!observing) return;
  observing = false;
  await topic?.stop();
}

afterAll(async () => {
  await stopObserving();
  await system?.dispose();
}, 60_000);

describe('the distributed stack, one process per app', () => {
  it('walks through the gateway: signs in, sets up a company and an employee with a PIN and a schedule, identifies at the kiosk, punches and shows the day', async () => {
    const done = await walkthrough(system);
    ({ api, workplace } = done);
    const { result } = done;
    report('signed in → first call accepted by the gateway', result.lagsMs.signInToAccepted, '0: read-your-writes');
    report('employee created → known to scheduling (a schedule accepted)', result.lagsMs.employeeToScheduling, '≤ 1000');
    report('employee created → known to attendance', result.lagsMs.employeeToAttendance, '≤ 1000');
    report('PIN set → usable at the kiosk', result.lagsMs.pinToKiosk, '≤ 1000');
    report('schedule assigned → known to attendance', result.lagsMs.scheduleToAttendance, '≤ 1000');
    report('punch answered → in the day view', result.lagsMs.punchToDayView, '≤ 1000');
    expect(result.identifyStatus).toBe(200);
    expect(result.punchStatus).toBe(200);
    expect(result.day).toMatchObject({ timeIn: expect.any(String), timeOut: null });
  }, 90_000);

  it('answers every punch of a burst while an attendance replica is SIGKILLed: the other serves, the restarted one is ready within 5 s', async () => {
    const staff = await kioskStaff(system, api, workplace, STAFF, 'KIOSK');
    drill = await burstWithCrash(system, staff);
    report('attendance SIGKILL → restarted and ready', drill.restartToReadyMs, '≤ 5000');
    report('failover gap (longest wait for an answer while a replica was down)', drill.failoverGapMs, 'a few hundred');
    expect(drill.failed).toEqual([]);
    expect(drill.answered).toHaveLength(STAFF * 4);
    expect(drill.answeredWhileDown).toBeGreaterThan(0);
    expect(drill.failoverGapMs).toBeLessThan(2_000);
    expect(drill.restartToReadyMs).toBeLessThanOrEqual(5_000);
  }, 150_000);

  it('stores every answered punch once, publishes it once and projects it once', async () => {
    expect(drill, 'the burst ran').toBeDefined();
    let audit: PunchAudit;
    const deadline = Date.now() + 60_000;
    for (;;) {
      audit = await auditPunches(system.databaseUrls, drill.answered);
      const published = [...audit.outbox.values()].flatMap((entry) => entry.eventIds);
      const settled =
        audit.unpublished === 0 &&
        audit.projectedByReporting === published.length &&
        published.every((id) => topic.deliveries.has(id)) &&
        audit.completeDays === STAFF;
      if ((settled && audit.outbox.size === drill.answered.length) || Date.now() > deadline) break;
      await sleep(250);
    }
    await sleep(1_000); // a late duplicate would arrive now
    const published = [...audit.outbox.values()].flatMap((entry) => entry.eventIds);
    expect(
      audit.storedPerPunch.every((rows) => rows === 1),
      `stored rows per punch: ${audit.storedPerPunch.join(',')}`,
    ).toBe(true);
    expect(audit.storedInStreams).toBe(drill.answered.length);
    expect([...audit.outbox.values()].map((entry) => entry.rows)).toEqual(drill.answered.map(() => 1));
    expect(audit.unpublished).toBe(0);
    // Every event is on its topic. A replica SIGKILLed after sending a relay batch and before marking it published
    // leaves that batch to the survivor, which sends it again: publication is at least once, the inbox makes the
    // effect once (checked below). Sending exactly once across a kill is issue 33's; until then the copies are
    // reported and bounded by the one batch (100 events) a killed relay can have in flight.
    const copies = published.map((id) => topic.deliveries.get(id) ?? 0);
    expect(copies.every((count) => count >= 1)).toBe(true);
    const extraCopies = copies.reduce((sum, count) => sum + count - 1, 0);
    report('extra copies on the topic after the SIGKILL', extraCopies, '0 once issue 33 lands');
    expect(extraCopies).toBeLessThanOrEqual(100);
    expect(audit.projectedByReporting).toBe(drill.answered.length);
    expect(audit.completeDays).toBe(STAFF);
  }, 90_000);

  it("moves a SIGKILLed replica's share of events to the survivor within seconds", async () => {
    const { rebalanceMs, restartToReadyMs } = await rebalanceAfterCrash(system, api, workplace, 6);
    report('replica SIGKILLed → all new employees known to the survivor (rebalance)', rebalanceMs, '≤ a few seconds');
    report('second replica restarted and ready', restartToReadyMs, '≤ 5000');
    expect(rebalanceMs).toBeLessThan(10_000);
  }, 150_000);

  it('stops every app cleanly on SIGTERM', async () => {
    await stopObserving();
    expect(await system.stop()).toBe(true);
  }, 60_000);
});
