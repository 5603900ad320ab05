import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { QueryState } from '@/components/ui/states';
import type { DateFormat } from '@/lib/date-format';
import { REPORT_PAGE_SIZE, reportFilterQuery, type ReportFilters, type ReportName } from '../report-query';
import { ExportButton } from './export-button';
import { ReportFilterFields } from './report-filter-fields';

interface ReportFrameProps<Data> {
  name: ReportName;
  filters: ReportFilters;
  change: (next: Partial<ReportFilters>) => void;
  query: UseQueryResult<Data>;
  /** What the report shows once its data has arrived (loading and errors are the frame's). */
  children: (data: Data) => ReactNode;
}

/**
 * A report page: its title, Print and Excel buttons, its filters, the query's loading or error state, then what it
 * shows (printed without the buttons and filters).
 */
export function ReportFrame<Data>({ name, filters, change, query, children }: ReportFrameProps<Data>) {
  const { t } = useTranslation();
  const title = useReportTitle(name);
  return (
    <section className="flex flex-col gap-4" data-testid={`report-${name}`}>
      <PageHeader
        title={title}
        actions={
          <div className="flex flex-wrap items-center gap-2" data-print="hide">
            <ExportButton report={name} query={reportFilterQuery(name, filters)} />
            <button type="button" className="btn" onClick={() => window.print()} data-testid="print-report">
              {t('reports.print')}
            </button>
          </div>
        }
      />
      <p className="text-base-content/70 -mt-4">{t(`reports.descriptions.${name}`)}</p>
      <ReportFilterFields name={name} filters={filters} change={change} />
      <QueryState query={query} />
      {query.data === undefined ? null : children(query.data)}
    </section>
  );
}

/** The period a report covers, as the API answered it (its defaults when the filters leave it open). */
export function ReportPeriod({ from, to, format }: { from: string; to: string; format: DateFormat }) {
  const { t } = useTranslation();
  return (
    <p className="font-medium" data-testid="report-period">
      {t('reports.period', { from: format.date(from), to: format.date(to) })}
    </p>
  );
}

type ReportTableProps<Row> = Omit<DataTableProps<Row, string>, 'size' | 'emptyText'> & {
  /** The report's pages, when the API answers it a page at a time. */
  pages?: { filters: ReportFilters; change: (next: Partial<ReportFilters>) => void; total: number; summary: string };
};

/** A dense report table with its totals row, and its pages under it. */
export function ReportTable<Row>({ pages, testId = 'report-table', ...table }: ReportTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <>
      <DataTable size="sm" emptyText={t('reports.noRows')} testId={testId} {...table} />
      {pages ? (
        <Pagination
          page={pages.filters.page}
          total={pages.total}
          pageSize={REPORT_PAGE_SIZE}
          onPage={(page) => pages.change({ page })}
          summary={pages.summary}
        />
      ) : null}
    </>
  );
}

/** A report table under its own heading, which names the table too. */
export function TitledReportTable<Row>({ title, ...table }: Omit<ReportTableProps<Row>, 'label'> & { title: string }) {
  return (
    <>
      <h2 className="text-lg font-semibold">{title}</h2>
      <ReportTable label={title} {...table} />
    </>
  );
}

/** The report's title as a table's accessible name. */
export function useReportTitle(name: ReportName): string {
  const { t } = useTranslation();
  return t(`pages./reports/${name}`, { nsSeparator: false });
}

export interface FigureCard {
  key: string;
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Figures at a glance above a report's table (its totals row says them too). */
export function FigureCards({ cards, testId = 'report-totals', compact = false }: { cards: readonly FigureCard[]; testId?: string; compact?: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid={testId}>
      {cards.map((card) => (
        <div key={card.key} className="bg-base-100 rounded-box border-base-300 border p-3">
          <dt className="text-base-content/70 text-sm">{card.label}</dt>
          <dd className={compact ? 'font-semibold' : 'text-xl font-semibold'} data-testid={card.testId}>
            {card.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
