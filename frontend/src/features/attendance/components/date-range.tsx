import { useTranslation } from 'react-i18next';

/** From / to date inputs (YYYY-MM-DD; empty means open-ended). */
export function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (range: { from: string; to: string }) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <label className="input w-full">
        <span className="label">{t('attendance.from')}</span>
        <input type="date" lang={i18n.language} value={from} max={to || undefined} onChange={(event) => onChange({ from: event.target.value, to })} data-testid="attendance-from" />
      </label>
      <label className="input w-full">
        <span className="label">{t('attendance.to')}</span>
        <input type="date" lang={i18n.language} value={to} min={from || undefined} onChange={(event) => onChange({ from, to: event.target.value })} data-testid="attendance-to" />
      </label>
    </>
  );
}
