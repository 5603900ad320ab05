import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';

const screens = [paths.company, paths.department, paths.jobTitle, paths.leaveType, paths.leaveGroup] as const;

/** The organisation's reference data (spec §2 routes without a navigation entry of their own), where the user may open them. */
export function OrganisationLinks() {
  const { t } = useTranslation();
  const { mayOpen } = useAuthorization();
  const visible = screens.filter((path) => mayOpen(path));
  if (visible.length === 0) return null;
  return (
    <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
      <h2 className="text-lg font-semibold">{t('settings.organisation')}</h2>
      <ul className="flex flex-wrap gap-2">
        {visible.map((path) => (
          <li key={path}>
            <Link to={path} className="btn btn-sm btn-outline">
              {t(`pages.${path}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
