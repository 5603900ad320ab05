import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableProps } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/states';

type PageQuery<Row> = Pick<UseQueryResult<{ items: readonly Row[] }>, 'data' | 'isPending' | 'isError' | 'error' | 'refetch'>;

/** A list query's table: the spinner or the error with a retry until its first page arrives, then the page's items. */
export function QueryTable<Row, SortKey extends string = string>({ query, ...table }: Omit<DataTableProps<Row, SortKey>, 'rows'> & { query: PageQuery<Row> }) {
  return (
    <>
      <QueryState query={query} />
      {query.data ? <DataTable rows={query.data.items} {...table} /> : null}
    </>
  );
}
