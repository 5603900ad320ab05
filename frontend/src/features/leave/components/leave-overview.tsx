import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useLeaveFilters } from '../stores/use-leave-filters';
import { LeaveCalendar } from './leave-calendar';
import { LeaveFilters } from './leave-filters';
import { LeaveList } from './leave-list';

const views = ['list', 'calendar'] as const;
type View = (typeof views)[number];

/**
 * Spec §2 /leave-list: the requests as a list or as a month calendar of who is off. The view is in the address
 * (?view=calendar), so going back from a request returns to it.
 */
export function LeaveOverview() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'calendar' ? 'calendar' : 'list';
  const { filters, change } = useLeaveFilters();
  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" className="tabs tabs-border" aria-label={t('nav.leave')}>
        {views.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`leave-tab-${name}`}
            aria-controls="leave-view"
            aria-selected={view === name}
            className={`tab ${view === name ? 'tab-active' : ''}`}
            onClick={() => setParams(name === 'list' ? {} : { view: name }, { replace: true })}
            data-testid={`leave-tab-${name}`}
          >
            {t(`leave.views.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="leave-view" aria-labelledby={`leave-tab-${view}`} className="flex flex-col gap-4">
        <LeaveFilters filters={filters} onChange={change} view={view} />
        {view === 'list' ? <LeaveList filters={filters} onChange={change} /> : <LeaveCalendar filters={filters} onChange={change} />}
      </div>
    </div>
  );
}
