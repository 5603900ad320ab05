import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { reportFilterQuery, type ReportFilters, type ReportName } from '../report-query';
import { ExportButton } from './export-button';
import { ReportFilterFields } from './report-filter-fields';

interface ReportFrameProps {
  name: ReportName;
  filters: ReportFilters;
  change: (next: Partial<ReportFilters>) => void;
  children: ReactNode;
}

/** A report page: its title, Print and Excel buttons, its filters, then what it shows (printed without the buttons and filters). */
export function ReportFrame({ name, filters, change, children }: ReportFrameProps) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col gap-4" data-testid={`report-${name}`}>
      <PageHeader
        title={t(`pages./reports/${name}`, { nsSeparator: false })}
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
      {children}
    </section>
  );
}

/** The period a report covers, as the API answered it (its defaults when the filters leave it open). */
export function ReportPeriod({ text }: { text: string }) {
  return (
    <p className="font-medium" data-testid="report-period">
      {text}
    </p>
  );
}
