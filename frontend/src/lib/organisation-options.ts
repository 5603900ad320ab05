import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/**
 * The choices of forms and list filters: GET /api/companies, /departments, /job-titles, /leave-types and
 * /leave-groups, all of one company (or department) at once. The query key is that of the same request on the
 * organisation screens, so a record added there shows here at once.
 */
const routes = {
  companies: 'GET /api/companies',
  departments: 'GET /api/departments',
  jobTitles: 'GET /api/job-titles',
  leaveTypes: 'GET /api/leave-types',
  leaveGroups: 'GET /api/leave-groups',
} as const;
export type OptionList = keyof typeof routes;
export interface Option {
  id: string;
  name: string;
  /** Leave groups may be disabled. */
  status?: string;
}
export interface OptionsFilter {
  companyId?: string;
  departmentId?: string;
}

/** The API's largest page. */
const PAGE_SIZE = 200;

export const organisationOptionsQueryOptions = (list: OptionList, filter: OptionsFilter = {}) => {
  const args = { query: { page: 1, pageSize: PAGE_SIZE, ...filter } };
  return queryOptions({
    queryKey: queryKeyOf(routes[list], args),
    queryFn: async (): Promise<{ items: readonly Option[]; total: number }> => call(routes[list], args),
  });
};

export function useOrganisationOptions(list: OptionList, filter: OptionsFilter = {}, enabled = true) {
  return useQuery({ ...organisationOptionsQueryOptions(list, filter), enabled });
}
