import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { useRoles } from '@/features/roles/api/get-roles';
import { useUser } from '@/features/users/api/get-user';
import { UserForm } from '@/features/users/components/user-form';

export function UserCreatePage() {
  const { t } = useTranslation();
  const roles = useRoles();
  return (
    <section>
      <PageHeader title={t('users.createTitle')} />
      {roles.isPending ? <Spinner /> : null}
      {roles.isError ? <ErrorState error={roles.error} onRetry={() => void roles.refetch()} /> : null}
      {roles.data ? <UserForm roles={roles.data.items} /> : null}
    </section>
  );
}

export function UserEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const user = useUser(id);
  const roles = useRoles();
  const error = user.error ?? roles.error;
  return (
    <section>
      <PageHeader title={t('users.editTitle')} />
      {user.isPending || roles.isPending ? <Spinner /> : null}
      {error ? <ErrorState error={error} /> : null}
      {user.data && roles.data ? <UserForm key={user.data.id} user={user.data} roles={roles.data.items} /> : null}
    </section>
  );
}
