import { actions, resources } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/states';
import { currentUserAtom } from '@/lib/session';

/** The personal area: who I am and what my role lets me do (attendance and leave arrive with their services). */
export function PersonalDashboard() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const granted = resources.filter((resource) => (user?.role[resource]?.length ?? 0) > 0);
  return (
    <section>
      <PageHeader title={t('nav.dashboard')} />
      <p className="mb-6 text-lg" data-testid="welcome">
        {t('dashboard.welcome', { name: user?.name ?? '' })}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="bg-base-100 rounded-box p-5">
          <h2 className="mb-3 text-lg font-semibold">{t('dashboard.myAccount')}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="text-base-content/70">{t('account.name')}</dt>
            <dd>{user?.name}</dd>
            <dt className="text-base-content/70">{t('account.email')}</dt>
            <dd className="break-all">{user?.email}</dd>
            <dt className="text-base-content/70">{t('account.accountType')}</dt>
            <dd>{user ? t(`accountTypes.${user.account_type}`) : ''}</dd>
          </dl>
        </div>
        <div className="bg-base-100 rounded-box p-5">
          <h2 className="mb-3 text-lg font-semibold">{t('dashboard.myPermissions')}</h2>
          {granted.length === 0 ? (
            <EmptyState text={t('dashboard.noPermissions')} />
          ) : (
            <ul className="flex flex-col gap-2">
              {granted.map((resource) => (
                <li key={resource} className="flex flex-wrap items-center gap-2">
                  <span className="min-w-32 font-medium">{t(`roles.resources.${resource}`)}</span>
                  {actions
                    .filter((action) => user?.role[resource]?.includes(action))
                    .map((action) => (
                      <span key={action} className="badge badge-primary badge-soft badge-sm">
                        {t(`roles.actions.${action}`)}
                      </span>
                    ))}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
