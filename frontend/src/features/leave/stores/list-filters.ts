import type { LeaveStatus } from '@ams/contracts';
import { atom } from 'jotai';

export interface LeaveListFilters {
  status: LeaveStatus | '';
  leaveTypeId: string;
  companyId: string;
  departmentId: string;
  from: string;
  to: string;
  search: string;
  page: number;
  /** The calendar's month, 'YYYY-MM'; empty: the current one. */
  month: string;
}

export const defaultLeaveListFilters: LeaveListFilters = {
  status: '',
  leaveTypeId: '',
  companyId: '',
  departmentId: '',
  from: '',
  to: '',
  search: '',
  page: 1,
  month: '',
};

/**
 * The list's and calendar's filters survive a visit to a request and back. They belong to the user who set them:
 * another account signing in on this tab starts from the defaults.
 */
export const leaveListFiltersAtom = atom<{ owner: string | null; filters: LeaveListFilters }>({ owner: null, filters: defaultLeaveListFilters });
