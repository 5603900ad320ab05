import { TZDate } from '@date-fns/tz';
import { instantOfWallTime, wallTimeOf } from '@ams/contracts';

/**
 * Wall times in a time zone to instants and back, for the forms that ask for times (date-format.ts shows them), by the
 * rule the services plan shifts by (@ams/contracts' instantOfWallTime): a time the spring change skips is the jump, a
 * time autumn shows twice its first showing.
 */

/** The instant of a wall time ('HH:mm') on a calendar date in the zone, with the zone's offset (2027-03-28T09:00:00.000+01:00); '' for no date or time. */
export function instantOf(isoDate: string, hhmm: string, timezone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate) || !/^\d{2}:\d{2}/.test(hhmm)) return '';
  const instant = instantOfWallTime(isoDate, hhmm.slice(0, 5), timezone);
  return Number.isNaN(instant) ? '' : new TZDate(instant, timezone).toISOString();
}

/** 'HH:mm' of an instant in the zone: the value of a time input. */
export function timeInputOf(instant: string | null, timezone: string): string {
  const date = instant ? new Date(instant) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return wallTimeOf(date, timezone);
}
