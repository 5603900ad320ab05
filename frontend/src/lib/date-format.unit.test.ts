import { describe, expect, it } from 'vitest';
import { localDateOf } from '@ams/contracts';
import {
  formatDate,
  formatDateTime,
  formatMonth,
  formatMonthName,
  formatTime,
  formatWallTime,
  formatWeekday,
  regionOf,
  todayIn,
  type DateTimeSettings,
} from './date-format';
import { instantOf, timeInputOf } from './zoned-time';

const lisbon24: DateTimeSettings = { timezone: 'Europe/Lisbon', timeFormat: 1, country: 'UK', language: 'en' };
const lisbon12: DateTimeSettings = { ...lisbon24, timeFormat: 2 };

describe('calendar dates follow the country order whatever the language', () => {
  it.each([
    ['UK', 'en', '23/11/2026'],
    ['UK', 'es', '23/11/2026'],
    ['US', 'en', '11/23/2026'],
    ['US', 'es', '11/23/2026'],
    ['JP', 'en', '2026/11/23'],
    ['DE', 'en', '23.11.2026'],
    ['ES', 'en', '23/11/2026'],
  ])('%s in %s shows 2026-11-23 as %s', (country, language, shown) => {
    expect(formatDate('2026-11-23', { ...lisbon24, country, language })).toBe(shown);
  });

  it('a country that is not a code keeps the language order', () => {
    expect(regionOf('Portugal')).toBeNull();
    expect(formatDate('2026-11-23', { ...lisbon24, country: 'Portugal', language: 'en' })).toBe('11/23/2026');
  });

  it('the UK is read as Great Britain and codes ignore case', () => {
    expect(regionOf('uk')).toBe('GB');
    expect(regionOf(' es ')).toBe('ES');
  });

  it('an empty or unreadable date is shown as it is', () => {
    expect(formatDate(null, lisbon24)).toBe('');
    expect(formatDate('soon', lisbon24)).toBe('soon');
  });
});

describe('times follow the saved time format, not the language', () => {
  const evening = '2026-11-23T17:05:00Z';

  it('24-hour in English and Spanish', () => {
    expect(formatTime(evening, lisbon24)).toBe('17:05');
    expect(formatTime(evening, { ...lisbon24, language: 'es' })).toBe('17:05');
  });

  it('12-hour in English and Spanish', () => {
    expect(formatTime(evening, lisbon12).replace(/\s/g, ' ')).toBe('5:05 PM');
    expect(formatTime(evening, { ...lisbon12, language: 'es' }).replace(/\s/g, ' ')).toBe('5:05 p. m.');
  });

  it('midnight is 00:00 in 24-hour and 12 in 12-hour', () => {
    expect(formatTime('2026-11-24T00:00:00Z', lisbon24)).toBe('00:00');
    expect(formatTime('2026-11-24T00:00:00Z', lisbon12).replace(/\s/g, ' ')).toBe('12:00 AM');
  });

  it('schedule wall times are shown without a zone shift', () => {
    expect(formatWallTime('22:00:00.000Z', { ...lisbon24, timezone: 'America/New_York' })).toBe('22:00');
    expect(formatWallTime('06:30', { ...lisbon12, timezone: 'Asia/Tokyo' }).replace(/\s/g, ' ')).toBe('6:30 AM');
    expect(formatWallTime('', lisbon24)).toBe('');
  });
});

describe('instants are shown in the company time zone', () => {
  it('the same instant is a different local time and date in Tokyo and New York', () => {
    const instant = '2026-11-23T23:30:00Z';
    expect(formatDateTime(instant, { ...lisbon24, timezone: 'Asia/Tokyo' })).toBe('24/11/2026 08:30');
    expect(formatDateTime(instant, { ...lisbon24, timezone: 'America/New_York' })).toBe('23/11/2026 18:30');
    expect(localDateOf(instant, 'Asia/Tokyo')).toBe('2026-11-24');
  });

  it('Lisbon summer time adds an hour', () => {
    expect(formatTime('2026-07-01T08:00:00Z', lisbon24)).toBe('09:00');
    expect(formatTime('2026-12-01T08:00:00Z', lisbon24)).toBe('08:00');
  });
});

describe('wall times on a date become instants in the zone', () => {
  it('uses the offset of that day (winter and summer)', () => {
    expect(new Date(instantOf('2026-12-01', '09:00', 'Europe/Lisbon')).toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(new Date(instantOf('2026-07-01', '09:00', 'Europe/Lisbon')).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(new Date(instantOf('2026-07-01', '09:00', 'America/New_York')).toISOString()).toBe('2026-07-01T13:00:00.000Z');
  });

  it('a time the spring change skips is the jump, as a shift starting then begins', () => {
    expect(new Date(instantOf('2027-03-28', '01:30', 'Europe/Lisbon')).toISOString()).toBe('2027-03-28T01:00:00.000Z');
    expect(timeInputOf(instantOf('2027-03-28', '01:30', 'Europe/Lisbon'), 'Europe/Lisbon')).toBe('02:00');
  });

  it('a time that happens twice in autumn is its first showing, as for a shift', () => {
    expect(new Date(instantOf('2026-10-25', '01:30', 'Europe/Lisbon')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(instantOf('2026-10-25', '01:30', 'Europe/Lisbon')).toBe('2026-10-25T01:30:00.000+01:00');
  });

  it('round-trips through the time input in the zone, not the browser zone', () => {
    const instant = instantOf('2026-11-23', '22:15', 'Asia/Kolkata');
    expect(timeInputOf(instant, 'Asia/Kolkata')).toBe('22:15');
    expect(timeInputOf(instant, 'UTC')).toBe('16:45');
  });

  it('refuses what is not a date and a time', () => {
    expect(instantOf('', '09:00', 'Europe/Lisbon')).toBe('');
    expect(instantOf('2026-11-23', '', 'Europe/Lisbon')).toBe('');
    expect(timeInputOf(null, 'Europe/Lisbon')).toBe('');
  });
});

describe('calendar helpers', () => {
  it('today is the zone’s date on the given clock', () => {
    const lateUtc = () => new Date('2026-11-23T23:30:00Z');
    expect(todayIn('Europe/Lisbon', lateUtc)).toBe('2026-11-23');
    expect(todayIn('Europe/Madrid', lateUtc)).toBe('2026-11-24');
  });

  it('names weekdays and months in the language', () => {
    expect(formatWeekday('monday', { language: 'en' })).toBe('Monday');
    expect(formatWeekday('sunday', { language: 'es' }, 'short')).toBe('dom');
    expect(formatMonth('2026-11', { language: 'en' })).toBe('November 2026');
    expect(formatMonth('2026-11', { language: 'es' })).toBe('noviembre de 2026');
    expect(formatMonthName(3, { language: 'en' })).toBe('March');
    expect(formatMonthName(3, { language: 'es' })).toBe('marzo');
  });
});
