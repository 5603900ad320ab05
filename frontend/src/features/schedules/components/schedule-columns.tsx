import type { Schedule, ScheduleListQuery } from '@ams/contracts';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '@/components/ui/data-table';
import type { DateFormat } from '@/lib/date-format';
import { RestDays } from './rest-days';
import { ShiftLabel } from './shift-label';
import { ScheduleStatusBadge } from './status-badge';

/** A schedule's columns after its employee, as the admin list and My Schedule show them (only the list sorts). */
export function scheduleColumns(t: TFunction, format: DateFormat): DataTableColumn<Schedule, ScheduleListQuery['sort']>[] {
  return [
    {
      key: 'shift',
      header: t('schedules.fields.shift'),
      sort: 'startTime',
      cell: (schedule) => <ShiftLabel startTime={schedule.startTime} offTime={schedule.offTime} overnight={schedule.overnight} format={format} />,
    },
    {
      key: 'totalHours',
      header: t('schedules.fields.totalHours'),
      sort: 'totalHours',
      cellClassName: 'tabular-nums',
      cell: (schedule) => t('schedules.hours', { hours: schedule.totalHours }),
    },
    { key: 'restDays', header: t('schedules.fields.restDays'), cell: (schedule) => <RestDays days={schedule.restDays} format={format} /> },
    {
      key: 'period',
      header: t('schedules.fields.period'),
      sort: 'fromDate',
      cell: (schedule) => `${format.date(schedule.fromDate)} – ${schedule.toDate ? format.date(schedule.toDate) : t('schedules.openEnd')}`,
    },
    { key: 'status', header: t('schedules.fields.status'), cell: (schedule) => <ScheduleStatusBadge status={schedule.status} /> },
  ];
}
