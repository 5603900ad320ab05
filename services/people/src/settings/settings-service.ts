import { newEvent, withOutbox, type EventEnvelope } from '@ams/bus';
import { ipRestrictionEntries, SETTINGS_SAVED, type Settings, type WorkTimeRules } from '@ams/contracts';
import { AppError, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { assertCompanyInScope } from '../organisation/references.ts';
import { effectiveSettings, lockSettings, saveSettings, type StoredSettings } from './settings-repository.ts';

type SettingsChanges = Partial<
  Pick<
    Settings,
    | 'country'
    | 'timezone'
    | 'timeFormat'
    | 'rfidClock'
    | 'pinAfterCard'
    | 'ipRestriction'
    | 'faceAtUnregisteredBrowsers'
    | 'peopleChooseTimeFormat'
    | keyof WorkTimeRules
  >
> & {
  companyId?: string | null | undefined;
};

function view(stored: StoredSettings, companyId: string | null): Settings {
  return {
    companyId,
    country: stored.country,
    timezone: stored.timezone,
    timeFormat: stored.timeFormat,
    rfidClock: stored.rfidClock,
    pinAfterCard: stored.pinAfterCard,
    ipRestriction: stored.ipRestriction,
    faceAtUnregisteredBrowsers: stored.faceAtUnregisteredBrowsers,
    peopleChooseTimeFormat: stored.peopleChooseTimeFormat,
    lateGraceMinutes: stored.lateGraceMinutes,
    overtimeBeforeShift: stored.overtimeBeforeShift,
    overtimeMinimumMinutes: stored.overtimeMinimumMinutes,
    customised: companyId !== null && stored.companyId === companyId,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
  };
}

/**
 * Whose settings a request is about: a SuperAdmin names a company or means the organisation's
 * defaults; everyone else gets their own company's (a named other company is not found).
 */
function settingsScope(caller: SignedInPrincipal, requested: string | null | undefined): string | null {
  if (caller.accountType === 'SuperAdmin') return requested ?? null;
  if (requested !== undefined && requested !== caller.companyId) throw new AppError('not_found', 'companyNotFound');
  return caller.companyId;
}

/** The settings of the organisation (companyId null) or a company, as other services project them. */
export function settingsChanged(settings: Omit<StoredSettings, 'updatedAt'>, now: Date): EventEnvelope {
  return newEvent(
    'settings.SettingsChanged',
    settings.companyId ?? 'organisation',
    {
      companyId: settings.companyId,
      country: settings.country,
      timezone: settings.timezone,
      timeFormat: settings.timeFormat,
      rfidClock: settings.rfidClock,
      pinAfterCard: settings.pinAfterCard,
      ipRestriction: ipRestrictionEntries(settings.ipRestriction),
      faceAtUnregisteredBrowsers: settings.faceAtUnregisteredBrowsers,
      lateGraceMinutes: settings.lateGraceMinutes,
      overtimeBeforeShift: settings.overtimeBeforeShift,
      overtimeMinimumMinutes: settings.overtimeMinimumMinutes,
    },
    { now },
  );
}

export async function readSettings(ctx: PeopleContext, caller: SignedInPrincipal, companyId: string | undefined): Promise<Settings> {
  const target = settingsScope(caller, companyId);
  if (target !== null) await assertCompanyInScope(ctx.pool, scopeOf(caller), target);
  return view(await effectiveSettings(ctx.pool, target), target);
}

/** Spec §3 settings; a company's first save gives it its own copy of the organisation's values. */
export async function writeSettings(ctx: PeopleContext, caller: SignedInPrincipal, changes: SettingsChanges): Promise<{ message: string; settings: Settings }> {
  const target = settingsScope(caller, changes.companyId);
  if (target === null && caller.accountType !== 'SuperAdmin') {
    throw new AppError('forbidden', 'onlyASuperadminCanChangeTheOrganisation');
  }
  return withOutbox(ctx, async (tx, record) => {
    if (target !== null) await assertCompanyInScope(tx, scopeOf(caller), target);
    await lockSettings(tx);
    const { companyId: _companyId, ...fields } = changes;
    const next = {
      ...(await effectiveSettings(tx, target)),
      ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
      companyId: target,
    };
    const now = ctx.now();
    await saveSettings(tx, next, now);
    record(settingsChanged(next, now));
    return { message: SETTINGS_SAVED, settings: view(await effectiveSettings(tx, target), target) };
  });
}
