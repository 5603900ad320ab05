import { weekdays, type Leave } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { QueryState } from '@/components/ui/states';
import { hrefOf, paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { useDateFormat } from '@/lib/use-date-format';
import { useLeaveCalendar } from '../api/get-leave-calendar';
import { daysOff, leavesOn, monthWeeks, shiftMonth } from '../calendar-month';
import type { LeaveListFilters } from '../stores/list-filters';

// Approved leave is filled, a pending request outlined with a dashed border; both also say their status in words.
const entryClasses: Record<'pending' | 'approved', string> = {
  approved: 'bg-success/15 border-s-4 border-success',
  pending: 'border border-dashed border-warning bg-base-100',
};

/** One person off on a day: their name and the status in words (the type in its title), opening the request when the user may review it. */
function CalendarEntry({ leave, compact }: { leave: Leave; compact: boolean }) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const status = t(`leave.statuses.${leave.status}`);
  const description = t('leave.calendar.entry', { name: leave.employeeName, type: leave.leaveTypeName, status });
  const kind = leave.status === 'approved' ? 'approved' : 'pending';
  const content = (
    <>
      <span className={compact ? 'block truncate font-medium' : 'font-medium'}>{leave.employeeName}</span>
      <span className={compact ? 'block truncate text-xs' : 'ms-2 text-sm'}>{compact ? status : `${leave.leaveTypeName} · ${status}`}</span>
    </>
  );
  const className = `block rounded px-1.5 py-0.5 text-start ${entryClasses[kind]}`;
  return (
    <li data-testid="calendar-entry" data-status={leave.status}>
      {can('leave.update') ? (
        <Link to={hrefOf(paths.leaveEdit, { id: leave.id })} className={`${className} hover:underline`} title={description}>
          {content}
        </Link>
      ) : (
        <span className={className} title={description}>
          {content}
        </span>
      )}
    </li>
  );
}

/**
 * A month of who is off (pending and approved leave), by company and department: a week grid on wide screens,
 * a list of the days with someone off on a phone. Previous and next month are buttons; each entry is a link.
 */
export function LeaveCalendar({ filters, onChange }: { filters: LeaveListFilters; onChange: (next: Partial<LeaveListFilters>) => void }) {
  const { t } = useTranslation();
  const format = useDateFormat(filters.companyId || null);
  const thisMonth = format.today().slice(0, 7);
  const month = filters.month || thisMonth;
  const calendar = useLeaveCalendar({ month, companyId: filters.companyId || undefined, departmentId: filters.departmentId || undefined });
  const leaves = calendar.data?.items ?? [];
  const monthLabel = format.monthLabel(month);
  const off = daysOff(month, leaves);

  return (
    <section className="flex flex-col gap-4" aria-labelledby="leave-calendar-month" data-testid="leave-calendar">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="leave-calendar-month" className="text-xl font-semibold capitalize" aria-live="polite">
          {monthLabel}
        </h2>
        {/* On a phone the previous and next buttons show only their arrows (their names stay for screen readers). */}
        <div className="join">
          <button type="button" className="btn join-item" onClick={() => onChange({ month: shiftMonth(month, -1) })} data-testid="calendar-previous">
            <span aria-hidden="true">‹</span>
            <span className="max-sm:sr-only">{t('leave.calendar.previous')}</span>
          </button>
          <button type="button" className="btn join-item" onClick={() => onChange({ month: '' })} disabled={month === thisMonth}>
            {t('leave.calendar.thisMonth')}
          </button>
          <button type="button" className="btn join-item" onClick={() => onChange({ month: shiftMonth(month, 1) })} data-testid="calendar-next">
            <span className="max-sm:sr-only">{t('leave.calendar.next')}</span>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <p className="text-sm">{t('leave.calendar.legend')}</p>
      <QueryState query={calendar} />
      {calendar.data ? (
        <>
          <div className="bg-base-100 rounded-box hidden overflow-x-auto md:block">
            <table className="table table-fixed" aria-label={t('leave.calendar.label', { month: monthLabel })}>
              <thead>
                <tr>
                  {weekdays.map((day) => (
                    <th key={day} scope="col" className="text-center">
                      <abbr title={format.weekday(day)} className="no-underline">
                        {format.weekday(day, 'short')}
                      </abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(month).map((week) => (
                  <tr key={week[0]?.date}>
                    {week.map((day) => {
                      const onDay = day.inMonth ? leavesOn(day.date, leaves) : [];
                      return (
                        <td key={day.date} className={`h-24 border border-base-300 p-1 align-top ${day.inMonth ? '' : 'bg-base-200'}`}>
                          <span className={`block text-sm ${day.inMonth ? 'font-semibold' : ''}`}>
                            <span aria-hidden="true">{Number(day.date.slice(8))}</span>
                            <span className="sr-only">{format.date(day.date)}</span>
                          </span>
                          {onDay.length > 0 ? (
                            <ul className="mt-1 flex flex-col gap-1 text-xs" aria-label={t('leave.calendar.offOn', { count: onDay.length })}>
                              {onDay.map((leave) => (
                                <CalendarEntry key={leave.id} leave={leave} compact />
                              ))}
                            </ul>
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex flex-col gap-3 md:hidden" data-testid="leave-calendar-days">
            {off.length === 0 ? <p className="rounded-box border border-dashed border-base-300 p-6 text-center">{t('leave.calendar.nobodyOff')}</p> : null}
            {off.map((day) => (
              <div key={day.date} className="bg-base-100 rounded-box p-3">
                <h3 className="mb-2 font-semibold">
                  {format.weekday(day.weekday)} {format.date(day.date)}
                </h3>
                <ul className="flex flex-col gap-1">
                  {day.leaves.map((leave) => (
                    <CalendarEntry key={leave.id} leave={leave} compact={false} />
                  ))}
                </ul>
              </div>
            ))}
          </div>
          {off.length === 0 ? <p className="hidden text-center md:block">{t('leave.calendar.nobodyOff')}</p> : null}
        </>
      ) : null}
    </section>
  );
}
