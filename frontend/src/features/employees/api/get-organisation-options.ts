import { companyListSchema, departmentListSchema, jobTitleListSchema, leaveGroupListSchema, organisationRoutes, type ApiRoute } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/**
 * The choices of the employee form and list filters: GET /api/companies, /departments, /job-titles and
 * /leave-groups, all of one company (or department) at once. The query keys are the organisation screens' own,
 * so a record added there shows here at once.
 */
const lists = {
  companies: companyListSchema,
  departments: departmentListSchema,
  jobTitles: jobTitleListSchema,
  leaveGroups: leaveGroupListSchema,
} as const;
export type OptionList = keyof typeof lists;
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

function endpointOf(list: OptionList): string {
  const routes: readonly ApiRoute[] = organisationRoutes[list];
  const route = routes.find((candidate) => candidate.method === 'GET' && !candidate.path.endsWith('/:id'));
  return (route?.path ?? '').replace(/^\/api\//, '');
}

export const organisationOptionsQueryOptions = (list: OptionList, filter: OptionsFilter = {}) =>
  queryOptions({
    queryKey: ['organisation', list, 'options', filter],
    queryFn: () =>
      request(async () => {
        const searchParams = new URLSearchParams({ page: '1', pageSize: String(PAGE_SIZE), ...filter });
        // The same shape as the organisation screens keep under this key.
        const answer: { items: readonly Option[]; total: number } = lists[list].parse(await api.get(endpointOf(list), { searchParams }).json());
        return answer;
      }),
  });

export function useOrganisationOptions(list: OptionList, filter: OptionsFilter = {}, enabled = true) {
  return useQuery({ ...organisationOptionsQueryOptions(list, filter), enabled });
}
