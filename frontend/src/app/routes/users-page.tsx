import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { RolesPanel } from '@/features/roles/components/roles-panel';
import { UsersList } from '@/features/users/components/users-list';

const tabs = ['users', 'roles'] as const;

/** Users and their roles on one screen, as the spec's Users entry groups them. */
export function UsersPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof tabs)[number]>('users');
  return (
    <section>
      <PageHeader title={t('nav.users')} />
      <div role="tablist" className="tabs tabs-border mb-4" aria-label={t('nav.users')}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-controls={`panel-${name}`}
            aria-selected={tab === name}
            className={`tab ${tab === name ? 'tab-active' : ''}`}
            onClick={() => setTab(name)}
            data-testid={`tab-${name}`}
          >
            {t(`users.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'users' ? <UsersList /> : <RolesPanel />}
      </div>
    </section>
  );
}
