import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/states';
import { findSpaRoute } from '@/config/paths';

/** Screens whose service has not arrived yet: the route, its guard and its title exist already. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findSpaRoute(pathname);
  const key = `pages.${route?.path ?? 'unknown'}`;
  return (
    <section>
      <PageHeader title={t(key, { defaultValue: t('pages.unknown') })} />
      <EmptyState text={t('common.comingSoon')} />
    </section>
  );
}
