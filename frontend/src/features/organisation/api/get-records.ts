import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import type { OrganisationRecord, RecordType } from '../record-types';

export interface RecordsQuery {
  search: string;
  page: number;
  pageSize: number;
  companyId?: string | undefined;
  departmentId?: string | undefined;
}

/** The most a page may hold (the API's limit): pickers show every record of a company at once. */
export const OPTIONS_PAGE_SIZE = 200;

function fetchRecords<Item extends OrganisationRecord>(type: RecordType<Item>, query: RecordsQuery) {
  return request(async () => {
    const searchParams = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
    if (query.search) searchParams.set('search', query.search);
    if (query.companyId) searchParams.set('companyId', query.companyId);
    if (query.departmentId) searchParams.set('departmentId', query.departmentId);
    return type.list.parse(await api.get(type.endpoint, { searchParams }).json());
  });
}

/** GET /api/<records>: one page of the list, kept on screen while the next page loads. */
export const recordsQueryOptions = <Item extends OrganisationRecord>(type: RecordType<Item>, query: RecordsQuery) =>
  queryOptions({
    queryKey: ['organisation', type.key, 'list', query],
    queryFn: () => fetchRecords(type, query),
    placeholderData: keepPreviousData,
  });

export function useRecords<Item extends OrganisationRecord>(type: RecordType<Item>, query: RecordsQuery, enabled = true) {
  return useQuery({ ...recordsQueryOptions(type, query), enabled });
}

/** The same list as choices for a picker (never the previous company's while the next loads). */
export const recordOptionsQueryOptions = <Item extends OrganisationRecord>(type: RecordType<Item>, filter: { companyId?: string; departmentId?: string } = {}) =>
  queryOptions({
    queryKey: ['organisation', type.key, 'options', filter],
    queryFn: () => fetchRecords(type, { search: '', page: 1, pageSize: OPTIONS_PAGE_SIZE, ...filter }),
  });

export function useRecordOptions<Item extends OrganisationRecord>(type: RecordType<Item>, filter: { companyId?: string; departmentId?: string } = {}, enabled = true) {
  return useQuery({ ...recordOptionsQueryOptions(type, filter), enabled });
}
