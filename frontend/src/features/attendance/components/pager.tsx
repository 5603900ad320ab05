import { useTranslation } from 'react-i18next';

/** The total and, when there is more than one page, previous / page n of m / next. */
export function Pager({ total, page, pageSize, loaded, onPage }: { total: number; page: number; pageSize: number; loaded: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-base-content/70 text-sm" aria-live="polite">
        {loaded ? t('attendance.total', { count: total }) : null}
      </p>
      {pages > 1 ? (
        <div className="join">
          <button type="button" className="btn btn-sm join-item" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('common.previous')}
          </button>
          <span className="btn btn-sm join-item no-animation">{t('common.pageOf', { page, pages })}</span>
          <button type="button" className="btn btn-sm join-item" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('common.next')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
