import { z } from 'zod';
import { formatMessage, message } from '../messages/message-format.ts';

/**
 * The settings' answer and defaults, apart from people-api.ts: every page that shows a date reads them, so the
 * SPA's first load checks this answer, and nothing here may pull in the rules of saving (the IP address parser
 * of settings-rules.ts; bench/frontend.ts measures the first load).
 */
/**
 * A company's lateness and overtime rules (reporting computes its figures by them): an arrival up to
 * `lateGraceMinutes` after the shift start is on time; time worked before the shift start counts as overtime
 * only when `overtimeBeforeShift` is on; a day's overtime counts in whole blocks of `overtimeMinimumMinutes` (so less than
 * one block counts as none; 0 counts every minute).
 */
export const defaultWorkTimeRules = { lateGraceMinutes: 0, overtimeBeforeShift: false, overtimeMinimumMinutes: 0 } as const;
export interface WorkTimeRules {
  lateGraceMinutes: number;
  overtimeBeforeShift: boolean;
  overtimeMinimumMinutes: number;
}
export const MAX_LATE_GRACE_MINUTES = 240;
export const MAX_OVERTIME_MINIMUM_MINUTES = 480;

export const SETTINGS_SAVED = formatMessage('settingsSaved');
export const timeFormats = [1, 2] as const;
/** Spec §9 defaults. timeFormat 1 shows 24-hour times, 2 shows 12-hour times. */
export const defaultSettings = {
  country: 'UK',
  timezone: 'Europe/Lisbon',
  timeFormat: 1,
  rfidClock: false,
  pinAfterCard: false,
  ipRestriction: '',
  faceAtUnregisteredBrowsers: false,
  peopleChooseTimeFormat: true,
  ...defaultWorkTimeRules,
} as const;

const id = z.uuid(message('invalidId'));

/** The settings' fields but the IP restriction and the time zone, whose rules a saved answer does not need. */
export const plainSettingsFields = {
  country: z.string(message('countryIsRequired')).trim().min(1, message('countryIsRequired')).max(60, message('countryMustBeAtMost60Characters')),
  timeFormat: z.union(
    timeFormats.map((format) => z.literal(format)),
    message('timeFormatMustBe124Hour'),
  ),
  /** Whether people may pick 24- or 12-hour times for themselves over `timeFormat` (their personal settings). */
  peopleChooseTimeFormat: z.boolean(message('peopleChooseTimeFormatOnOff')),
  rfidClock: z.boolean(message('rfidClockMustBeOnOrOff')),
  /**
   * A card is something one holds, and can be lost or lent: when on, the kiosk asks for the holder's PIN after
   * their card before it lets them clock (two factors). Off by default.
   */
  pinAfterCard: z.boolean(message('pinAfterCardOnOff')),
  /**
   * Whether the kiosk may identify the company's employees by face at browsers that are not registered
   * kiosks (off by default: a photo of an employee held up to an unattended browser's camera may then be all
   * it takes). Once a company registers a kiosk its employees are identified only at its kiosks anyway; ID +
   * PIN works wherever the company's clock does either way.
   */
  faceAtUnregisteredBrowsers: z.boolean(message('faceRecognitionAtUnregisteredBrowsersMustBe')),
  lateGraceMinutes: z
    .number(message('lateGraceMinutesRange'))
    .int(message('lateGraceMinutesRange'))
    .min(0, message('lateGraceMinutesRange'))
    .max(MAX_LATE_GRACE_MINUTES, message('lateGraceMinutesRange')),
  overtimeBeforeShift: z.boolean(message('overtimeBeforeShiftOnOff')),
  overtimeMinimumMinutes: z
    .number(message('overtimeMinimumBlockRange'))
    .int(message('overtimeMinimumBlockRange'))
    .min(0, message('overtimeMinimumBlockRange'))
    .max(MAX_OVERTIME_MINIMUM_MINUTES, message('overtimeMinimumBlockRange')),
};
export const settingsQuerySchema = z.object({ companyId: id.optional() });
/** The saved values as they are (they were checked when saved). */
export const settingsSchema = z.object({
  ...plainSettingsFields,
  timezone: z.string(),
  ipRestriction: z.string(),
  companyId: id.nullable(),
  /** False while a company still follows the organisation's defaults. */
  customised: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsSavedSchema = z.object({ message: z.string(), settings: settingsSchema });
