import type { ReportQuery } from '@ams/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/use-date-format';
import { reportPageQuery, type ReportName } from '../report-query';
import { useReportTitle } from './report-frame';
import { useReportFilters } from './use-report-filters';

type UseReport<Data> = (query: Partial<ReportQuery>) => UseQueryResult<Data>;

/** A report's filters and its query, with the props of its frame and of its pages made from them. */
export function useReportQuery<Data>(name: ReportName, useReport: UseReport<Data>) {
  const { filters, change } = useReportFilters(name);
  const report = useReport(reportPageQuery(name, filters));
  return {
    filters,
    report,
    frame: { name, filters, change, query: report },
    pages: (total: number, summary: string) => ({ filters, change, total, summary }),
  };
}

/** What a report page sets up: its query, its title (its table's name) and dates in the filtered company's settings. */
export function useReportPage<Data>(name: ReportName, useReport: UseReport<Data>) {
  const { t } = useTranslation();
  const title = useReportTitle(name);
  const page = useReportQuery(name, useReport);
  const format = useDateFormat(page.filters.companyId || null);
  return { t, title, format, ...page };
}
