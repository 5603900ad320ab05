import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { reportNames } from '../report-query';

/** Spec §2 /reports: the nine reports, each a card with a line on what it tells. */
export function ReportsIndex() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./reports', { nsSeparator: false })} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="report-cards">
        {reportNames.map((name) => (
          <li key={name} className="card bg-base-100 border-base-300 border">
            <div className="card-body">
              <h2 className="card-title">
                <Link to={`/reports/${name}`} className="link link-hover" data-testid={`report-link-${name}`}>
                  {t(`pages./reports/${name}`, { nsSeparator: false })}
                </Link>
              </h2>
              <p className="text-base-content/70">{t(`reports.descriptions.${name}`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
