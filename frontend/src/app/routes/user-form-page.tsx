import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { useRoles } from '@/features/roles/api/get-roles';
import { useCompanies } from '@/features/settings/api/get-companies';
import { useUser } from '@/features/users/api/get-user';
import { UserForm, type CompanyOption } from '@/features/users/components/user-form';
import { currentUserAtom } from '@/lib/session';

/** A SuperAdmin places users in any company (undefined while loading or for an Admin, whose users are of its own). */
function useCompanyChoices(): { companies: readonly CompanyOption[] | undefined; ready: boolean } {
  const superAdmin = useAtomValue(currentUserAtom)?.account_type === 'SuperAdmin';
  const companies = useCompanies(superAdmin);
  return { companies: superAdmin ? companies.data?.items : undefined, ready: !superAdmin || companies.data !== undefined };
}

export function UserCreatePage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const { companies, ready } = useCompanyChoices();
  return (
    <section>
      <PageHeader title={t('users.createTitle')} />
      {roles.isPending || !ready ? <Spinner /> : null}
      {roles.isError ? <ErrorState error={roles.error} onRetry={() => void roles.refetch()} /> : null}
      {roles.data && ready ? <UserForm roles={roles.data.items} companies={companies} /> : null}
    </section>
  );
}

export function UserEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useUser(id);
  const roles = useRoles();
  const { companies, ready } = useCompanyChoices();
  const error = user.error ?? roles.error;
  return (
    <section>
      <PageHeader title={t('users.editTitle')} />
      {user.isPending || roles.isPending || !ready ? <Spinner /> : null}
      {error ? <ErrorState error={error} /> : null}
      {user.data && roles.data && ready ? <UserForm key={user.data.id} user={user.data} roles={roles.data.items} companies={companies} /> : null}
    </section>
  );
}
