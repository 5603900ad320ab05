import { describe, expect, it } from 'vitest';
import { effectiveSettingsLookup } from './effective-settings.ts';

const defaults = { timezone: 'Europe/Lisbon', lateGraceMinutes: 0, overtimeBeforeShift: false };
type Row = typeof defaults & { companyId: string | null };

describe('effectiveSettingsLookup', () => {
  it('gives a company its own row, field by field, without its company id', () => {
    const settingsOf = effectiveSettingsLookup(
      [
        { companyId: null, timezone: 'UTC', lateGraceMinutes: 5, overtimeBeforeShift: false },
        { companyId: 'own', timezone: 'America/New_York', lateGraceMinutes: 10, overtimeBeforeShift: true },
      ],
      defaults,
    );
    expect(settingsOf('own')).toStrictEqual({ timezone: 'America/New_York', lateGraceMinutes: 10, overtimeBeforeShift: true });
  });

  it('gives a company without its own row the organisation’s, field by field, whatever the rows’ order', () => {
    const settingsOf = effectiveSettingsLookup(
      [
        { companyId: 'own', timezone: 'America/New_York', lateGraceMinutes: 10, overtimeBeforeShift: true },
        { companyId: null, timezone: 'UTC', lateGraceMinutes: 5, overtimeBeforeShift: false },
      ],
      defaults,
    );
    expect(settingsOf('follower')).toStrictEqual({ timezone: 'UTC', lateGraceMinutes: 5, overtimeBeforeShift: false });
  });

  it('gives the defaults when the organisation has no row yet', () => {
    const settingsOf = effectiveSettingsLookup([{ companyId: 'own', timezone: 'UTC', lateGraceMinutes: 10, overtimeBeforeShift: true }], defaults);
    expect(settingsOf('follower')).toStrictEqual(defaults);
    expect(effectiveSettingsLookup<Row>([], defaults)('own')).toStrictEqual(defaults);
  });
});
