import type { ReactNode } from 'react';
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
import { OrganisationLinks, useOrganisationScreens } from './organisation-links';
import { SafeguardingSection } from './safeguarding-section';
import { WorkTimeRulesSettings } from './work-time-rules-settings';

interface SettingsSection {
  id: string;
  title: string;
  intro?: string;
  testId?: string;
  content: ReactNode;
}

/**
 * Organisation settings: localization, the work-time rules, the organisation's reference data, registered kiosks,
 * optional features (who may sign up among them), safeguarding, the legal notice, feedback, about and attributions.
 * A long page, so it opens with a table of contents (beside the sections on wide screens) linking to each one.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const organisationScreens = useOrganisationScreens();
  const sections: SettingsSection[] = [
    { id: 'localization', title: t('settings.localization'), content: <LocalizationSettings /> },
    { id: 'work-time-rules', title: t('settings.rules.title'), intro: t('settings.rules.intro'), content: <WorkTimeRulesSettings /> },
    ...(organisationScreens.length > 0 ? [{ id: 'organisation', title: t('settings.organisation'), content: <OrganisationLinks /> }] : []),
    { id: 'kiosks', title: t('settings.kiosks.title'), content: <KioskDevices /> },
    { id: 'optional-features', title: t('settings.optionalFeatures.title'), testId: 'optional-features', content: <OptionalFeatures /> },
    // Safeguarding of personal and biometric data.
    { id: 'safeguarding', title: t('safeguarding.title'), content: <SafeguardingSection /> },
    { id: 'legal-notice', title: t('legal.title'), testId: 'legal-notice-section', content: <LegalNoticeSettings /> },
    ...(can('feedback.read')
      ? [
          {
            id: 'feedback',
            title: t('feedback.settingsTitle'),
            intro: t('feedback.settingsHint'),
            content: (
              <p>
                <Link to={paths.feedback} className="link">
                  {t('feedback.openList')}
                </Link>
              </p>
            ),
          },
        ]
      : []),
    { id: 'about', title: t('settings.about.title'), content: <AboutSection /> },
    { id: 'attributions', title: t('settings.attributions.title'), content: <AttributionsSection /> },
  ];
  return (
    <section>
      <PageHeader title={t('nav.setting')} />
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <nav
          aria-label={t('settings.contents')}
          className="bg-base-100 rounded-box p-4 lg:sticky lg:top-4 lg:w-60 lg:shrink-0"
          data-print="hide"
          data-testid="settings-contents"
        >
          <ul className="flex flex-wrap gap-x-4 gap-y-1 lg:flex-col">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#settings-${section.id}`} className="link link-hover">
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 max-w-3xl flex-1 flex-col gap-6">
          {sections.map((section) => (
            <section
              key={section.id}
              id={`settings-${section.id}`}
              aria-labelledby={`settings-${section.id}-title`}
              className="bg-base-100 rounded-box flex scroll-mt-4 flex-col gap-3 p-6"
              data-testid={section.testId}
            >
              <h2 id={`settings-${section.id}-title`} className="text-lg font-semibold">
                {section.title}
              </h2>
              {section.intro ? <p className="text-base-content/70 text-sm">{section.intro}</p> : null}
              {section.content}
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}
