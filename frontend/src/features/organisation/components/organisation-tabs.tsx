import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { paths, type SpaPath } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import type { RecordKey } from '../record-types';

const pages: readonly { key: RecordKey; path: SpaPath }[] = [
  { key: 'companies', path: paths.company },
  { key: 'departments', path: paths.department },
  { key: 'jobTitles', path: paths.jobTitle },
  { key: 'leaveTypes', path: paths.leaveType },
  { key: 'leaveGroups', path: paths.leaveGroup },
];

/** The five organisation screens side by side, each shown only to who may open it (the route guard's rule). */
export function OrganisationTabs() {
  const { t } = useTranslation();
  const { mayOpen } = useAuthorization();
  const visible = pages.filter((page) => mayOpen(page.path));
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
