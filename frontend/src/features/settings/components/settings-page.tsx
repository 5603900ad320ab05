import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { AboutSection } from './about-section';
import { AttributionsSection } from './attributions-section';
import { KioskDevices } from './kiosk-devices';
import { LegalNoticeSettings } from './legal-notice-settings';
import { LocalizationSettings } from './localization-settings';
import { OptionalFeatures } from './optional-features';
import { OrganisationLinks } from './organisation-links';
import { SafeguardingSection } from './safeguarding-section';
import { WorkTimeRulesSettings } from './work-time-rules-settings';

/** Organisation settings: localization, the work-time rules, the organisation's reference data, registered kiosks, optional features (who may sign up among them), safeguarding, the legal notice, feedback, about and attributions. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  return (
    <section>
      <PageHeader title={t('nav.setting')} />
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.localization')}</h2>
        <LocalizationSettings />
      </div>
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.rules.title')}</h2>
        <p className="text-base-content/70 text-sm">{t('settings.rules.intro')}</p>
        <WorkTimeRulesSettings />
      </div>
      <OrganisationLinks />
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.kiosks.title')}</h2>
        <KioskDevices />
      </div>
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6" data-testid="optional-features">
        <h2 className="text-lg font-semibold">{t('settings.optionalFeatures.title')}</h2>
        <OptionalFeatures />
      </div>
      {/* Safeguarding of personal and biometric data. */}
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('safeguarding.title')}</h2>
        <SafeguardingSection />
      </div>
      {/* h4: legal notice and feedback */}
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6" data-testid="legal-notice-section">
        <h2 className="text-lg font-semibold">{t('legal.title')}</h2>
        <LegalNoticeSettings />
      </div>
      {can('feedback.read') ? (
        <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
          <h2 className="text-lg font-semibold">{t('feedback.settingsTitle')}</h2>
          <p className="text-base-content/70 text-sm">{t('feedback.settingsHint')}</p>
          <p>
            <Link to={paths.feedback} className="link">
              {t('feedback.openList')}
            </Link>
          </p>
        </div>
      ) : null}
      {/* end h4 */}
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.about.title')}</h2>
        <AboutSection />
      </div>
      <div className="bg-base-100 rounded-box flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.attributions.title')}</h2>
        <AttributionsSection />
      </div>
    </section>
  );
}
