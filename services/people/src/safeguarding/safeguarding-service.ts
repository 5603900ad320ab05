import { newEvent, withOutbox, type RecordEvent } from '@ams/bus';
import type { KioskNotice, SafeguardingSettings } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { reloadEmployee } from '../employees/employee-service.ts';
import { employeeChanged } from '../employees/employee-view.ts';
import { assertCompanyInScope } from '../organisation/references.ts';
import { deletePhotoAndFace } from '../employees/employee-repository.ts';
import {
  deleteCompanyPhotos,
  deleteCompanyTemplates,
  faceClockingOf,
  lockExpiredBiometrics,
  readSafeguarding,
  saveFaceClocking,
  saveSafeguarding,
  type StoredSafeguarding,
} from './safeguarding-repository.ts';

const DAY_MS = 86_400_000;

function view(stored: StoredSafeguarding): SafeguardingSettings {
  return { kioskNotice: stored.kioskNotice, retentionDays: stored.retentionDays, updatedAt: stored.updatedAt?.toISOString() ?? null };
}

export async function safeguardingSettings(ctx: PeopleContext): Promise<SafeguardingSettings> {
  return view(await readSafeguarding(ctx.pool));
}

/** The kiosk notice, for the public clock page. */
export async function kioskNotice(ctx: PeopleContext): Promise<{ kioskNotice: KioskNotice }> {
  return { kioskNotice: (await readSafeguarding(ctx.pool)).kioskNotice };
}

/** One set for the whole organisation: only a SuperAdmin changes it (the route admits no one else). */
export async function writeSafeguarding(
  ctx: PeopleContext,
  changes: { kioskNotice?: KioskNotice | undefined; retentionDays?: number | undefined },
): Promise<SafeguardingSettings> {
  return withOutbox(ctx, async (tx) => {
    const before = await readSafeguarding(tx, { forUpdate: true });
    await saveSafeguarding(
      tx,
      { kioskNotice: changes.kioskNotice ?? before.kioskNotice, retentionDays: changes.retentionDays ?? before.retentionDays },
      ctx.now(),
    );
    return view(await readSafeguarding(tx));
  });
}

/**
 * Tells the other services that these employees' templates (and, for `photosGone`, photos) are gone: FaceRemoved
 * makes attendance drop the template and thumbnail (idempotently); a new snapshot says the photo is gone.
 */
async function announceRemoved(tx: PoolClient, record: RecordEvent, withoutFace: readonly string[], photosGone: readonly string[], now: Date): Promise<void> {
  for (const employeeId of new Set([...withoutFace, ...photosGone])) record(newEvent('employee.FaceRemoved', employeeId, { employeeId }, { now }));
  for (const employeeId of new Set(photosGone)) record(employeeChanged('employee.EmployeeUpdated', await reloadEmployee(tx, employeeId), now));
}

export async function readFaceClocking(ctx: PeopleContext, caller: SignedInPrincipal, companyId: string) {
  await assertCompanyInScope(ctx.pool, scopeOf(caller), companyId);
  const { enabled, updatedAt } = await faceClockingOf(ctx.pool, companyId);
  return { companyId, enabled, updatedAt: updatedAt?.toISOString() ?? null };
}

/**
 * Turns a company's face clocking on or off. Off deletes every face template of its employees in the same
 * transaction (and their photos when asked); it cannot be undone, as new templates come only from new photos.
 * While off, a photo upload enrols no face.
 */
export async function writeFaceClocking(ctx: PeopleContext, caller: SignedInPrincipal, body: { companyId: string; enabled: boolean; deletePhotos: boolean }) {
  return withOutbox(ctx, async (tx, record) => {
    await assertCompanyInScope(tx, scopeOf(caller), body.companyId);
    const now = ctx.now();
    await saveFaceClocking(tx, body.companyId, body.enabled, now);
    let templates: string[] = [];
    let photos: string[] = [];
    if (!body.enabled) {
      templates = await deleteCompanyTemplates(tx, body.companyId);
      if (body.deletePhotos) photos = await deleteCompanyPhotos(tx, body.companyId);
      await announceRemoved(tx, record, templates, photos, now);
    }
    record(newEvent('settings.FaceClockingChanged', body.companyId, { companyId: body.companyId, enabled: body.enabled }, { now }));
    return { companyId: body.companyId, enabled: body.enabled, updatedAt: now.toISOString(), templatesDeleted: templates.length, photosDeleted: photos.length };
  });
}

/** Whether a company's employees get face templates from their photos. */
export async function faceClockingEnabled(tx: PoolClient, companyId: string): Promise<boolean> {
  return (await faceClockingOf(tx, companyId)).enabled;
}

export const RETENTION_BATCH = 100;

/**
 * Deletes the photos and face templates of employees archived more than the retention's days ago (by the
 * service's clock), a batch at a time; their attendance and records stay. The number deleted (a full
 * batch means more may wait).
 */
export async function purgeExpiredBiometrics(ctx: PeopleContext): Promise<number> {
  const { retentionDays } = await readSafeguarding(ctx.pool);
  return withOutbox(ctx, async (tx, record) => {
    const now = ctx.now();
    const expired = await lockExpiredBiometrics(tx, new Date(now.getTime() - retentionDays * DAY_MS), RETENTION_BATCH);
    for (const employeeId of expired) await deletePhotoAndFace(tx, employeeId);
    await announceRemoved(tx, record, expired, expired, now);
    return expired.length;
  });
}
