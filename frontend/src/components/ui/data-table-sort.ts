/** Which way a server-sorted list is ordered, as the list endpoints take it. */
export type SortOrder = 'asc' | 'desc';

export interface SortState<Key extends string> {
  by: Key;
  order: SortOrder;
}

/** A click on a column's header: the same column flips asc → desc; any other column (or desc) starts ascending. */
export function nextSort<Key extends string>(current: SortState<Key>, column: Key): SortState<Key> {
  return { by: column, order: current.by === column && current.order === 'asc' ? 'desc' : 'asc' };
}

/** The header's `aria-sort`: only the column the list is sorted by says which way. */
export function ariaSortOf<Key extends string>(current: SortState<Key>, column: Key): 'ascending' | 'descending' | 'none' {
  if (current.by !== column) return 'none';
  return current.order === 'asc' ? 'ascending' : 'descending';
}

/** What a table shows for the rows it was given: the empty state (when it has one) or the table. */
export function tableContent(rowCount: number, emptyText: string | undefined): 'empty' | 'table' | 'nothing' {
  if (rowCount > 0) return 'table';
  return emptyText === undefined ? 'nothing' : 'empty';
}

/** The label a cell shows before its value when rows become cards on narrow screens. */
export function mobileLabelOf(header: unknown, label: string | undefined): string {
  if (label !== undefined) return label;
  return typeof header === 'string' ? header : '';
}
