import {
  civilStatuses,
  employmentTypes,
  genders,
  IMAGE_NOT_RECOGNIZED,
  type Employee,
  type EmployeeCreate,
  type EmployeeUpdate,
  type MessageKey,
} from '@ams/contracts';
import { useSetAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';
import { hrefOf, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { translateKey, translateProblem } from '@/lib/i18n';
import { pushToastAtom } from '@/lib/toast';
import { useNotify } from '@/lib/use-notify';
import { useCreateEmployee } from '../api/create-employee';
import { useOrganisationOptions } from '@/lib/organisation-options';
import { useUpdateEmployee } from '../api/update-employee';
import { useUploadPhoto } from '../api/upload-photo';
import { employeeCreateFormSchema, employeeUpdateFormSchema, employeeValuesOf, type EmployeeValues } from '../employee-values';
import { ChoicesField } from '@/components/ui/choices-field';
import { OptionSelect } from '@/components/ui/option-select';
import { PhotoPick } from './photo-pick';
import { FormFooter } from '@/components/ui/form-footer';

type TextFieldName =
  'firstName' | 'lastName' | 'height' | 'weight' | 'phoneNumber' | 'nationalId' | 'placeOfBirth' | 'address' | 'email' | 'companyEmail' | 'rfidCard';
type DateFieldName = 'birthday' | 'officialStartDate' | 'dateRegularized';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="bg-base-100 rounded-box grid gap-x-6 gap-y-1 p-6 md:grid-cols-2">
      <legend className="float-left mb-2 w-full text-lg font-semibold md:col-span-2">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Spec §2 employee form: a personal section and an employment section (company → department → job title). */
export function EmployeeForm({ employee }: { employee?: Employee }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const pushToast = useSetAtom(pushToastAtom);
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const upload = useUploadPhoto();
  const [photo, setPhoto] = useState<File | null>(null);
  const pending = create.isPending || update.isPending || upload.isPending;

  /** The photo goes up once the employee exists; a refused photo keeps the employee, whose page offers another try. */
  const uploadPhotoOf = (created: Employee, chosen: File) => {
    upload.mutate(
      { id: created.id, photo: chosen },
      {
        onSuccess: () => {
          notify.success(t('employees.createdWithPhoto'));
          void navigate(paths.employees);
        },
        onError: (error) => {
          const refusal =
            error instanceof ApiError && error.status === 422
              ? translateProblem({ message: IMAGE_NOT_RECOGNIZED, messageKey: 'imageNotRecognized' })
              : translateProblem(error);
          pushToast({ kind: 'error', text: `${t('employees.createdPhotoRefused')} ${refusal}` });
          void navigate(hrefOf(paths.employeeDetails, { id: created.id }));
        },
      },
    );
  };

  const form = useZodForm<EmployeeValues, unknown>(
    employee ? employeeUpdateFormSchema : employeeCreateFormSchema,
    employeeValuesOf(employee ?? null),
    (body, controls) => {
      // Spec §8: the failure's own message, then what the server said.
      const onError = (failure: MessageKey) => (error: Error) => {
        controls.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
        pushToast({ kind: 'error', text: `${translateKey(failure)} ${translateProblem(error)}` });
      };
      if (employee) {
        update.mutate(
          { id: employee.id, body: body as EmployeeUpdate },
          {
            onSuccess: (saved) => {
              notify.success(t('common.updated'));
              void navigate(hrefOf(paths.employeeDetails, { id: saved.id }));
            },
            onError: onError('employeeUpdatedFailed'),
          },
        );
      } else {
        // One command id per submission: a retry of it (its answer lost) gets the employee it created, not a conflict.
        create.mutate(
          { ...(body as EmployeeCreate), commandId: crypto.randomUUID() },
          {
            onSuccess: (created) => {
              if (photo) return uploadPhotoOf(created, photo);
              notify.success(t('common.created'));
              void navigate(paths.employees);
            },
            onError: onError('failedToCreateEmployee'),
          },
        );
      }
    },
  );
  const { values, errors, setField } = form;

  const companies = useOrganisationOptions('companies');
  const departments = useOrganisationOptions('departments', { companyId: values.companyId }, values.companyId !== '');
  const jobTitles = useOrganisationOptions('jobTitles', { companyId: values.companyId, departmentId: values.departmentId }, values.departmentId !== '');
  const leaveGroups = useOrganisationOptions('leaveGroups', { companyId: values.companyId }, values.companyId !== '');
  const chooseCompany = values.companyId === '' ? t('employees.chooseCompanyFirst') : undefined;

  const text = (
    name: TextFieldName,
    options: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'decimal' | 'tel' | 'email'; hint?: string } = {},
  ) => (
    <TextField
      label={t(`employees.fields.${name}`)}
      error={errors[name]}
      hint={options.hint}
      name={name}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
      inputMode={options.inputMode}
      value={values[name]}
      onValue={(value) => setField(name, value)}
    />
  );

  const date = (name: DateFieldName) => (
    <DateField label={t(`employees.fields.${name}`)} error={errors[name]} name={name} value={values[name]} onValue={(value) => setField(name, value)} />
  );

  return (
    <form noValidate onSubmit={form.onSubmit} className="flex max-w-4xl flex-col gap-6" data-testid="employee-form">
      <Section title={t('employees.personal')}>
        {text('firstName')}
        {text('lastName')}
        <ChoicesField
          label={t('employees.fields.gender')}
          error={errors.gender}
          name="gender"
          value={values.gender}
          emptyLabel={t('common.choose')}
          choices={genders}
          textOf={(gender) => t(`employees.genders.${gender}`)}
          onChoose={(gender) => setField('gender', gender)}
        />
        <ChoicesField
          label={t('employees.fields.civilStatus')}
          error={errors.civilStatus}
          name="civilStatus"
          value={values.civilStatus}
          emptyLabel={t('employees.notGiven')}
          choices={civilStatuses}
          textOf={(status) => t(`employees.civilStatuses.${status}`)}
          onChoose={(status) => setField('civilStatus', status)}
        />
        {date('birthday')}
        {text('phoneNumber', { type: 'tel', inputMode: 'tel' })}
        {text('height', { type: 'number', inputMode: 'decimal' })}
        {text('weight', { type: 'number', inputMode: 'decimal' })}
        {text('email', { type: 'email' })}
        {text('nationalId')}
        {text('placeOfBirth')}
        {text('address')}
      </Section>

      <Section title={t('employees.employment')}>
        <FormField label={t('employees.fields.companyId')} error={errors.companyId ?? companies.error ?? undefined}>
          {(control) => (
            <OptionSelect
              {...control}
              name="companyId"
              value={values.companyId}
              options={companies}
              emptyLabel={t('common.choose')}
              onChange={(companyId) => {
                // Departments, job titles and leave groups belong to one company.
                setField('companyId', companyId);
                setField('departmentId', '');
                setField('jobTitleId', '');
                setField('leaveGroupId', '');
              }}
            />
          )}
        </FormField>
        <FormField label={t('employees.fields.departmentId')} error={errors.departmentId ?? departments.error ?? undefined} hint={chooseCompany}>
          {(control) => (
            <OptionSelect
              {...control}
              name="departmentId"
              value={values.departmentId}
              options={departments}
              emptyLabel={t('common.choose')}
              disabled={values.companyId === ''}
              onChange={(departmentId) => {
                setField('departmentId', departmentId);
                setField('jobTitleId', '');
              }}
            />
          )}
        </FormField>
        <FormField
          label={t('employees.fields.jobTitleId')}
          error={errors.jobTitleId ?? jobTitles.error ?? undefined}
          hint={values.departmentId === '' ? t('employees.chooseDepartmentFirst') : undefined}
        >
          {(control) => (
            <OptionSelect
              {...control}
              name="jobTitleId"
              value={values.jobTitleId}
              options={jobTitles}
              emptyLabel={t('common.choose')}
              disabled={values.departmentId === ''}
              onChange={(jobTitleId) => setField('jobTitleId', jobTitleId)}
            />
          )}
        </FormField>
        <FormField label={t('employees.fields.leaveGroupId')} error={errors.leaveGroupId ?? leaveGroups.error ?? undefined} hint={chooseCompany}>
          {(control) => (
            <OptionSelect
              {...control}
              name="leaveGroupId"
              value={values.leaveGroupId}
              options={leaveGroups}
              emptyLabel={t('common.choose')}
              disabled={values.companyId === ''}
              onChange={(leaveGroupId) => setField('leaveGroupId', leaveGroupId)}
            />
          )}
        </FormField>
        {text('companyEmail', { type: 'email' })}
        <ChoicesField
          label={t('employees.fields.employmentType')}
          error={errors.employmentType}
          name="employmentType"
          value={values.employmentType}
          emptyLabel={t('common.choose')}
          choices={employmentTypes}
          textOf={(type) => t(`employees.employmentTypes.${type}`)}
          onChoose={(type) => setField('employmentType', type)}
        />
        {date('officialStartDate')}
        {date('dateRegularized')}
        <FormField label={t('employees.fields.pin')} error={errors.pin} hint={employee ? t('employees.pinKeep') : t('employees.pinHint')}>
          {(control) => (
            <input
              {...control}
              name="pin"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              className="input w-full"
              value={values.pin}
              onChange={(event) => setField('pin', event.target.value)}
            />
          )}
        </FormField>
        {text('rfidCard', { hint: t('employees.rfidCardHint') })}
        {employee ? null : <PhotoPick photo={photo} onPhoto={setPhoto} disabled={pending} />}
      </Section>

      <FormFooter
        form={form}
        pending={pending}
        submitLabel={employee ? t('common.save') : t('employees.create')}
        cancelTo={employee ? hrefOf(paths.employeeDetails, { id: employee.id }) : paths.employees}
      />
    </form>
  );
}
