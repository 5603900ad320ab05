import { timeFormatPreferences, type TimeFormatPreference } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/states';
import { translateKey } from '@/lib/i18n';
import { currentUserAtom } from '@/lib/session';
import { useSettings } from '@/lib/settings-query';
import { useNotify } from '@/lib/use-notify';
import { useUpdateMyTimeFormat } from '../api/update-my-time-format';

/** The user's own time format, where their company lets people choose (else its setting, said as such). */
export function MyTimeFormat() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const settings = useSettings(null);
  const update = useUpdateMyTimeFormat();
  const notify = useNotify();
  if (!settings.data) return <QueryState query={settings} />;
  const organisation = t(`settings.timeFormats.${settings.data.timeFormat}`);
  if (!settings.data.peopleChooseTimeFormat)
    return (
      <p className="text-base-content/70 text-sm" data-testid="time-format-fixed">
        {t('timeFormatPreference.fixed', { format: organisation })}
      </p>
    );
  return (
    <label className="fieldset max-w-xs">
      <span className="fieldset-legend text-sm font-medium">{t('timeFormatPreference.label')}</span>
      <select
        className="select w-full"
        value={user?.time_format ?? ''}
        disabled={update.isPending}
        data-testid="my-time-format"
        onChange={(event) =>
          update.mutate((event.target.value || null) as TimeFormatPreference | null, {
            onSuccess: () => notify.success(translateKey('settingsSaved')),
            onError: notify.failure,
          })
        }
      >
        <option value="">{t('timeFormatPreference.organisation', { format: organisation })}</option>
        {timeFormatPreferences.map((format) => (
          <option key={format} value={format}>
            {t(`timeFormatPreference.formats.${format}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
