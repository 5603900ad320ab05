import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { describeFailure } from '@/lib/i18n';

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const message = describeFailure(error);
  return (
    <div role="alert" className="alert alert-error alert-soft my-4 flex flex-wrap">
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return <p className="rounded-box border border-dashed border-base-300 p-8 text-center text-base-content/70">{text}</p>;
}

/** What a query shows before it has data: a spinner while loading, the error with a retry when it failed. */
export function QueryState({ query }: { query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'> }) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return null;
}
