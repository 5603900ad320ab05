import type { EmployeeListQuery } from '@ams/contracts';
import { atom } from 'jotai';

export type EmployeeSort = EmployeeListQuery['sort'];
export interface EmployeeListFilters {
  search: string;
  status: EmployeeListQuery['status'];
  companyId: string;
  departmentId: string;
  jobTitleId: string;
  sort: EmployeeSort;
  order: EmployeeListQuery['order'];
  page: number;
}

export const defaultEmployeeListFilters: EmployeeListFilters = {
  search: '',
  status: 'active',
  companyId: '',
  departmentId: '',
  jobTitleId: '',
  sort: 'lastName',
  order: 'asc',
  page: 1,
};

/**
 * The list's search, filters, order and page survive a visit to an employee's details and back. They belong
 * to the user who set them: another account signing in on this tab starts from the defaults.
 */
export const employeeListFiltersAtom = atom<{ owner: string | null; filters: EmployeeListFilters }>({ owner: null, filters: defaultEmployeeListFilters });
