import { atom, type PrimitiveAtom } from 'jotai';
import { defaultReportFilters, type ReportFilters, type ReportName } from '../report-query';

export interface StoredReportFilters {
  owner: string | null;
  filters: ReportFilters;
}

const filtersAtom = () => atom<StoredReportFilters>({ owner: null, filters: defaultReportFilters });

/**
 * One atom per report: its filters and page survive a visit elsewhere and back. They belong to the user who set
 * them: another account signing in on this tab starts from the defaults.
 */
export const reportFiltersAtoms: Readonly<Record<ReportName, PrimitiveAtom<StoredReportFilters>>> = {
  'attendance-overtime': filtersAtom(),
  'consolidated-overtime': filtersAtom(),
  'employee-attendance': filtersAtom(),
  'employee-birthdays': filtersAtom(),
  'employee-leaves': filtersAtom(),
  'employee-list': filtersAtom(),
  'employee-schedule': filtersAtom(),
  'organization-profile': filtersAtom(),
  'user-accounts': filtersAtom(),
};
