import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { ifSettled } from '@/lib/date-input';

/** From / to date fields (YYYY-MM-DD; empty means open-ended); a date still being typed leaves the range as it was. */
export function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (range: { from: string; to: string }) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DateField
        layout="inline"
        label={t('attendance.from')}
        value={from}
        max={to || undefined}
        onValue={ifSettled((value) => onChange({ from: value, to }))}
        testId="attendance-from"
      />
      <DateField
        layout="inline"
        label={t('attendance.to')}
        value={to}
        min={from || undefined}
        onValue={ifSettled((value) => onChange({ from, to: value }))}
        testId="attendance-to"
      />
    </>
  );
}
