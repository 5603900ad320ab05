import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, QueryState } from '@/components/ui/states';
import { useAuthorization } from '@/lib/authorization';
import { translateKey } from '@/lib/i18n';
import { currentUserAtom } from '@/lib/session';
import { useDateFormat } from '@/lib/use-date-format';
import { useRoleSummary } from '../api/get-role-summary';
import { useUserSummary } from '../api/get-user-summary';

export function AdminDashboard() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const user = useAtomValue(currentUserAtom);
  const { can } = useAuthorization();
  const users = useUserSummary({ enabled: can('user.read') });
  const roles = useRoleSummary({ enabled: can('userRole.read') });
  return (
    <section>
      <PageHeader title={t('nav.dashboard')} />
      <p className="mb-6 text-lg" data-testid="welcome">
        {t('dashboard.welcome', { name: user?.name ?? '' })}
      </p>
      <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {can('user.read') ? <StatValue label={t('dashboard.users')} query={users} /> : null}
        {can('userRole.read') ? <StatValue label={t('dashboard.roles')} query={roles} /> : null}
        <div className="bg-base-100 rounded-box flex flex-col gap-1 p-5">
          <span className="text-base-content/70 text-sm">{t('dashboard.accountType')}</span>
          <span className="text-xl font-semibold">{user ? t(`accountTypes.${user.account_type}`) : ''}</span>
        </div>
      </div>
      {can('user.read') ? (
        <div className="bg-base-100 rounded-box p-5">
          <h2 className="mb-3 text-lg font-semibold">{t('dashboard.newestUsers')}</h2>
          <QueryState query={users} />
          {users.data && users.data.items.length === 0 ? <EmptyState text={translateKey('userNotFound')} /> : null}
          {users.data && users.data.items.length > 0 ? (
            <ul className="divide-base-300 divide-y">
              {users.data.items.map((item) => (
                <li key={item.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">{item.name}</span> <span className="text-base-content/70 text-sm">{item.email}</span>
                  </span>
                  <span className="text-base-content/70 text-sm">{format.dateTime(item.createdAt)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function StatValue({ label, query }: { label: string; query: { data?: { total: number } | undefined; isPending: boolean; isError: boolean } }) {
  const { t } = useTranslation();
  const value = query.isPending ? <span className="loading loading-dots loading-sm" aria-label={t('common.loading')} /> : query.isError ? '—' : (query.data?.total ?? 0);
  return (
    <div className="bg-base-100 rounded-box flex flex-col gap-1 p-5">
      <span className="text-base-content/70 text-sm">{label}</span>
      <span className="text-3xl font-semibold">{value}</span>
    </div>
  );
}
