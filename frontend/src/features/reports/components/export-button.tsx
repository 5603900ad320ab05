import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeFailure } from '@/lib/i18n';
import { reportExportFileUrl, useReportExport, useStartReportExport, type ReportExport, type StartReportExport } from '../api/report-export';

/**
 * Starts the report's Excel export with the page's filters, shows how many rows are written while it runs
 * (asking every second), then downloads the workbook: the browser goes to the file's address with its session cookie.
 */
export function ExportButton({ report, query }: Omit<StartReportExport, 'language'>) {
  const { t, i18n } = useTranslation();
  const start = useStartReportExport();
  const [started, setStarted] = useState<ReportExport | null>(null);
  const progress = useReportExport(started);
  const current = progress.data ?? started;
  const downloaded = useRef<string | null>(null);

  useEffect(() => {
    if (current?.status !== 'done' || downloaded.current === current.id) return;
    downloaded.current = current.id;
    window.location.assign(reportExportFileUrl(current.id));
  }, [current]);

  const running = start.isPending || current?.status === 'running';
  const exportNow = () => {
    setStarted(null);
    start.mutate({ report, query, language: i18n.language === 'en' ? 'en' : 'es' }, { onSuccess: setStarted });
  };
  const failure = start.isError
    ? describeFailure(start.error)
    : progress.isError
      ? describeFailure(progress.error)
      : current?.status === 'failed'
        ? t('reports.exportFailed')
        : null;

  return (
    <div className="flex flex-wrap items-center gap-2" data-print="hide">
      <button type="button" className="btn" onClick={exportNow} disabled={running} data-testid="export-report">
        {t('reports.exportExcel')}
      </button>
      {current?.status === 'running' ? (
        <span className="flex items-center gap-2 text-sm" data-testid="export-progress">
          {/* Until the job has counted the rows, the bar runs without a value (indeterminate). */}
          {current.rowsTotal === null ? (
            <progress className="progress progress-primary w-32" aria-label={t('reports.exportProgress')} />
          ) : (
            <progress
              className="progress progress-primary w-32"
              aria-label={t('reports.exportProgress')}
              value={current.rowsWritten}
              max={Math.max(1, current.rowsTotal)}
            />
          )}
          <span aria-live="polite">
            {current.rowsTotal === null
              ? t('reports.rowsWrittenSoFar', { written: current.rowsWritten })
              : t('reports.rowsWritten', { written: current.rowsWritten, total: current.rowsTotal })}
          </span>
        </span>
      ) : null}
      {current?.status === 'done' ? (
        <a className="link text-sm" href={reportExportFileUrl(current.id)} download={current.fileName} data-testid="export-file">
          {t('reports.exportReady', { file: current.fileName })}
        </a>
      ) : null}
      {failure ? (
        <span role="alert" className="alert alert-error alert-soft py-1 text-sm">
          {failure}
        </span>
      ) : null}
    </div>
  );
}
