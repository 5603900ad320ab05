import { withOutbox } from '@ams/bus';
import { hashPin, verifyPin } from '@ams/credentials';
import { withTransaction, type Queryable } from '@ams/db';
import { AppError, invalidField, type SignedInPrincipal } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { setPinHash } from './employee-repository.ts';
import { pinChanged } from './employee-view.ts';

const MINUTE = 60_000;

/**
 * As the kiosk counts wrong PINs per person: from the 5th wrong current PIN on, each locks the change for
 * 1 min, doubled per further one, at most 1 h; forgotten after a day without attempts; a right one starts over.
 */
export const OWN_PIN_LOCKOUT = { threshold: 5, baseMs: MINUTE, capMs: 60 * MINUTE, forgetAfterMs: 24 * 60 * MINUTE } as const;

interface Attempts {
  failures: number;
  lastAttemptAt: number;
  lockedUntil: number | null;
}

/** The counter after one more attempt, counted before the PIN is checked, so parallel guesses cannot slip under the threshold. */
export function countOwnPinAttempt(before: Attempts | null, now: number): Attempts {
  const forgotten = before === null || now - before.lastAttemptAt > OWN_PIN_LOCKOUT.forgetAfterMs;
  const failures = (forgotten ? 0 : before.failures) + 1;
  const over = failures - OWN_PIN_LOCKOUT.threshold;
  const lockMs = over < 0 ? 0 : Math.min(OWN_PIN_LOCKOUT.capMs, OWN_PIN_LOCKOUT.baseMs * 2 ** Math.min(over, 30));
  return { failures, lastAttemptAt: now, lockedUntil: lockMs > 0 ? now + lockMs : null };
}

// ── SQL ─────────────────────────────────────────────────────────────────────
async function lockAttempts(db: Queryable, employeeId: string): Promise<Attempts | null> {
  const { rows } = await db.query<{ failures: number; last: Date; locked: Date | null }>(
    'SELECT failures, last_attempt_at AS last, locked_until AS locked FROM own_pin_attempts WHERE employee_id = $1 FOR UPDATE',
    [employeeId],
  );
  const row = rows[0];
  return row ? { failures: row.failures, lastAttemptAt: row.last.getTime(), lockedUntil: row.locked?.getTime() ?? null } : null;
}

async function saveAttempts(db: Queryable, employeeId: string, attempts: Attempts): Promise<void> {
  await db.query(
    `INSERT INTO own_pin_attempts (employee_id, failures, last_attempt_at, locked_until) VALUES ($1, $2, $3, $4)
     ON CONFLICT (employee_id) DO UPDATE SET failures = $2, last_attempt_at = $3, locked_until = $4`,
    [employeeId, attempts.failures, new Date(attempts.lastAttemptAt), attempts.lockedUntil === null ? null : new Date(attempts.lockedUntil)],
  );
}

async function clearAttempts(db: Queryable, employeeId: string): Promise<void> {
  await db.query('DELETE FROM own_pin_attempts WHERE employee_id = $1', [employeeId]);
}

async function lockedPinOf(db: Queryable, employeeId: string): Promise<{ pinHash: string | null; companyId: string } | null> {
  const { rows } = await db.query<{ pinHash: string | null; companyId: string }>(
    'SELECT pin_hash AS "pinHash", company_id AS "companyId" FROM employees WHERE id = $1 FOR UPDATE',
    [employeeId],
  );
  return rows[0] ?? null;
}

// ── Service ─────────────────────────────────────────────────────────────────
function tooMany(lockedUntil: number, now: number): AppError {
  return new AppError('rate_limited', 'tooManyWrongAttempts', { params: { count: Math.max(1, Math.ceil((lockedUntil - now) / MINUTE)) } });
}

/**
 * PUT /api/me/pin: the signed-in employee replaces their own kiosk PIN. The attempt is counted in one short
 * transaction, the slow argon2 checks run outside any transaction, and a right current PIN saves the new
 * hash and starts the count over.
 */
export async function changeOwnPin(ctx: PeopleContext, caller: SignedInPrincipal, currentPin: string, pin: string): Promise<void> {
  const employeeId = caller.employeeId;
  if (employeeId === null) throw new AppError('forbidden', 'accountNotLinked');
  if (currentPin === pin) throw invalidField('pin', 'newPinSameAsCurrent');
  const at = ctx.now().getTime();
  const claim = await withTransaction(ctx.pool, async (tx): Promise<{ kind: 'locked'; until: number } | { kind: 'claimed'; pinHash: string }> => {
    const employee = await lockedPinOf(tx, employeeId);
    if (!employee) throw new AppError('forbidden', 'accountNotLinked');
    if (employee.pinHash === null) throw new AppError('conflict', 'noPinToChange');
    const before = await lockAttempts(tx, employeeId);
    if (before?.lockedUntil != null && before.lockedUntil > at) return { kind: 'locked', until: before.lockedUntil };
    await saveAttempts(tx, employeeId, countOwnPinAttempt(before, at));
    return { kind: 'claimed', pinHash: employee.pinHash };
  });
  if (claim.kind === 'locked') throw tooMany(claim.until, at);
  if (!(await verifyPin(claim.pinHash, currentPin, ctx.pinPepper))) throw invalidField('currentPin', 'wrongCurrentPin');
  const pinHash = await hashPin(pin, ctx.pinPepper);
  await withOutbox(ctx, async (tx, record) => {
    const employee = await lockedPinOf(tx, employeeId);
    if (!employee) throw new AppError('forbidden', 'accountNotLinked');
    await setPinHash(tx, employeeId, pinHash, ctx.now());
    await clearAttempts(tx, employeeId);
    record(pinChanged({ id: employeeId, companyId: employee.companyId }, pinHash, ctx.now()));
  });
}
