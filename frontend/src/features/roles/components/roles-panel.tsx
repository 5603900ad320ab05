import type { Role } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, QueryState } from '@/components/ui/states';
import { useAuthorization } from '@/lib/authorization';
import { currentUserAtom } from '@/lib/session';
import { useNotify } from '@/lib/use-notify';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleEditor } from './role-editor';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; role: Role };

/** Roles with their permission matrix (spec §2 "roles with permissions"). */
export function RolesPanel() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const me = useAtomValue(currentUserAtom);
  const notify = useNotify();
  const roles = useRoles({ enabled: can('userRole.read') });
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [toDelete, setToDelete] = useState<Role | null>(null);

  if (!can('userRole.read')) return <EmptyState text={t('roles.noReadPermission')} />;
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

  return (
    <div className="flex flex-col gap-4">
      {can('userRole.create') ? (
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'new' })} data-testid="add-role">
            {t('roles.addNew')}
          </button>
        </div>
      ) : null}
      <QueryState query={roles} />
      {roles.data && roles.data.items.length === 0 ? <EmptyState text={t('roles.none')} /> : null}
      {roles.data && roles.data.items.length > 0 ? (
        <div className="bg-base-100 rounded-box overflow-x-auto">
          <table className="table" data-testid="roles-table">
            <thead>
              <tr>
                <th scope="col">{t('roles.name')}</th>
                <th scope="col">{t('roles.userType')}</th>
                <th scope="col">{t('roles.areas')}</th>
                <th scope="col">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {roles.data.items.map((role) => (
                <tr key={role.id}>
                  <td className="font-medium">
                    {role.name} {role.system ? <span className="badge badge-ghost badge-sm">{t('roles.system')}</span> : null}
                  </td>
                  <td>{t(`roles.userTypes.${role.userType}`)}</td>
                  <td>{Object.values(role.permissions).filter((held) => held.length > 0).length}</td>
                  <td className="text-end whitespace-nowrap">
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing({ kind: 'edit', role })}>
                      {mayChange(role) ? t('common.edit') : t('common.view')}
                    </button>
                    {can('userRole.delete') && !role.system ? (
                      <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setToDelete(role)} aria-label={t('roles.deleteNamed', { name: role.name })}>
                        {t('common.delete')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
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
