import { systemClock } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { LegalLinks } from './legal-links';

/** Spec §1: copyright with the current year and the product title; the two links open the organisation's legal texts. */
export function Footer() {
  const { t } = useTranslation();
  const year = systemClock().getFullYear();
  return (
    <footer
      className="flex flex-col items-center justify-between gap-2 px-4 py-4 text-sm text-base-content/70 sm:flex-row sm:px-6 md:px-8"
      data-testid="footer"
    >
      <span className="text-center">{t('footer.copyright', { year, title: t('app.title') })}</span>
      {/* The two links share a line while they fit and stack when they do not (320 px in Spanish, WCAG 1.4.10). */}
      <LegalLinks className="flex flex-wrap justify-center gap-x-4 gap-y-1" linkClassName="link link-hover whitespace-nowrap" />
    </footer>
  );
}
