import { defaultSettings, defaultWorkTimeRules, type WorkTimeRules } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { effectiveSettingsLookup } from './effective-settings.ts';

export interface ClockSettings extends WorkTimeRules {
  timezone: string;
  timeFormat: 1 | 2;
  rfidClock: boolean;
  /** Whether the kiosk asks for the holder's PIN after an RFID card. */
  pinAfterCard: boolean;
  /** Addresses and CIDR ranges the clock accepts; empty = any. */
  ipRestriction: string[];
  /** Whether the kiosk identifies faces at browsers that are not registered kiosks. */
  faceAtUnregisteredBrowsers: boolean;
}

/** Before people announced any settings. */
export const fallbackSettings: ClockSettings = {
  timezone: defaultSettings.timezone,
  timeFormat: defaultSettings.timeFormat,
  rfidClock: defaultSettings.rfidClock,
  pinAfterCard: defaultSettings.pinAfterCard,
  ipRestriction: [],
  faceAtUnregisteredBrowsers: defaultSettings.faceAtUnregisteredBrowsers,
  ...defaultWorkTimeRules,
};

const rulesColumns = `late_grace_minutes AS "lateGraceMinutes", overtime_before_shift AS "overtimeBeforeShift", overtime_minimum_minutes AS "overtimeMinimumMinutes"`;

/** The clock settings of the company `company` (an SQL expression); clockContextOf reads them in its own statement. */
export const clockSettingsSql = (company: string) => `SELECT timezone, time_format AS "timeFormat", rfid_clock AS "rfidClock", pin_after_card AS "pinAfterCard",
    ip_restriction AS "ipRestriction",
    face_at_unregistered_browsers AS "faceAtUnregisteredBrowsers", ${rulesColumns}
  FROM directory_effective_settings(${company})`;

/** A company's settings, else the organisation's, else the spec's defaults (before people announced any). */
export async function clockSettingsOf(db: Queryable, companyId: string | null): Promise<ClockSettings> {
  const { rows } = await db.query<ClockSettings>(clockSettingsSql('$1'), [companyId]);
  return rows[0] ?? fallbackSettings;
}

/** Each company's work-time rules: its own settings', else the organisation's, else the defaults. */
export async function workTimeRulesOf(db: Queryable, companyIds: readonly string[]): Promise<Map<string, WorkTimeRules>> {
  const { rows } = await db.query<{ companyId: string; rules: WorkTimeRules | null }>(
    `SELECT c.company_id AS "companyId",
       (SELECT row_to_json(s) FROM (SELECT ${rulesColumns} FROM directory_effective_settings(c.company_id)) s) AS rules
     FROM unnest($1::uuid[]) AS c(company_id)`,
    [[...new Set(companyIds)]],
  );
  return new Map(rows.map(({ companyId, rules }) => [companyId, rules ?? { ...defaultWorkTimeRules }]));
}

/** Which companies let the kiosk identify faces at browsers that are not registered kiosks. */
export interface UnregisteredFacePolicy {
  /** False when no company does: a face from such a browser need not even be looked at. */
  any: boolean;
  allows(companyId: string): boolean;
}

/** Every company's faceAtUnregisteredBrowsers at once: its own settings', else the organisation's, else off. */
export async function unregisteredFacePolicy(db: Queryable): Promise<UnregisteredFacePolicy> {
  const { rows } = await db.query<{ companyId: string | null; allowed: boolean }>(
    'SELECT company_id AS "companyId", face_at_unregistered_browsers AS allowed FROM directory_settings',
  );
  const settingsOf = effectiveSettingsLookup(rows, { allowed: defaultSettings.faceAtUnregisteredBrowsers });
  return { any: rows.some((row) => row.allowed), allows: (companyId) => settingsOf(companyId).allowed };
}

/** Whether any company (or the organisation's settings, which companies without their own follow) takes RFID cards. */
export async function rfidClockAnywhere(db: Queryable): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM directory_settings WHERE rfid_clock LIMIT 1');
  return (rowCount ?? 0) > 0;
}
