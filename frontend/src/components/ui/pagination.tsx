import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** A line beside the controls (e.g. how many were found); without it the controls stand alone. */
  summary?: ReactNode;
}

/** Previous / page n of m / next for a paged list; no controls while everything fits on one page. */
export function Pagination({ page, total, pageSize, onPage, summary }: PaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const controls =
    pages > 1 ? (
      <div className={summary === undefined ? 'join self-end' : 'join'}>
        <button type="button" className="btn btn-sm join-item" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('common.previous')}
        </button>
        <span className="btn btn-sm join-item no-animation" aria-live="polite">
          {t('common.pageOf', { page, pages })}
        </span>
        <button type="button" className="btn btn-sm join-item" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('common.next')}
        </button>
      </div>
    ) : null;
  if (summary === undefined) return controls;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-base-content/70 text-sm" aria-live="polite">
        {summary}
      </p>
      {controls}
    </div>
  );
}
