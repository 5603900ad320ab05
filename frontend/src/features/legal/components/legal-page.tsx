import type { LegalDocument } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/states';
import { useLegalNotice } from '@/lib/legal-notice';
import { LegalText } from './legal-text';

function LegalPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation();
  const notice = useLegalNotice();
  const language = i18n.language.startsWith('es') ? 'es' : 'en';
  return (
    <section>
      <PageHeader title={t(document === 'terms' ? 'footer.terms' : 'footer.privacy')} />
      <QueryState query={notice} />
      {notice.data ? (
        <div className="bg-base-100 rounded-box p-6">
          <LegalText text={notice.data[document][language]} />
        </div>
      ) : null}
    </section>
  );
}

/** The footer's 'Term & Conditions': readable signed in or not. */
export function TermsPage() {
  return <LegalPage document="terms" />;
}

/** The footer's 'Privacy & Policy': readable signed in or not. */
export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
