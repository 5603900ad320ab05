import { isAllowed } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { findSpaRoute, paths } from '@/config/paths';
import { currentUserAtom } from '@/lib/session';
import type { RecordKey } from '../record-types';

const pages: readonly { key: RecordKey; path: string }[] = [
  { key: 'companies', path: paths.company },
  { key: 'departments', path: paths.department },
  { key: 'jobTitles', path: paths.jobTitle },
  { key: 'leaveTypes', path: paths.leaveType },
  { key: 'leaveGroups', path: paths.leaveGroup },
];

/** The five organisation screens side by side, each shown only to who may open it (the route guard's rule). */
export function OrganisationTabs() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const subject = user ? { accountType: user.account_type, permissions: user.role } : null;
  const visible = pages.filter((page) => {
    const route = findSpaRoute(page.path);
    return route !== undefined && isAllowed(subject, route.access);
  });
  if (visible.length < 2) return null;
  return (
    <nav className="tabs tabs-border mb-4" aria-label={t('organisation.tabs')}>
      {visible.map((page) => (
        <NavLink key={page.key} to={page.path} className={({ isActive }) => `tab ${isActive ? 'tab-active' : ''}`}>
          {t(`organisation.${page.key}.title`)}
        </NavLink>
      ))}
    </nav>
  );
}
