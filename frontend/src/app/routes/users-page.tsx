import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { TabList } from '@/components/ui/tab-list';
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
      <TabList
        label={t('nav.users')}
        names={tabs}
        selected={tab}
        onSelect={setTab}
        textOf={(name) => t(`users.tabs.${name}`)}
        idPrefix="tab-"
        panelOf={(name) => `panel-${name}`}
        className="tabs tabs-border mb-4"
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'users' ? <UsersList /> : <RolesPanel />}
      </div>
    </section>
  );
}
