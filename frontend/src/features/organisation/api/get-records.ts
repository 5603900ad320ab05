import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';
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

/** A page of records: what `routes.list` answers (record-types pairs each type with its routes). */
export interface RecordList<Item> {
  items: Item[];
  total: number;
}

const listArgs = <Item extends OrganisationRecord>(type: RecordType<Item>, query: RecordsQuery) => [type.routes.list, { query }] as const;

function fetchRecords<Item extends OrganisationRecord>(type: RecordType<Item>, query: RecordsQuery) {
  return call(...listArgs(type, query)) as Promise<RecordList<Item>>;
}

/** GET /api/<records>: one page of the list, kept on screen while the next page loads. */
export const recordsQueryOptions = <Item extends OrganisationRecord>(type: RecordType<Item>, query: RecordsQuery) =>
  queryOptions({
    queryKey: queryKeyOf(...listArgs(type, query)),
    queryFn: () => fetchRecords(type, query),
    placeholderData: keepPreviousData,
  });

export function useRecords<Item extends OrganisationRecord>(type: RecordType<Item>, query: RecordsQuery, enabled = true) {
  return useQuery({ ...recordsQueryOptions(type, query), enabled });
}

/**
 * The same list as choices for a picker (never the previous company's while the next loads). Its key is that of
 * the same request anywhere (the employee form's pickers, the settings' company choice).
 */
export const recordOptionsQueryOptions = <Item extends OrganisationRecord>(
  type: RecordType<Item>,
  filter: { companyId?: string; departmentId?: string } = {},
) => {
  const query: RecordsQuery = { search: '', page: 1, pageSize: OPTIONS_PAGE_SIZE, ...filter };
  return queryOptions({
    queryKey: queryKeyOf(...listArgs(type, query)),
    queryFn: () => fetchRecords(type, query),
  });
};

export function useRecordOptions<Item extends OrganisationRecord>(
  type: RecordType<Item>,
  filter: { companyId?: string; departmentId?: string } = {},
  enabled = true,
) {
  return useQuery({ ...recordOptionsQueryOptions(type, filter), enabled });
}
