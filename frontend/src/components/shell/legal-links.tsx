import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The footer's two legal links (spec §1 labels), also offered where the legal notice is set. */
export function LegalLinks({ className, linkClassName }: { className: string; linkClassName: string }) {
  const { t } = useTranslation();
  return (
    <span className={className}>
      <Link to={paths.legalTerms} className={linkClassName}>
        {t('footer.terms')}
      </Link>
      <Link to={paths.legalPrivacy} className={linkClassName}>
        {t('footer.privacy')}
      </Link>
    </span>
  );
}
