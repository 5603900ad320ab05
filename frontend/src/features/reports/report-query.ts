import type { ReportName, ReportQuery } from '@ams/contracts';

// The nine reports, by the last part of their route (`/reports/<name>`, `/api/reports/<name>`): the contracts' list.
export { reportNames, type ReportName } from '@ams/contracts';

/** What a report page's filters hold (empty text: not filtered, the API's default). */
export interface ReportFilters {
  companyId: string;
  departmentId: string;
  employeeId: string;
  from: string;
  to: string;
  /** '1'–'12', or '' for every month. */
  month: string;
  date: string;
  leaveStatus: string;
  employmentStatus: string;
  accountType: string;
  userStatus: string;
  page: number;
}

export type ReportFilterKey = Exclude<keyof ReportFilters, 'page'>;

export const defaultReportFilters: ReportFilters = {
  companyId: '',
  departmentId: '',
  employeeId: '',
  from: '',
  to: '',
  month: '',
  date: '',
  leaveStatus: '',
  employmentStatus: '',
  accountType: '',
  userStatus: '',
  page: 1,
};

const period: readonly ReportFilterKey[] = ['companyId', 'departmentId', 'employeeId', 'from', 'to'];

/** The filters each report reads (the others would be ignored by the API, so the page does not offer them). */
export const reportFilterKeys: Readonly<Record<ReportName, readonly ReportFilterKey[]>> = {
  'attendance-overtime': period,
  'consolidated-overtime': period,
  'employee-attendance': period,
  'employee-birthdays': ['companyId', 'departmentId', 'month'],
  'employee-leaves': [...period, 'leaveStatus'],
  'employee-list': ['companyId', 'departmentId', 'employmentStatus'],
  'employee-schedule': ['companyId', 'departmentId', 'employeeId', 'date'],
  'organization-profile': ['companyId'],
  'user-accounts': ['companyId', 'accountType', 'userStatus'],
};

/** Reports whose answer comes a page at a time. */
export const pagedReports: ReadonlySet<ReportName> = new Set([
  'attendance-overtime',
  'consolidated-overtime',
  'employee-attendance',
  'employee-leaves',
  'employee-list',
  'employee-schedule',
  'user-accounts',
]);

export const REPORT_PAGE_SIZE = 50;

/** The API's filters of a report: the ones it reads and that are set (the export sends the same, without paging). */
export function reportFilterQuery(name: ReportName, filters: ReportFilters): Partial<ReportQuery> {
  const query: Record<string, string | number> = {};
  for (const key of reportFilterKeys[name]) {
    const value = filters[key];
    if (value === '') continue;
    query[key] = key === 'month' ? Number(value) : value;
  }
  return query as Partial<ReportQuery>;
}

/** The filters and the page, as the report's GET asks. */
export function reportPageQuery(name: ReportName, filters: ReportFilters): Partial<ReportQuery> {
  const query = reportFilterQuery(name, filters);
  return pagedReports.has(name) ? { ...query, page: filters.page, pageSize: REPORT_PAGE_SIZE } : query;
}

/** A link's `?from=&to=` (the attendance list's range) over the stored filters; invalid dates are ignored. */
export function filtersFromSearch(filters: ReportFilters, search: URLSearchParams): ReportFilters {
  const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const from = search.get('from');
  const to = search.get('to');
  if (!isDate(from) && !isDate(to)) return filters;
  return { ...filters, from: isDate(from) ? from : '', to: isDate(to) ? to : '', page: 1 };
}
