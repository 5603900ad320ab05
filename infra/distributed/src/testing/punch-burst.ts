import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pinTicketFor } from '@ams/attendance/testing';
import { clockActions } from '@ams/contracts';

export interface AnsweredPunch {
  employeeId: string;
  action: string;
  commandId: string;
  /** performance.now() when the 200 came. */
  answeredAt: number;
  attempts: number;
}

export interface BurstOutcome {
  answered: AnsweredPunch[];
  /** Punches refused for good (a 4xx other than a rate limit) or still failing at the deadline. */
  failed: Array<{ employeeId: string; action: string; status: number; body: string }>;
}

export interface BurstOptions {
  gatewayUrl: string;
  clockTicketSecret: string;
  employeeIds: readonly string[];
  /** Between one employee's punches, and between employees' first punches. */
  pauseMs: number;
  staggerMs: number;
  /** How long one punch is retried (same command id, same ticket) before it counts as failed. */
  retryForMs: number;
  /** Called after each answered punch with how many are answered so far. */
  onAnswered?: (answeredSoFar: number) => void;
}

/** Statuses and errors a kiosk retries: the service was away, not the punch wrong. */
const retryable = new Set([0, 429, 500, 502, 503, 504]);

async function punchUntilAnswered(options: BurstOptions, employeeId: string, action: string): Promise<AnsweredPunch | { status: number; body: string }> {
  const commandId = randomUUID();
  const body = JSON.stringify({ ticket: pinTicketFor(employeeId, options.clockTicketSecret, 'drill'), action, commandId });
  const deadline = performance.now() + options.retryForMs;
  for (let attempts = 1; ; attempts += 1) {
    const answer = await fetch(`${options.gatewayUrl}/api/clock/punch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
    }).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      (error: unknown) => ({ status: 0, body: String(error) }),
    );
    if (answer.status === 200) return { employeeId, action, commandId, answeredAt: performance.now(), attempts };
    if (!retryable.has(answer.status) || performance.now() > deadline) return answer;
    await sleep(100);
  }
}

/**
 * Kiosks punching through the gateway: each employee checks in, breaks, comes back and checks out, each punch
 * retried with its command id until answered, as the kiosk's offline queue does.
 */
export async function punchBurst(options: BurstOptions): Promise<BurstOutcome> {
  const outcome: BurstOutcome = { answered: [], failed: [] };
  await Promise.all(
    options.employeeIds.map(async (employeeId, index) => {
      await sleep(index * options.staggerMs);
      for (const action of clockActions) {
        const result = await punchUntilAnswered(options, employeeId, action);
        if ('commandId' in result) {
          outcome.answered.push(result);
          options.onAnswered?.(outcome.answered.length);
        } else {
          outcome.failed.push({ employeeId, action, ...result });
          return;
        }
        await sleep(options.pauseMs);
      }
    }),
  );
  return outcome;
}

/** The longest stretch in [from, to] without an answered punch: how long kiosks waited on a failover. */
export function longestSilence(answered: readonly AnsweredPunch[], from: number, to: number): number {
  const times = [
    from,
    ...answered
      .map((punch) => punch.answeredAt)
      .filter((at) => at > from && at < to)
      .sort((a, b) => a - b),
    to,
  ];
  return Math.max(...times.slice(1).map((at, index) => at - (times[index] ?? at)));
}
