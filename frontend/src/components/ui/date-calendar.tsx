import { DayPicker } from 'react-day-picker';
import { enGB, enUS, es } from 'react-day-picker/locale';
import { regionOf, type DateTimeSettings } from '@/lib/date-format';
import type { DateInput } from '@/lib/date-input';

interface DateCalendarProps {
  value: DateInput;
  min?: string | undefined;
  max?: string | undefined;
  /** Today in the organisation's zone, 'YYYY-MM-DD'. */
  today: string;
  settings: DateTimeSettings;
  onPick: (iso: string) => void;
}

/** A calendar day as the local midnight react-day-picker works in (only its year, month and day matter). */
function dayOf(iso: string): Date {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

function isoOf(day: Date): string {
  return `${String(day.getFullYear()).padStart(4, '0')}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/** The first day of the week in the organisation's country (Sunday in the US, Monday in most of Europe). */
function weekStartOf(country: string): 0 | 1 | 6 | undefined {
  const region = regionOf(country);
  if (!region) return undefined;
  const locale = new Intl.Locale(`und-${region}`) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
  const firstDay = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay;
  if (firstDay === 7) return 0;
  if (firstDay === 1 || firstDay === 6) return firstDay;
  return undefined;
}

/**
 * The month grid of a date field: arrows move by day and week, Page Up/Down by month, Home/End to the week's ends,
 * Enter picks (react-day-picker follows the WAI-ARIA date picker pattern). Names are in the app's language.
 */
export function DateCalendar({ value, min, max, today, settings, onPick }: DateCalendarProps) {
  const locale = settings.language.startsWith('es') ? es : regionOf(settings.country) === 'US' ? enUS : enGB;
  const selected = value.kind === 'date' ? dayOf(value.iso) : undefined;
  const todayDate = dayOf(today);
  const [todayYear] = today.split('-').map(Number);
  const disabled = [...(min ? [{ before: dayOf(min) }] : []), ...(max ? [{ after: dayOf(max) }] : [])];
  return (
    <DayPicker
      className="react-day-picker"
      // daisyUI dims the weekday names below WCAG AA contrast at this size.
      classNames={{ weekday: 'rdp-weekday opacity-100' }}
      mode="single"
      required
      locale={locale}
      weekStartsOn={weekStartOf(settings.country) ?? locale.options?.weekStartsOn}
      today={todayDate}
      selected={selected}
      defaultMonth={selected ?? todayDate}
      // Month and year lists make a birthday decades back a few keystrokes away.
      captionLayout="dropdown"
      startMonth={min ? dayOf(min) : dayOf(`${(todayYear ?? 2000) - 110}-01-01`)}
      endMonth={max ? dayOf(max) : dayOf(`${(todayYear ?? 2000) + 10}-12-31`)}
      disabled={disabled}
      autoFocus
      onSelect={(day) => day && onPick(isoOf(day))}
    />
  );
}
