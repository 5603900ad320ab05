import { defaultSettings, type TimeFormatPreference, type Weekday } from '@ams/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorization } from './authorization';
import {
  formatDate,
  formatDateTime,
  formatMonth,
  formatMonthName,
  formatTime,
  formatWallTime,
  formatWeekday,
  todayIn,
  type DateTimeSettings,
} from './date-format';
import { settingsQueryOptions } from './settings-query';

/** The formatting module bound to one company's settings and the app's language. */
export interface DateFormat {
  settings: DateTimeSettings;
  date: (isoDate: string | null) => string;
  dateTime: (instant: string | null) => string;
  time: (instant: string | null) => string;
  wallTime: (time: string | null) => string;
  weekday: (day: Weekday, width?: 'long' | 'short') => string;
  monthLabel: (isoMonth: string) => string;
  /** A month's name alone (1 = January). */
  monthName: (month: number) => string;
  today: () => string;
}

export function dateFormatOf(settings: DateTimeSettings): DateFormat {
  return {
    settings,
    date: (isoDate) => formatDate(isoDate, settings),
    dateTime: (instant) => formatDateTime(instant, settings),
    time: (instant) => formatTime(instant, settings),
    wallTime: (time) => formatWallTime(time, settings),
    weekday: (day, width) => formatWeekday(day, settings, width),
    monthLabel: (isoMonth) => formatMonth(isoMonth, settings),
    monthName: (month) => formatMonthName(month, settings),
    today: () => todayIn(settings.timezone),
  };
}

/**
 * The time format a user sees: their own choice (24 or 12 hours) while their company lets people choose,
 * else the company's.
 */
export function timeFormatFor(settings: { timeFormat: 1 | 2; peopleChooseTimeFormat?: boolean }, preference: TimeFormatPreference | null | undefined): 1 | 2 {
  if (settings.peopleChooseTimeFormat === false || !preference) return settings.timeFormat;
  return preference === '24' ? 1 : 2;
}

/**
 * Dates and times in a company's settings (without one: the caller's own company's, or the organisation's for a
 * SuperAdmin), in the app's language. Until the settings arrive, and for a caller who may not read them, the
 * spec §9 defaults apply.
 */
export function useDateFormat(companyId?: string | null): DateFormat {
  const { i18n } = useTranslation();
  const { user, can } = useAuthorization();
  const settings = useQuery({ ...settingsQueryOptions(companyId ?? null), enabled: user !== null && can('setting.read'), staleTime: 60_000 });
  const saved = settings.data ?? defaultSettings;
  const { timezone, country } = saved;
  const timeFormat = timeFormatFor(saved, user?.time_format);
  const language = i18n.language;
  return useMemo(() => dateFormatOf({ timezone, timeFormat, country, language }), [timezone, timeFormat, country, language]);
}
