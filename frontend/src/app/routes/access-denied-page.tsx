import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { currentUserAtom, entryPathFor } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Spec §2: a plain contained page. */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  useDocumentTitle(t('accessDenied.title'));
  return (
    <section className="bg-base-100 rounded-box mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center" data-testid="access-denied">
      <p className="text-primary text-6xl font-bold" aria-hidden="true">
        403
      </p>
      <h1 className="text-2xl font-semibold">{t('accessDenied.title')}</h1>
      <p className="text-base-content/70">{t('accessDenied.text')}</p>
      <Link to={user ? entryPathFor(user) : paths.signIn} className="btn btn-primary">
        {user ? t('accessDenied.home') : t('auth.signIn')}
      </Link>
    </section>
  );
}
