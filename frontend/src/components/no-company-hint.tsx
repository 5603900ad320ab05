import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { currentUserAtom } from '@/lib/session';

/** An Admin placed in no company sees nothing of any company: their lists come out empty for that reason. */
export function useAdminWithoutCompany(): boolean {
  const user = useAtomValue(currentUserAtom);
  return user?.account_type === 'Admin' && user.company_id === null;
}

/** Says why an Admin's lists are empty, instead of showing them empty. */
export function NoCompanyHint() {
  const { t } = useTranslation();
  return (
    <div role="status" className="alert" data-testid="no-company-hint">
      {t('common.noCompanyHint')}
    </div>
  );
}
