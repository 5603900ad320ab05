import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';

const screens = [paths.company, paths.department, paths.jobTitle, paths.leaveType, paths.leaveGroup] as const;

/** The organisation's reference data screens (spec §2 routes without a navigation entry of their own) the user may open. */
export function useOrganisationScreens() {
  const { mayOpen } = useAuthorization();
  return screens.filter((path) => mayOpen(path));
}

/** Links to the organisation's reference data screens the user may open. */
export function OrganisationLinks() {
  const { t } = useTranslation();
  const visible = useOrganisationScreens();
  return (
    <ul className="flex flex-wrap gap-2">
      {visible.map((path) => (
        <li key={path}>
          <Link to={path} className="btn btn-sm btn-outline">
            {t(`pages.${path}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
