import type { User } from '@ams/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoCompanyHint, useAdminWithoutCompany } from '@/components/no-company-hint';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Link } from 'react-router-dom';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState } from '@/components/ui/states';
import { hrefOf, paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { translateKey } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useNotify } from '@/lib/use-notify';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { SearchField } from '@/components/ui/search-field';
import { useRoleName } from '@/lib/role-name';
import { QueryTable } from '@/components/ui/query-table';
import { RowButton, RowLink } from '@/components/ui/row-actions';

const PAGE_SIZE = 20;

export function UsersList() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { can } = useAuthorization();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const query = useDebouncedValue(search);
  const users = useUsers({ search: query.trim(), page, pageSize: PAGE_SIZE });
  const remove = useDeleteUser();
  const withoutCompany = useAdminWithoutCompany();

  if (withoutCompany) return <NoCompanyHint />;
  if (!can('user.read')) return <EmptyState text={t('users.noReadPermission')} />;

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => notify.success(t('common.deleted')),
      onError: notify.failure,
      onSettled: () => setToDelete(null),
    });
  };
  const total = users.data?.total ?? 0;
  const columns: DataTableColumn<User>[] = [
    { key: 'name', header: t('users.name'), cellClassName: 'font-medium', cell: (user) => user.name },
    { key: 'email', header: t('users.email'), cellClassName: '[overflow-wrap:anywhere]', cell: (user) => user.email },
    { key: 'accountType', header: t('users.accountType'), cell: (user) => t(`accountTypes.${user.accountType}`) },
    { key: 'role', header: t('users.role'), cell: (user) => roleName(user.roleName) },
    {
      key: 'status',
      header: t('users.status'),
      cell: (user) => <span className={`badge ${user.status === 'enabled' ? 'badge-success' : 'badge-ghost'}`}>{t(`users.statuses.${user.status}`)}</span>,
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchField
          label={t('common.search')}
          value={search}
          className="w-full max-w-xs"
          onValue={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        {can('user.create') ? (
          <Link to={paths.usersCreate} className="btn btn-primary" data-testid="add-user">
            {t('users.addNew')}
          </Link>
        ) : null}
      </div>
      <QueryTable
        query={users}
        label={t('users.tabs.users')}
        testId="users-table"
        rowKey={(user) => user.id}
        emptyText={translateKey('userNotFound')}
        columns={columns}
        actions={(user) => (
          <>
            {can('user.update') ? (
              <RowLink to={hrefOf(paths.usersEdit, { id: user.id })} label={t('common.edit')} name={t('users.editNamed', { name: user.name })} />
            ) : null}
            {can('user.delete') ? (
              <RowButton danger onClick={() => setToDelete(user)} label={t('common.delete')} name={t('users.deleteNamed', { name: user.name })} />
            ) : null}
          </>
        )}
      />
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} onPage={setPage} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('users.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
