import { useTranslation } from 'react-i18next';
import type { DateFormat } from '@/lib/date-format';

/** A shift's start – off times in the time format; an overnight one says it ends the next day. */
export function ShiftLabel({ startTime, offTime, overnight, format }: { startTime: string; offTime: string; overnight: boolean; format: DateFormat }) {
  const { t } = useTranslation();
  return (
    <span className="whitespace-nowrap">
      {format.wallTime(startTime)} – {format.wallTime(offTime)}
      {/* A real space before the badge: read aloud and copied as '22:00 – 06:00 Overnight'. */}
      {overnight ? (
        <>
          {' '}
          <span className="badge badge-soft badge-info badge-sm">{t('schedules.overnight')}</span>
        </>
      ) : null}
    </span>
  );
}
