import { TZDate, tzOffset } from '@date-fns/tz';

/** Wall times in a time zone to instants and back, for the forms that ask for times (date-format.ts shows them). */

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant of a wall time ('HH:mm') on a calendar date in the zone, as ISO 8601 with the zone's offset then
 * (2027-03-28T09:00:00.000+01:00). A time the clocks skip (a spring-forward gap) moves forward by the gap; a time
 * that happens twice (autumn) is the later one.
 */
export function instantOf(isoDate: string, hhmm: string, timezone: string): string {
  const date = isoDatePattern.exec(isoDate);
  const time = /^(\d{2}):(\d{2})/.exec(hhmm);
  if (!date || !time) return '';
  const wall = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]), Number(time[1]), Number(time[2]));
  // The zone's offsets half a day either side cover both sides of any change; of the instants they give, those
  // that read back as the wall time are real (two in autumn: the later wins); none means a spring gap.
  const offsets = [tzOffset(timezone, new Date(wall - DAY_MS / 2)), tzOffset(timezone, new Date(wall + DAY_MS / 2))];
  const instants = offsets.map((offset) => wall - offset * 60_000);
  const real = instants.filter((instant) => instant + tzOffset(timezone, new Date(instant)) * 60_000 === wall);
  const chosen = real.length > 0 ? Math.max(...real) : Math.max(...instants);
  return new TZDate(chosen, timezone).toISOString();
}

/** 'HH:mm' of an instant in the zone: the value of a time input. */
export function timeInputOf(instant: string | null, timezone: string): string {
  const date = instant ? new Date(instant) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  const local = new TZDate(date.getTime(), timezone);
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
}
