import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, QueryState } from '@/components/ui/states';
import { translateKey } from '@/lib/i18n';
import { useMyAttendance } from '../api/get-my-attendance';
import { formatHours, formatTime, formatWorkDate } from '../day-times';
import { DateRange } from './date-range';
import { StatusBadge } from './status-badge';

const PAGE_SIZE = 20;

/** Spec §2 /personal/attendance: the signed-in employee's own work days, by date range. */
export function MyAttendance() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const days = useMyAttendance({ from: range.from || undefined, to: range.to || undefined, page, pageSize: PAGE_SIZE });
  const items = days.data?.items ?? [];
  const time = (instant: string | null) => formatTime(instant, i18n.language);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <DateRange
          from={range.from}
          to={range.to}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
      </div>
      <QueryState query={days} />
      {days.data && items.length === 0 ? <EmptyState text={translateKey('noAttendanceFound')} /> : null}
      {items.length > 0 ? (
        <div className="bg-base-100 rounded-box overflow-x-auto">
          <table className="table" data-testid="my-attendance-table">
            <thead>
              <tr>
                <th scope="col">{t('attendance.fields.workDate')}</th>
                <th scope="col">{t('attendance.fields.timeIn')}</th>
                <th scope="col">{t('attendance.fields.breakIn')}</th>
                <th scope="col">{t('attendance.fields.breakOut')}</th>
                <th scope="col">{t('attendance.fields.timeOut')}</th>
                <th scope="col">{t('attendance.fields.totalHours')}</th>
                <th scope="col">{t('attendance.fields.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((day) => (
                <tr key={day.id}>
                  <td className="whitespace-nowrap">{formatWorkDate(day.workDate, i18n.language)}</td>
                  <td>{time(day.timeIn)}</td>
                  <td>{time(day.breakIn)}</td>
                  <td>{time(day.breakOut)}</td>
                  <td>{time(day.timeOut)}</td>
                  <td className="tabular-nums">{formatHours(day.totalHours)}</td>
                  <td>
                    <StatusBadge status={day.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination
        page={page}
        total={days.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        summary={days.data ? t('attendance.total', { count: days.data.total }) : null}
      />
    </div>
  );
}
