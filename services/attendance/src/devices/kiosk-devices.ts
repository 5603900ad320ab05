import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { KioskDevice } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { companyKnown } from '@ams/directory';
import { AppError, invalidField, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import { noteKioskAnswer } from './kiosk-answer.ts';

/** A registered kiosk, as the clock routes know it from its token. */
export interface RegisteredKiosk {
  deviceId: string;
  companyId: string;
  name: string;
}

const TOKEN_PREFIX = 'kd_';

const hashOf = (token: string) => createHash('sha256').update(token).digest();

const deviceColumns = `device_id AS id, company_id AS "companyId", name, created_at AS "createdAt", last_seen_at AS "lastSeenAt", last_contact_at AS "lastContactAt",
  clock_offset_ms::float8 AS "clockOffsetMs", queue_length AS "queueLength", revoked_at AS "revokedAt"`;

type DeviceRow = Omit<KioskDevice, 'createdAt' | 'lastSeenAt' | 'lastContactAt' | 'revokedAt'> & {
  createdAt: Date;
  lastSeenAt: Date | null;
  lastContactAt: Date | null;
  revokedAt: Date | null;
};

const deviceOf = (row: DeviceRow): KioskDevice => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  lastContactAt: row.lastContactAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** The active kiosk a token belongs to; a missing token is no kiosk, an unknown or revoked one is refused. */
export async function kioskOfToken(db: Queryable, token: string | null): Promise<RegisteredKiosk | null> {
  if (token === null) return null;
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) throw refused(token);
  const { rows } = await db.query<RegisteredKiosk>({
    name: 'attendance.kiosk-of-token',
    text: 'SELECT device_id AS "deviceId", company_id AS "companyId", name FROM kiosk_devices WHERE token_hash = $1 AND revoked_at IS NULL',
    values: [hashOf(token)],
  });
  const kiosk = rows[0];
  if (!kiosk) throw refused(token);
  noteKioskAnswer(token, kiosk.deviceId);
  return kiosk;
}

function refused(token: string): AppError {
  noteKioskAnswer(token, null);
  return new AppError('unauthorized', 'kioskNotRegistered');
}

/** How often "last seen" is written per kiosk: the admins' list shows it to the minute. */
const SEEN_PRECISION_MS = 60_000;
/** This process's last write of each kiosk's "last seen" (epoch ms); bounded by the registered kiosks. */
const seenWritten = new Map<string, number>();

/**
 * Notes that the kiosk identified someone (shown to admins as "last seen"), at most once a minute per kiosk
 * and process: a rush identifies a person every few seconds per kiosk, and each write would be a row update.
 */
export async function markKioskSeen(db: Queryable, kiosk: RegisteredKiosk, now: Date): Promise<void> {
  const at = now.getTime();
  const written = seenWritten.get(kiosk.deviceId);
  if (written !== undefined && at >= written && at - written < SEEN_PRECISION_MS) return;
  await db.query({
    name: 'attendance.mark-kiosk-seen',
    text: 'UPDATE kiosk_devices SET last_seen_at = $2 WHERE device_id = $1',
    values: [kiosk.deviceId, now],
  });
  seenWritten.set(kiosk.deviceId, at);
}

/** What a kiosk reported on its periodic contact (shown to admins beside "last seen"). */
export async function recordKioskContact(
  db: Queryable,
  kiosk: RegisteredKiosk,
  report: { queueLength: number; clockOffsetMs: number | null },
  now: Date,
): Promise<void> {
  await db.query({
    name: 'attendance.record-kiosk-contact',
    text: `UPDATE kiosk_devices SET last_contact_at = $2, queue_length = $3, clock_offset_ms = COALESCE($4, clock_offset_ms),
             empty_queue_at = CASE WHEN $3 = 0 THEN $2 ELSE empty_queue_at END WHERE device_id = $1`,
    values: [kiosk.deviceId, now, report.queueLength, report.clockOffsetMs],
  });
}

