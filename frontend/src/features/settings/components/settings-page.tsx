import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { translateKey } from '@/lib/i18n';
import { useAuthorization } from '@/lib/authorization';
import { useNotify } from '@/lib/use-notify';
import { useSignUpStatus } from '@/lib/sign-up-status';
import { useUpdateSignUpSetting } from '../api/update-sign-up-setting';
import { AboutSection } from './about-section';
import { AttributionsSection } from './attributions-section';
import { KioskDevices } from './kiosk-devices';
import { LegalNoticeSettings } from './legal-notice-settings';
import { LocalizationSettings } from './localization-settings';
import { OrganisationLinks } from './organisation-links';

/** Organisation settings: localization, the way to the organisation's reference data, registered kiosks, who may sign up, about and attributions. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const notify = useNotify();
  const status = useSignUpStatus();
  const update = useUpdateSignUpSetting();
  const mayChange = can('setting.update');
  return (
    <section>
      <PageHeader title={t('nav.setting')} />
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.localization')}</h2>
        <LocalizationSettings />
      </div>
      <OrganisationLinks />
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.kiosks.title')}</h2>
        <KioskDevices />
      </div>
      <div className="bg-base-100 rounded-box mb-6 flex max-w-3xl flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold">{t('settings.access')}</h2>
        <QueryState query={status} />
        {status.data ? (
          <label className="flex cursor-pointer items-start justify-between gap-4">
            <span>
              <span className="block font-medium">{t('settings.selfSignUp')}</span>
              <span className="text-base-content/70 block text-sm">{t('settings.selfSignUpHint')}</span>
            </span>
            <input
              type="checkbox"
              className="toggle toggle-primary mt-1"
              checked={status.data.enabled}
              disabled={!mayChange || update.isPending}
              data-testid="self-sign-up"
              onChange={(event) =>
                update.mutate(event.target.checked, { onSuccess: () => notify.success(translateKey('settingsSaved')), onError: notify.failure })
              }
            />
          </label>
        ) : null}
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
