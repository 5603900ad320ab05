import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/states';
import { ariaSortOf, mobileLabelOf, nextSort, tableContent, type SortState } from './data-table-sort';

export interface DataTableColumn<Row, SortKey extends string = string> {
  key: string;
  /** The header cell's content; a text header is also the cell's label when rows become cards. */
  header: ReactNode;
  /** The label before the value on narrow screens, when the header is not text (or should read otherwise). */
  label?: string;
  cell: (row: Row) => ReactNode;
  /** The server's sort key: the header becomes a sort button. */
  sort?: SortKey;
  /** On the header and the cells (e.g. columns that give way on narrower screens). */
  className?: string;
  cellClassName?: string;
  cellTitle?: (row: Row) => string | undefined;
}

export interface DataTableSort<SortKey extends string> extends SortState<SortKey> {
  onSort: (next: SortState<SortKey>) => void;
}

export interface DataTableProps<Row, SortKey extends string> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn<Row, SortKey>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /** Shown instead of the table when there are no rows. */
  emptyText?: string;
  /** The last column: the row's buttons and links. */
  actions?: (row: Row) => ReactNode;
  /** The order the server was asked for; sortable columns say and change it. */
  sort?: DataTableSort<SortKey>;
  rowClassName?: (row: Row) => string | undefined;
  /** 'sm': a dense table (reports with many figures): smaller text and padding. */
  size?: 'md' | 'sm';
  /** A card behind the table (lists on a page); off inside dialogs and panels that have their own. */
  framed?: boolean;
  /** A last row of totals (reports): its label in the first column, then each other column's total by its key. */
  totals?: DataTableTotals;
  testId?: string;
}

export interface DataTableTotals {
  label: string;
  cells: Readonly<Record<string, ReactNode>>;
}

// Below `md` the rows become cards: the header row is only read out, each cell shows its column's label first
// (with empty CSS alt text, so a screen reader hears the header once, not again in the cell).
const mobile = {
  table: 'max-md:block',
  thead: 'max-md:sr-only',
  tbody: 'max-md:flex max-md:flex-col max-md:gap-3',
  tr: 'max-md:block max-md:rounded-box max-md:border max-md:border-base-300 max-md:py-1',
  td: 'max-md:flex max-md:items-center max-md:justify-between max-md:gap-3 max-md:text-end max-md:break-words max-md:before:text-start max-md:before:font-semibold max-md:before:text-base-content/70 max-md:before:content-[attr(data-label)_/_""]',
  actions: 'max-md:justify-end',
};

function join(...classes: (string | undefined | false)[]): string | undefined {
  const joined = classes.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

function SortHeader<SortKey extends string>({
  column,
  sortKey,
  sort,
}: {
  column: DataTableColumn<unknown, SortKey>;
  sortKey: SortKey;
  sort: DataTableSort<SortKey>;
}) {
  const { t } = useTranslation();
  const direction = ariaSortOf(sort, sortKey);
  const label = mobileLabelOf(column.header, column.label);
  return (
    <th scope="col" aria-sort={direction} className={column.className}>
      <button
        type="button"
        className="flex items-center gap-1 rounded-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2"
        onClick={() => sort.onSort(nextSort(sort, sortKey))}
        title={t('common.sortBy', { column: label })}
      >
        {column.header}
        <span aria-hidden="true" className={direction === 'none' ? 'opacity-30' : ''}>
          {direction === 'descending' ? '▼' : '▲'}
        </span>
      </button>
    </th>
  );
}

/**
 * A list screen's table: a real `<table>` named by `label`, headers that sort through the server's order,
 * an actions column, an empty state, and cards of label–value pairs on narrow screens.
 */
export function DataTable<Row, SortKey extends string = string>({
  label,
  columns,
  rows,
  rowKey,
  emptyText,
  actions,
  sort,
  rowClassName,
  size = 'md',
  framed = true,
  totals,
  testId,
}: DataTableProps<Row, SortKey>) {
  const { t } = useTranslation();
  const content = tableContent(rows.length, emptyText);
  if (content === 'empty') return <EmptyState text={emptyText ?? ''} />;
  if (content === 'nothing') return null;
  return (
    // A table wider than its box scrolls inside it: focusable and named, so a keyboard can scroll it too. A group,
    // not a region landmark: the section around a table often bears the table's name, and landmarks must differ.
    <div className={join('overflow-x-auto', framed && 'bg-base-100 rounded-box max-md:bg-transparent')} tabIndex={0} role="group" aria-label={label}>
      {/* Dense tables keep half the side padding: a report's ten figures then fit 1366 px in Spanish too. */}
      <table className={join('table', size === 'sm' && 'table-sm [&_td]:px-2 [&_th]:px-2', mobile.table)} aria-label={label} data-testid={testId}>
        {/* Headers wrap between words (daisyUI keeps them on one line): Spanish ones pushed tables past their box. */}
        <thead className={join(mobile.thead, 'whitespace-normal')}>
          <tr>
            {columns.map((column) =>
              column.sort !== undefined && sort ? (
                <SortHeader key={column.key} column={column as DataTableColumn<unknown, SortKey>} sortKey={column.sort} sort={sort} />
              ) : (
                <th key={column.key} scope="col" className={column.className}>
                  {column.header}
                </th>
              ),
            )}
            {actions ? (
              <th scope="col">
                <span className="sr-only">{t('common.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className={mobile.tbody}>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className={join(rowClassName?.(row), mobile.tr, framed && 'max-md:bg-base-100')}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={join(column.className, column.cellClassName, mobile.td)}
                  title={column.cellTitle?.(row)}
                  data-label={mobileLabelOf(column.header, column.label)}
                >
                  {column.cell(row)}
                </td>
              ))}
              {/* The row's buttons may wrap, so a wide row keeps them in view instead of behind a sideways scroll. */}
              {actions ? <td className={join('text-end', mobile.td, mobile.actions)}>{actions(row)}</td> : null}
            </tr>
          ))}
        </tbody>
        {totals ? (
          // daisyUI dims a tfoot's text: totals are read as much as the rows, so they keep the full ink (WCAG 1.4.3).
          <tfoot className={join('text-base-content', mobile.tbody)}>
            <tr className={join('font-semibold', mobile.tr, framed && 'max-md:bg-base-100')} data-testid={testId ? `${testId}-totals` : undefined}>
              {columns.map((column, index) => {
                return index === 0 ? (
                  <th key={column.key} scope="row" className={join(column.className, mobile.td)}>
                    {totals.label}
                  </th>
                ) : (
                  <td
                    key={column.key}
                    className={join(column.className, mobile.td)}
                    data-label={mobileLabelOf(column.header, column.label)}
                    data-column={column.key}
                  >
                    {totals.cells[column.key]}
                  </td>
                );
              })}
              {actions ? <td className={mobile.td} /> : null}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
