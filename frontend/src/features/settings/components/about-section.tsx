import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/states';
import { useAbout } from '../api/get-build-info';
import { useInstallation } from '../api/get-installation';

/** Settings › About (spec §1, §2): product, version, build commit, installation and the MIT licence notice. */
export function AboutSection() {
  const { t } = useTranslation();
  const about = useAbout();
  const installation = useInstallation();
  const rows: [string, string | undefined, string][] = [
    [t('settings.about.product'), t('app.title'), 'about-product'],
    [t('settings.about.version'), about.data?.version, 'about-version'],
    [t('settings.about.commit'), about.data?.commit === 'unknown' ? t('settings.about.unknown') : about.data?.commit, 'about-commit'],
    [t('settings.about.installation'), installation.isError ? t('settings.about.unknown') : installation.data?.id, 'about-installation'],
  ];
  return (
    <div className="flex flex-col gap-3" data-testid="about-section">
      <QueryState query={about} />
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value, testId]) => (
          <div key={testId} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="font-mono text-sm break-all" data-testid={testId}>
              {value ?? '…'}
            </dd>
          </div>
        ))}
      </dl>
      {about.data ? (
        <details className="collapse-arrow bg-base-200 rounded-box collapse">
          <summary className="collapse-title font-medium">{t('settings.about.licence')}</summary>
          <pre className="collapse-content text-xs whitespace-pre-wrap" data-testid="about-licence">
            {about.data.licence}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