/**
 * Since when the kiosk's offline punches may date: its last online report of an empty queue, or its
 * registration (it can seal nothing before its first contact).
 */
export async function kioskOfflineSince(db: Queryable, kiosk: RegisteredKiosk): Promise<Date | null> {
  const { rows } = await db.query<{ since: Date | null }>({
    name: 'attendance.kiosk-offline-since',
    text: 'SELECT GREATEST(empty_queue_at, created_at) AS since FROM kiosk_devices WHERE device_id = $1',
    values: [kiosk.deviceId],
  });
  return rows[0]?.since ?? null;
}

/** True when the company has an active registered kiosk: its employees are then identified only there. */
async function companyHasKiosks(db: Queryable, companyId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM kiosk_devices WHERE company_id = $1 AND revoked_at IS NULL LIMIT 1', [companyId]);
  return (rowCount ?? 0) > 0;
}

/**
 * Whether a kiosk may identify an employee of `companyId`: a registered kiosk only its own company's, an
 * unregistered client only companies that have not registered kiosks.
 */
export async function kioskServes(db: Queryable, kiosk: RegisteredKiosk | null, companyId: string): Promise<boolean> {
  return kiosk ? kiosk.companyId === companyId : !(await companyHasKiosks(db, companyId));
}

// ── Administration ────────────────────────────────────────────────────────

/** The company a caller registers or lists kiosks of: an Admin's own; a SuperAdmin names one. */
function companyFor(caller: SignedInPrincipal, companyId: string | undefined): string | null {
  const scope = scopeOf(caller);
  if (scope.kind === 'company') {
    if (scope.companyId === null || (companyId !== undefined && companyId !== scope.companyId)) throw new AppError('not_found', 'companyNotFound');
    return scope.companyId;
  }
  return companyId ?? null;
}

export async function listKioskDevices(db: Queryable, caller: SignedInPrincipal, query: { companyId?: string | undefined }): Promise<{ items: KioskDevice[] }> {
  const companyId = companyFor(caller, query.companyId);
  const { rows } = await db.query<DeviceRow>(
    `SELECT ${deviceColumns} FROM kiosk_devices WHERE $1::uuid IS NULL OR company_id = $1 ORDER BY revoked_at IS NOT NULL, name, created_at`,
    [companyId],
  );
  return { items: rows.map(deviceOf) };
}

/** Registers a kiosk; the token is returned this once. */
export async function registerKioskDevice(
  db: Queryable,
  caller: SignedInPrincipal,
  body: { name: string; companyId?: string | undefined },
  now: Date,
): Promise<{ device: KioskDevice; token: string }> {
  const companyId = companyFor(caller, body.companyId);
  if (companyId === null) throw invalidField('companyId', 'companyIsRequired');
  // An Admin's own company is known; a company a SuperAdmin names must be one attendance knows.
  if (scopeOf(caller).kind === 'all' && !(await companyKnown(db, companyId))) {
    throw invalidField('companyId', 'companyNotFound');
  }
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const { rows } = await db.query<DeviceRow>(
    `INSERT INTO kiosk_devices (device_id, company_id, name, token_hash, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${deviceColumns}`,
    [randomUUID(), companyId, body.name, hashOf(token), caller.userId, now],
  );
  return { device: deviceOf(rows[0] as DeviceRow), token };
}

/** Revokes a kiosk of the caller's scope: its token stops working at once. */
export async function revokeKioskDevice(db: Queryable, caller: SignedInPrincipal, deviceId: string): Promise<void> {
  const scope = scopeOf(caller);
  if (scope.kind === 'company' && scope.companyId === null) throw new AppError('not_found', 'kioskNotFound');
  const { rowCount } = await db.query(
    `UPDATE kiosk_devices SET revoked_at = COALESCE(revoked_at, now()) WHERE device_id = $1 AND ($2::uuid IS NULL OR company_id = $2)`,
    [deviceId, scope.kind === 'company' ? scope.companyId : null],
  );
  if (!rowCount) throw new AppError('not_found', 'kioskNotFound');
}
