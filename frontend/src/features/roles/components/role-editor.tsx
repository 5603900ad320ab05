import { roleCreateSchema, userTypes, type Permissions, type Role, type UserType } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { DenialNotes } from '@/components/ui/denial-notes';
import { DiscardGuard } from '@/components/ui/discard-guard';
import { FormField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useAuthorization } from '@/lib/authorization';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { useNotify } from '@/lib/use-notify';
import { useCreateRole } from '../api/create-role';
import { useUpdateRole } from '../api/update-role';
import { PermissionMatrix } from './permission-matrix';

interface RoleEditorProps {
  role: Role | null;
  readOnly: boolean;
  onDone: () => void;
}

interface Values extends Record<string, unknown> {
  name: string;
  userType: UserType;
  permissions: Permissions;
}

export function RoleEditor({ role, readOnly, onDone }: RoleEditorProps) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const notify = useNotify();
  const create = useCreateRole();
  const update = useUpdateRole();
  const form = useZodForm<Values, unknown>(
    roleCreateSchema,
    { name: role?.name ?? '', userType: role?.userType ?? 'admin', permissions: role?.permissions ?? {} },
    (parsed, controls) => {
      const body = parsed as Values;
      const onError = (error: Error) => {
        controls.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
        notify.failure(error);
      };
      const onSuccess = (text: string) => () => {
        notify.success(text);
        onDone();
      };
      if (role) update.mutate({ id: role.id, body }, { onSuccess: onSuccess(t('common.updated')), onError });
      else create.mutate(body, { onSuccess: onSuccess(t('common.created')), onError });
    },
  );
  const pending = create.isPending || update.isPending;
  // Spec §6: say which of the permissions table's rights the user lacks.
  const denials = [
    can('userRole.read') ? null : t('roles.permissionsTable.noRead'),
    role || can('userRole.create') ? null : t('roles.permissionsTable.noCreate'),
    role && !can('userRole.update') ? t('roles.permissionsTable.noUpdate') : null,
  ].filter((text): text is string => text !== null);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="bg-base-100 rounded-box flex flex-col gap-3 p-6"
      aria-labelledby="role-editor-title"
      data-testid="role-editor"
    >
      <h2 id="role-editor-title" className="text-lg font-semibold">
        {role ? t('roles.editTitle', { name: role.name }) : t('roles.newTitle')}
      </h2>
      <div className="grid gap-x-6 md:grid-cols-2">
        <TextField
          label={t('roles.name')}
          error={form.errors.name}
          name="roleName"
          disabled={readOnly}
          value={form.values.name}
          onValue={(name) => form.setField('name', name)}
        />
        <FormField label={t('roles.userType')} error={form.errors.userType}>
          {(control) => (
            <select
              {...control}
              name="userType"
              className="select w-full"
              disabled={readOnly}
              value={form.values.userType}
              onChange={(event) => form.setField('userType', event.target.value as UserType)}
            >
              {userTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`roles.userTypes.${type}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <DenialNotes texts={denials} testId="permissions-table-denials" />
      <PermissionMatrix value={form.values.permissions} onChange={(permissions) => form.setField('permissions', permissions)} disabled={readOnly} />
      <div className="flex gap-2">
        {readOnly ? null : (
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {role ? t('common.save') : t('roles.create')}
          </button>
        )}
        <button type="button" className="btn" onClick={onDone}>
          {readOnly ? t('common.close') : t('common.cancel')}
        </button>
      </div>
      <DiscardGuard dirty={!readOnly && form.dirty} />
    </form>
  );
}
