import {
  accountTypes,
  message,
  userCreateSchema,
  userStatuses,
  userUpdateSchema,
  type AccountType,
  type Role,
  type User,
  type UserStatus,
} from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { EmployeePicker } from '@/components/employee-picker/employee-picker';
import { FormField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { DiscardGuard } from '@/components/ui/discard-guard';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { useNotify } from '@/lib/use-notify';
import { useAtomValue } from 'jotai';
import { currentUserAtom } from '@/lib/session';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import { useRoleName } from '@/lib/role-name';
import { SubmitButton } from '@/components/ui/submit-button';

export interface RoleOption {
  id: string;
  name: string;
  userType: Role['userType'];
  companyId: string | null;
}

export interface CompanyOption {
  id: string;
  name: string;
}

interface UserFormProps {
  /** The user to edit; none to create one. */
  user?: User;
  roles: readonly RoleOption[];
  /** The companies a SuperAdmin may place the user in; an Admin's users are of the Admin's own company. */
  companies?: readonly CompanyOption[] | undefined;
}

interface Values extends Record<string, unknown> {
  name: string;
  email: string;
  accountType: AccountType | '';
  roleId: string;
  status: UserStatus | '';
  companyId: string;
  employeeId: string;
  password: string;
  confirmPassword: string;
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Spec: an Employee account works in the personal area of an employee record, so it is linked to one. */
const linkedWhenEmployee = (values: Values) => values.accountType !== 'Employee' || values.employeeId !== '';
const employeeMissing = { message: message('employeeAccountNeedsEmployee'), path: ['employeeId'] };

/** The placement as sent: '' is no company or no employee; an Admin's form has no company to send (theirs is used). */
function placementOf(values: Values, choosesCompany: boolean) {
  return {
    ...(choosesCompany ? { companyId: values.companyId === '' ? null : values.companyId } : { companyId: undefined }),
    employeeId: values.employeeId === '' ? null : values.employeeId,
  };
}

/** On edit the password is optional: left empty, it is not sent. (Accounts made before the link was asked for stay editable.) */
const editSchema = (choosesCompany: boolean) =>
  z.preprocess((input) => {
    const values = input as Values;
    const { password, confirmPassword, ...rest } = values;
    return { ...(password === '' && confirmPassword === '' ? rest : values), ...placementOf(values, choosesCompany) };
  }, userUpdateSchema);

const createSchema = (choosesCompany: boolean) =>
  z
    .custom<Values>()
    .refine(linkedWhenEmployee, employeeMissing)
    .pipe(
      z.preprocess((input) => {
        const values = input as Values;
        return {
          ...values,
          accountType: emptyToUndefined(values.accountType),
          status: emptyToUndefined(values.status),
          roleId: emptyToUndefined(values.roleId),
          ...placementOf(values, choosesCompany),
        };
      }, userCreateSchema),
    );

function userTypeOf(accountType: AccountType | ''): Role['userType'] | null {
  if (accountType === '') return null;
  return accountType === 'Employee' ? 'employee' : 'admin';
}

export function UserForm({ user, roles, companies }: UserFormProps) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const navigate = useNavigate();
  const notify = useNotify();
  const me = useAtomValue(currentUserAtom);
  const create = useCreateUser();
  const update = useUpdateUser();
  const pending = create.isPending || update.isPending;

  const done = (text: string) => {
    notify.success(text);
    void navigate(paths.users);
  };

  const choosesCompany = companies !== undefined;
  const form = useZodForm<Values, unknown>(
    user ? editSchema(choosesCompany) : createSchema(choosesCompany),
    {
      name: user?.name ?? '',
      email: user?.email ?? '',
      accountType: user?.accountType ?? '',
      roleId: user?.roleId ?? '',
      status: user?.status ?? 'enabled',
      companyId: user?.companyId ?? '',
      employeeId: user?.employeeId ?? '',
      password: '',
      confirmPassword: '',
    },
    (body, controls) => {
      const onError = (error: Error) => {
        controls.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
        notify.failure(error);
      };
      if (user) update.mutate({ id: user.id, body: body as z.output<typeof userUpdateSchema> }, { onSuccess: () => done(t('common.updated')), onError });
      else create.mutate(body as z.output<typeof userCreateSchema>, { onSuccess: () => done(t('common.created')), onError });
    },
  );

  const wantedType = userTypeOf(form.values.accountType);
  // A company's users take the default roles or that company's own.
  const roleChoices = roles.filter(
    (role) => (wantedType === null || role.userType === wantedType) && (!choosesCompany || role.companyId === null || role.companyId === form.values.companyId),
  );
  const companyOfUser = choosesCompany ? form.values.companyId : (me?.company_id ?? '');
  const accountChoices = accountTypes.filter((type) => type !== 'SuperAdmin' || me?.account_type === 'SuperAdmin');

  return (
    <form noValidate onSubmit={form.onSubmit} className="bg-base-100 rounded-box grid max-w-3xl gap-x-6 gap-y-2 p-6 md:grid-cols-2" data-testid="user-form">
      <TextField label={t('users.name')} error={form.errors.name} name="name" value={form.values.name} onValue={(value) => form.setField('name', value)} />
      <FormField label={t('users.email')} error={form.errors.email}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            className="input w-full"
            value={form.values.email}
            onChange={(event) => form.setField('email', event.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('users.accountType')} error={form.errors.accountType}>
        {(control) => (
          <select
            {...control}
            name="accountType"
            className="select w-full"
            value={form.values.accountType}
            onChange={(event) => {
              form.setField('accountType', event.target.value as AccountType);
              form.setField('roleId', '');
            }}
          >
            <option value="">{t('common.choose')}</option>
            {accountChoices.map((type) => (
              <option key={type} value={type}>
                {t(`accountTypes.${type}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('users.role')} error={form.errors.roleId}>
        {(control) => (
          <select
            {...control}
            name="roleId"
            className="select w-full"
            value={form.values.roleId}
            onChange={(event) => form.setField('roleId', event.target.value)}
          >
            <option value="">{t('common.choose')}</option>
            {roleChoices.map((role) => (
              <option key={role.id} value={role.id}>
                {roleName(role.name)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('users.status')} error={form.errors.status}>
        {(control) => (
          <select
            {...control}
            name="status"
            className="select w-full"
            value={form.values.status}
            onChange={(event) => form.setField('status', event.target.value as UserStatus)}
          >
            {userStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`users.statuses.${status}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {companies ? (
        <FormField label={t('users.company')} error={form.errors.companyId}>
          {(control) => (
            <select
              {...control}
              name="companyId"
              className="select w-full"
              value={form.values.companyId}
              onChange={(event) => {
                // The employee and a company's own role belong to the company left behind.
                form.setField('companyId', event.target.value);
                form.setField('employeeId', '');
                if (roles.some((role) => role.id === form.values.roleId && role.companyId !== null)) form.setField('roleId', '');
              }}
            >
              <option value="">{t('users.noCompany')}</option>
              {companies.map((company) => (
                <option key={company.id} value={company.id}>
                  {company.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : (
        <div className="hidden md:block" />
      )}
      <FormField
        label={t('users.employee')}
        error={form.errors.employeeId}
        hint={companyOfUser === '' ? t('users.employeeNeedsCompany') : t('users.employeeHint')}
      >
        {(control) => (
          <EmployeePicker
            {...control}
            companyId={companyOfUser === '' ? undefined : companyOfUser}
            noneLabel={t('users.noEmployee')}
            value={form.values.employeeId}
            onChange={(employeeId) => form.setField('employeeId', employeeId)}
          />
        )}
      </FormField>
      <TextField
        label={t('users.password')}
        hint={user ? t('users.passwordKeep') : t('account.passwordRules')}
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <TextField label={t('users.confirmPassword')} type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <div className="flex gap-2 pt-4 md:col-span-2">
        <SubmitButton pending={pending}>{user ? t('common.save') : t('users.create')}</SubmitButton>
        <button type="button" className="btn" onClick={() => void navigate(paths.users)}>
          {t('common.cancel')}
        </button>
      </div>
      <DiscardGuard dirty={form.dirty} />
    </form>
  );
}
