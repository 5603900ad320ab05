import { feedbackCategories, feedbackStatuses, type Feedback, type FeedbackCategory, type FeedbackStatus } from '@ams/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { QueryState } from '@/components/ui/states';
import { API_PREFIX } from '@/lib/api-client';
import { useAuthorization } from '@/lib/authorization';
import { translateKey } from '@/lib/i18n';
import { useDateFormat } from '@/lib/use-date-format';
import { useNotify } from '@/lib/use-notify';
import { useFeedbackList } from '../api/get-feedback';
import { useResolveFeedback } from '../api/resolve-feedback';

const PAGE_SIZE = 20;

/** The feedback users sent (the caller's companies'), newest first: filters, pages, screenshots, and resolving. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const format = useDateFormat();
  const notify = useNotify();
  const [status, setStatus] = useState<FeedbackStatus | ''>('open');
  const [category, setCategory] = useState<FeedbackCategory | ''>('');
  const [page, setPage] = useState(1);
  const list = useFeedbackList({ status: status || undefined, category: category || undefined, page, pageSize: PAGE_SIZE });
  const resolve = useResolveFeedback();

  const columns: DataTableColumn<Feedback>[] = [
    { key: 'createdAt', header: t('feedback.list.sentAt'), cell: (item) => format.dateTime(item.createdAt) },
    { key: 'sender', header: t('feedback.list.sender'), cell: (item) => <span title={item.senderEmail}>{item.senderName}</span> },
    { key: 'category', header: t('feedback.list.category'), cell: (item) => t(`feedback.categories.${item.category}`) },
    {
      key: 'message',
      header: t('feedback.list.message'),
      cell: (item) => <span className="line-clamp-3 whitespace-pre-line break-words">{item.message}</span>,
      cellClassName: 'max-w-md',
    },
    { key: 'page', header: t('feedback.list.page'), cell: (item) => <code className="text-xs break-all">{item.page}</code> },
    {
      key: 'screenshot',
      header: t('feedback.list.screenshot'),
      cell: (item) =>
        item.hasScreenshot ? (
          <a className="link" href={`${API_PREFIX}/feedback/${item.id}/screenshot`} target="_blank" rel="noreferrer">
            {t('feedback.list.open')}
          </a>
        ) : (
          '—'
        ),
    },
    { key: 'status', header: t('feedback.list.status'), cell: (item) => t(`feedback.statuses.${item.status}`) },
  ];

  const filter = (
    label: string,
    value: string,
    options: readonly string[],
    labelOf: (option: string) => string,
    onChange: (value: string) => void,
    testId: string,
  ) => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <select
        className="select select-sm"
        value={value}
        data-testid={testId}
        onChange={(event) => {
          onChange(event.target.value);
          setPage(1);
        }}
      >
        <option value="">{t('feedback.list.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section>
      <PageHeader title={t('feedback.list.title')} />
      <div className="mb-4 flex flex-wrap gap-4">
        {filter(
          t('feedback.list.status'),
          status,
          feedbackStatuses,
          (option) => t(`feedback.statuses.${option as FeedbackStatus}`),
          (value) => setStatus(value as FeedbackStatus | ''),
          'feedback-status-filter',
        )}
        {filter(
          t('feedback.list.category'),
          category,
          feedbackCategories,
          (option) => t(`feedback.categories.${option as FeedbackCategory}`),
          (value) => setCategory(value as FeedbackCategory | ''),
          'feedback-category-filter',
        )}
      </div>
      <QueryState query={list} />
      {list.data ? (
        <>
          <DataTable
            label={t('feedback.list.title')}
            columns={columns}
            rows={list.data.items}
            rowKey={(item) => item.id}
            emptyText={t('feedback.list.empty')}
            testId="feedback-table"
            actions={(item) =>
              item.status === 'open' && can('feedback.update') ? (
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={resolve.isPending}
                  onClick={() => resolve.mutate(item.id, { onSuccess: () => notify.success(translateKey('changesSaved')), onError: notify.failure })}
                >
                  {t('feedback.list.resolve')}
                </button>
              ) : null
            }
          />
          <Pagination page={page} total={list.data.total} pageSize={PAGE_SIZE} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}
