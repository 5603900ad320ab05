import type { UseQueryResult } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/states';
import { currentUserAtom } from '@/lib/session';

/** What both dashboards open with: the title, a welcome by name, and the spinner or error until the figures arrive. */
export function DashboardFrame({ query, children }: { query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>; children: ReactNode }) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title={t('nav.dashboard')} />
      <p className="text-lg" data-testid="welcome">
        {t('dashboard.welcome', { name: user?.name ?? '' })}
      </p>
      <QueryState query={query} />
      {children}
    </section>
  );
}

/** A titled card of the dashboard, named by its title. */
export function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="bg-base-100 rounded-box min-w-0 p-5" data-testid={testId} aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
