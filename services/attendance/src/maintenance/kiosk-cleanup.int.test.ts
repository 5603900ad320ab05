import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { announceEmployee, announceSchedule, type AttendanceHarness } from '../test-support/attendance-harness.ts';
import { cleanUpKiosk, KIOSK_CLEANUP_BATCH } from './kiosk-cleanup.ts';
import { givePin, identifyPin, punchWith, startedForKiosk } from '../test-support/kiosk-test-support.ts';

const PIN = '246813';
let harness: AttendanceHarness;

startedForKiosk(
  (started) => {
    harness = started;
  },
  { timezone: 'Europe/Lisbon' },
);

async function spentTickets(): Promise<string[]> {
  const { rows } = await harness.pool.query<{ ticketId: string }>('SELECT ticket_id AS "ticketId" FROM kiosk_used_tickets ORDER BY expires_at');
  return rows.map((row) => row.ticketId);
}

async function counterScopes(): Promise<string[]> {
  const { rows } = await harness.pool.query<{ scope: string }>('SELECT scope FROM kiosk_pin_attempts ORDER BY scope');
  return rows.map((row) => row.scope);
}

describe('the kiosk clean-up', () => {
  it('leaves expired spent tickets to the worker: a punch deletes none, the tick deletes them all and keeps the unexpired', async () => {
    const employee = await announceEmployee(harness, { email: 'cleanup.ticket@example.com', nationalId: 'C-1' });
    await announceSchedule(harness, employee);
    await givePin(harness, employee, PIN);
    harness.clock.set('2026-11-23T08:57:00.000Z');
    const expired = randomUUID();
    await harness.pool.query('INSERT INTO kiosk_used_tickets (ticket_id, command_id, expires_at) VALUES ($1, $2, $3)', [
      expired,
      randomUUID(),
      new Date('2026-11-23T08:00:00.000Z'),
    ]);

    const identified = await identifyPin(harness, { identifier: 'cleanup.ticket@example.com', pin: PIN });
    const punched = await punchWith(harness, { ticket: identified.json<{ ticket: string }>().ticket, action: 'check-in', commandId: randomUUID() });
    expect(punched.statusCode).toBe(200);
    const afterPunch = await spentTickets();
    expect(afterPunch).toHaveLength(2);
    expect(afterPunch).toContain(expired);

    expect(await cleanUpKiosk(harness.pool, harness.clock.now())).toBe(false);
    expect(await spentTickets()).toEqual(afterPunch.filter((ticketId) => ticketId !== expired));
  });

  it('leaves forgotten PIN counters to the worker, which keeps the recent and the locking ones', async () => {
    harness.clock.set('2026-11-24T12:00:00.000Z');
    const dayAgo = new Date('2026-11-23T11:00:00.000Z');
    await harness.pool.query(
      `INSERT INTO kiosk_pin_attempts (scope, failures, last_attempt_at, locked_until) VALUES
         ('employee:forgotten', 2, $1, NULL), ('employee:locking', 9, $1, '2026-11-24T13:00:00Z'), ('employee:recent', 1, '2026-11-24T11:59:00Z', NULL)`,
      [dayAgo],
    );
    const wrong = await identifyPin(harness, { identifier: 'nobody@example.com', pin: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(await counterScopes()).toContain('employee:forgotten');

    await cleanUpKiosk(harness.pool, harness.clock.now());
    const kept = await counterScopes();
    expect(kept).not.toContain('employee:forgotten');
    expect(kept).toEqual(expect.arrayContaining(['employee:locking', 'employee:recent']));
  });

  it('asks for another pass at once when a batch was full', async () => {
    harness.clock.set('2026-11-25T12:00:00.000Z');
    await harness.pool.query(
      `INSERT INTO kiosk_used_tickets (ticket_id, command_id, expires_at) SELECT gen_random_uuid(), gen_random_uuid(), $2 FROM generate_series(1, $1)`,
      [KIOSK_CLEANUP_BATCH + 1, new Date('2026-11-25T11:00:00.000Z')],
    );
    expect(await cleanUpKiosk(harness.pool, harness.clock.now())).toBe(true);
    expect(await cleanUpKiosk(harness.pool, harness.clock.now())).toBe(false);
    const { rows } = await harness.pool.query('SELECT 1 FROM kiosk_used_tickets WHERE expires_at < $1', [harness.clock.now()]);
    expect(rows).toEqual([]);
  });
});
