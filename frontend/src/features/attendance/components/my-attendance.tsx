import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/ui/pagination';
import { translateKey } from '@/lib/i18n';
import { useMyAttendance } from '../api/get-my-attendance';
import { useDateFormat } from '@/lib/use-date-format';
import { formatHours } from '../day-times';
import { DateRange } from './date-range';
import { StatusBadges } from './status-badge';
import { FilterBar } from '@/components/ui/filter-bar';
import { QueryTable } from '@/components/ui/query-table';

const PAGE_SIZE = 20;

/** Spec §2 /personal/attendance: the signed-in employee's own work days, by date range. */
export function MyAttendance() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const [range, setRange] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const days = useMyAttendance({ from: range.from || undefined, to: range.to || undefined, page, pageSize: PAGE_SIZE });
  const time = format.time;
  return (
    <div className="flex flex-col gap-4">
      <FilterBar>
        <DateRange
          from={range.from}
          to={range.to}
          onChange={(next) => {
            setRange(next);
            setPage(1);
          }}
        />
      </FilterBar>
      <QueryTable
        query={days}
        label={t('nav.myAttendance')}
        testId="my-attendance-table"
        rowKey={(day) => day.id}
        emptyText={translateKey('noAttendanceFound')}
        columns={[
          { key: 'workDate', header: t('attendance.fields.workDate'), cellClassName: 'whitespace-nowrap', cell: (day) => format.date(day.workDate) },
          { key: 'timeIn', header: t('attendance.fields.timeIn'), cell: (day) => time(day.timeIn) },
          { key: 'breakIn', header: t('attendance.fields.breakIn'), cell: (day) => time(day.breakIn) },
          { key: 'breakOut', header: t('attendance.fields.breakOut'), cell: (day) => time(day.breakOut) },
          { key: 'timeOut', header: t('attendance.fields.timeOut'), cell: (day) => time(day.timeOut) },
          { key: 'totalHours', header: t('attendance.fields.totalHours'), cellClassName: 'tabular-nums', cell: (day) => formatHours(day.totalHours) },
          { key: 'status', header: t('attendance.fields.status'), cell: (day) => <StatusBadges day={day} /> },
        ]}
      />
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
