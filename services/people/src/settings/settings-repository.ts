import type { Queryable } from '@ams/db';

export interface StoredSettings {
  companyId: string | null;
  country: string;
  timezone: string;
  timeFormat: 1 | 2;
  rfidClock: boolean;
  pinAfterCard: boolean;
  ipRestriction: string;
  faceAtUnregisteredBrowsers: boolean;
  peopleChooseTimeFormat: boolean;
  lateGraceMinutes: number;
  overtimeBeforeShift: boolean;
  overtimeMinimumMinutes: number;
  updatedAt: Date | null;
}

const columns = `company_id AS "companyId", country, timezone, time_format AS "timeFormat", rfid_clock AS "rfidClock", pin_after_card AS "pinAfterCard",
  ip_restriction AS "ipRestriction", face_at_unregistered_browsers AS "faceAtUnregisteredBrowsers", people_choose_time_format AS "peopleChooseTimeFormat",
  late_grace_minutes AS "lateGraceMinutes", overtime_before_shift AS "overtimeBeforeShift", overtime_minimum_minutes AS "overtimeMinimumMinutes", updated_at AS "updatedAt"`;

/** The company's own settings, if it has any, else the organisation's (company_id NULL). */
export async function effectiveSettings(db: Queryable, companyId: string | null): Promise<StoredSettings> {
  const { rows } = await db.query<StoredSettings>(`SELECT ${columns} FROM effective_settings($1)`, [companyId]);
  if (!rows[0]) throw new Error('The organisation settings row is missing (migration 0001 inserts it)');
  return rows[0];
}

/** The organisation's settings, then each company's own, for a history answer. */
export async function allSettings(db: Queryable): Promise<StoredSettings[]> {
  const { rows } = await db.query<StoredSettings>(`SELECT ${columns} FROM settings ORDER BY company_id NULLS FIRST`);
  return rows;
}

export async function lockSettings(db: Queryable): Promise<void> {
  // One writer at a time: the organisation row exists from the first migration on.
  await db.query('SELECT 1 FROM settings WHERE company_id IS NULL FOR UPDATE');
}

export async function saveSettings(db: Queryable, settings: Omit<StoredSettings, 'updatedAt'>, now: Date): Promise<void> {
  const values = [
    settings.country,
    settings.timezone,
    settings.timeFormat,
    settings.rfidClock,
    settings.ipRestriction,
    settings.faceAtUnregisteredBrowsers,
    now,
    settings.lateGraceMinutes,
    settings.overtimeBeforeShift,
    settings.overtimeMinimumMinutes,
    settings.pinAfterCard,
    settings.peopleChooseTimeFormat,
  ];
  if (settings.companyId === null) {
    await db.query(
      `UPDATE settings SET country = $1, timezone = $2, time_format = $3, rfid_clock = $4, ip_restriction = $5, face_at_unregistered_browsers = $6, updated_at = $7,
       late_grace_minutes = $8, overtime_before_shift = $9, overtime_minimum_minutes = $10, pin_after_card = $11, people_choose_time_format = $12
       WHERE company_id IS NULL`,
      values,
    );
    return;
  }
  await db.query('DELETE FROM settings WHERE company_id = $1', [settings.companyId]);
  await db.query(
    `INSERT INTO settings (country, timezone, time_format, rfid_clock, ip_restriction, face_at_unregistered_browsers, updated_at,
       late_grace_minutes, overtime_before_shift, overtime_minimum_minutes, pin_after_card, people_choose_time_format, company_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [...values, settings.companyId],
  );
}
