import { useTranslation } from 'react-i18next';

/**
 * Issue 30 (L-1): a day with a time a kiosk recorded offline and replayed later. Such a time rests on the kiosk's
 * clock, so the attendance list and the reports mark the day; the hint says why.
 */
export function RecordedOfflineBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge badge-soft badge-info whitespace-nowrap" title={t('recordedOffline.hint')} data-testid="recorded-offline">
      {t('recordedOffline.label')}
    </span>
  );
}
