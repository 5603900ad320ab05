import type { ScheduleListQuery, ScheduleStatus } from '@ams/contracts';
import { atom } from 'jotai';

export interface ScheduleListFilters {
  search: string;
  status: ScheduleStatus | '';
  companyId: string;
  departmentId: string;
  sort: ScheduleListQuery['sort'];
  order: ScheduleListQuery['order'];
  page: number;
}

export const defaultScheduleListFilters: ScheduleListFilters = {
  search: '',
  status: 'current',
  companyId: '',
  departmentId: '',
  sort: 'employee',
  order: 'asc',
  page: 1,
};

/**
 * The list's search, status, company, department, order and page survive a visit to a schedule's edit form and back. They belong to the
 * user who set them: another account signing in on this tab starts from the defaults.
 */
export const scheduleListFiltersAtom = atom<{ owner: string | null; filters: ScheduleListFilters }>({ owner: null, filters: defaultScheduleListFilters });
