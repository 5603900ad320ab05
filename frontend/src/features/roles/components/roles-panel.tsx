import type { Role } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { DataTableColumn } from '@/components/ui/data-table';
import { DenialNotes } from '@/components/ui/denial-notes';
import { EmptyState } from '@/components/ui/states';
import { useAuthorization } from '@/lib/authorization';
import { currentUserAtom } from '@/lib/session';
import { useNotify } from '@/lib/use-notify';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleEditor } from './role-editor';
import { useRoleName } from '@/lib/role-name';
import { QueryTable } from '@/components/ui/query-table';
import { RowButton } from '@/components/ui/row-actions';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; role: Role };

/** Roles with their permission matrix (spec §2 "roles with permissions"). */
export function RolesPanel() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { can } = useAuthorization();
  const me = useAtomValue(currentUserAtom);
  const notify = useNotify();
  const roles = useRoles({ enabled: can('userRole.read') });
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [toDelete, setToDelete] = useState<Role | null>(null);

  if (!can('userRole.read')) {
    return (
      <div className="flex flex-col gap-3">
        <EmptyState text={t('roles.noReadPermission')} />
        <DenialNotes texts={[t('roles.permissionsTable.noRead')]} testId="permissions-table-denials" />
      </div>
    );
  }
  // Default roles are changed only by a SuperAdmin (the server says the same).
  const mayChange = (role: Role) => can('userRole.update') && (!role.system || me?.account_type === 'SuperAdmin');

  if (editing.kind !== 'none') {
    const role = editing.kind === 'edit' ? editing.role : null;
    return <RoleEditor role={role} readOnly={role !== null && !mayChange(role)} onDone={() => setEditing({ kind: 'none' })} />;
  }

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, { onSuccess: () => notify.success(t('common.deleted')), onError: notify.failure, onSettled: () => setToDelete(null) });
  };

  const columns: DataTableColumn<Role>[] = [
    {
      key: 'name',
      header: t('roles.name'),
      cellClassName: 'font-medium',
      cell: (role) => (
        <span>
          {role.system ? roleName(role.name) : role.name} {role.system ? <span className="badge badge-ghost badge-sm">{t('roles.system')}</span> : null}
        </span>
      ),
    },
    { key: 'userType', header: t('roles.userType'), cell: (role) => t(`roles.userTypes.${role.userType}`) },
    { key: 'areas', header: t('roles.areas'), cell: (role) => Object.values(role.permissions).filter((held) => held.length > 0).length },
  ];

  // Spec §6: what the user may not do with the permissions table, said rather than hidden.
  const denials = [
    can('userRole.create') ? null : t('roles.permissionsTable.noCreate'),
    can('userRole.update') ? null : t('roles.permissionsTable.noUpdate'),
    can('userRole.delete') ? null : t('roles.permissionsTable.noDelete'),
  ].filter((text): text is string => text !== null);

  return (
    <div className="flex flex-col gap-4">
      <DenialNotes texts={denials} testId="permissions-table-denials" />
      {can('userRole.create') ? (
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'new' })} data-testid="add-role">
            {t('roles.addNew')}
          </button>
        </div>
      ) : null}
      <QueryTable
        query={roles}
        label={t('users.tabs.roles')}
        testId="roles-table"
        rowKey={(role) => role.id}
        emptyText={t('roles.none')}
        columns={columns}
        actions={(role) => (
          <>
            <RowButton onClick={() => setEditing({ kind: 'edit', role })} label={mayChange(role) ? t('common.edit') : t('common.view')} />
            {can('userRole.delete') && !role.system ? (
              <RowButton danger onClick={() => setToDelete(role)} label={t('common.delete')} name={t('roles.deleteNamed', { name: role.name })} />
            ) : null}
          </>
        )}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('roles.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
