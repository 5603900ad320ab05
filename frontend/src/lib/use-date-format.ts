import { defaultSettings, type TimeFormatPreference } from '@ams/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthorization } from './authorization';
import { dateFormatOf, type DateFormat } from './date-format';
import { settingsQueryOptions } from './settings-query';

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
