import { withOutbox } from '@ams/bus';
import { countAttempt, hashPin, isLocked, PERSON_LOCKOUT, verifyPin, type AttemptCounter } from '@ams/credentials';
import { withTransaction, type Queryable } from '@ams/db';
import { AppError, invalidField, type SignedInPrincipal } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { setPinHash } from './employee-repository.ts';
import { pinChanged } from './employee-view.ts';

const MINUTE = 60_000;

// ── SQL ─────────────────────────────────────────────────────────────────────
async function lockAttempts(db: Queryable, employeeId: string): Promise<AttemptCounter | null> {
  const { rows } = await db.query<{ failures: number; last: Date; locked: Date | null }>(
    'SELECT failures, last_attempt_at AS last, locked_until AS locked FROM own_pin_attempts WHERE employee_id = $1 FOR UPDATE',
    [employeeId],
  );
  const row = rows[0];
  return row ? { failures: row.failures, lastAttemptAt: row.last.getTime(), lockedUntil: row.locked?.getTime() ?? null } : null;
}

async function saveAttempts(db: Queryable, employeeId: string, attempts: AttemptCounter): Promise<void> {
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
    // The kiosk's lockout: counted before the PIN is checked, so parallel guesses cannot slip under its threshold.
    const before = (await lockAttempts(tx, employeeId)) ?? { failures: 0, lastAttemptAt: at, lockedUntil: null };
    if (isLocked(before, at) && before.lockedUntil !== null) return { kind: 'locked', until: before.lockedUntil };
    await saveAttempts(tx, employeeId, countAttempt(PERSON_LOCKOUT, before, at));
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
