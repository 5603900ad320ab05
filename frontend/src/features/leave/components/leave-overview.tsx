import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { TabList } from '@/components/ui/tab-list';
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
      <TabList
        label={t('nav.leave')}
        names={views}
        selected={view}
        onSelect={(name) => setParams(name === 'list' ? {} : { view: name }, { replace: true })}
        textOf={(name) => t(`leave.views.${name}`)}
        idPrefix="leave-tab-"
        panelOf={() => 'leave-view'}
      />
      <div role="tabpanel" id="leave-view" aria-labelledby={`leave-tab-${view}`} className="flex flex-col gap-4">
        <LeaveFilters filters={filters} onChange={change} view={view} />
        {view === 'list' ? <LeaveList filters={filters} onChange={change} /> : <LeaveCalendar filters={filters} onChange={change} />}
      </div>
    </div>
  );
}
