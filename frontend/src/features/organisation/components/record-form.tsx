import { useReportDirty } from '@/components/ui/dialog-discard';
import { leaveGroupStatuses } from '@ams/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { ChoicesField } from '@/components/ui/choices-field';
import { OptionSelect } from '@/components/ui/option-select';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm, type FieldErrors } from '@/lib/form';
import { translateProblem } from '@/lib/i18n';
import { useNotify } from '@/lib/use-notify';
import { useCreateRecord } from '../api/create-record';
import { useRecordOptions } from '../api/get-records';
import { useUpdateRecord } from '../api/update-record';
import { recordTypes, valuesOf, type FieldName, type OrganisationRecord, type RecordType, type RecordValues } from '../record-types';

interface RecordFormProps<Item extends OrganisationRecord> {
  type: RecordType<Item>;
  /** The record to edit; null to add one. */
  item: Item | null;
  /** Preselected company of a new record (the list's filter, or an Admin's only company). */
  defaultCompanyId: string;
  titleId: string;
  onDone: () => void;
  /** Cancel: the dialog asks first when there are unsaved changes (spec §8 discard); without it Cancel is onDone. */
  onCancel?: () => void;
  /** Tells the dialog whether the form has unsaved changes. */
  onDirtyChange?: (dirty: boolean) => void;
}

type SetField = <K extends keyof RecordValues & string>(name: K, value: RecordValues[K]) => void;

interface ControlProps {
  values: RecordValues;
  errors: FieldErrors;
  setField: SetField;
}

function CompanySelect({ values, errors, setField }: ControlProps) {
  const { t } = useTranslation();
  const companies = useRecordOptions(recordTypes.companies);
  return (
    <FormField label={t('organisation.fields.companyId')} error={errors.companyId ?? companies.error ?? undefined}>
      {(control) => (
        <OptionSelect
          {...control}
          name="companyId"
          value={values.companyId}
          options={companies}
          loading={companies.isPending}
          emptyLabel={t('common.choose')}
          onChange={(companyId) => {
            // What belongs to the previous company no longer fits.
            setField('companyId', companyId);
            setField('departmentId', '');
            setField('privileges', []);
          }}
        />
      )}
    </FormField>
  );
}

function DepartmentSelect({ values, errors, setField }: ControlProps) {
  const { t } = useTranslation();
  const departments = useRecordOptions(recordTypes.departments, { companyId: values.companyId }, values.companyId !== '');
  const hint = values.companyId === '' ? t('organisation.chooseCompanyFirst') : undefined;
  return (
    <FormField label={t('organisation.fields.departmentId')} error={errors.departmentId ?? departments.error ?? undefined} hint={hint}>
      {(control) => (
        <OptionSelect
          {...control}
          name="departmentId"
          value={values.departmentId}
          disabled={values.companyId === ''}
          options={departments}
          loading={departments.isFetching}
          emptyLabel={t('common.choose')}
          onChange={(departmentId) => setField('departmentId', departmentId)}
        />
      )}
    </FormField>
  );
}

/** The leave types members of the group may take: a checkbox per leave type of the group's company. */
function PrivilegesPicker({ values, errors, setField }: ControlProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const errorId = useId();
  const leaveTypes = useRecordOptions(recordTypes.leaveTypes, { companyId: values.companyId }, values.companyId !== '');
  const error = errors.privileges ?? leaveTypes.error ?? undefined;
  const toggle = (id: string, checked: boolean) =>
    setField('privileges', checked ? [...values.privileges, id] : values.privileges.filter((held) => held !== id));
  let body;
  if (values.companyId === '') body = <p className="text-base-content/70 text-sm">{t('organisation.chooseCompanyFirst')}</p>;
  else if (leaveTypes.isPending) body = <span className="loading loading-spinner loading-sm" aria-label={t('common.loading')} />;
  else if (leaveTypes.data?.items.length === 0) body = <p className="text-base-content/70 text-sm">{t('organisation.noLeaveTypes')}</p>;
  else
    body = (
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {leaveTypes.data?.items.map((leaveType) => (
          <label key={leaveType.id} className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              name="privileges"
              value={leaveType.id}
              checked={values.privileges.includes(leaveType.id)}
              onChange={(event) => toggle(leaveType.id, event.target.checked)}
            />
            <span>{leaveType.name}</span>
          </label>
        ))}
      </div>
    );
  return (
    <fieldset className="fieldset py-1" aria-labelledby={legendId} aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error)}>
      <legend id={legendId} className="fieldset-legend pb-1 text-sm font-medium">
        {t('organisation.fields.privileges')}
      </legend>
      {body}
      {error ? (
        <p id={errorId} className="text-error text-sm" role="alert">
          {translateProblem(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

function Control({ field, ...props }: ControlProps & { field: FieldName }) {
  const { t } = useTranslation();
  const { values, errors, setField } = props;
  switch (field) {
    case 'name':
      return (
        <FormField label={t('organisation.fields.name')} error={errors.name}>
          {(control) => (
            <input {...control} name="name" className="input w-full" value={values.name} onChange={(event) => setField('name', event.target.value)} />
          )}
        </FormField>
      );
    case 'description':
      return (
        <FormField label={t('organisation.fields.description')} error={errors.description}>
          {(control) => (
            <textarea
              {...control}
              name="description"
              rows={3}
              className="textarea w-full"
              value={values.description}
              onChange={(event) => setField('description', event.target.value)}
            />
          )}
        </FormField>
      );
    case 'status':
      return (
        <ChoicesField
          label={t('organisation.fields.status')}
          error={errors.status}
          name="status"
          value={values.status}
          emptyLabel={t('common.choose')}
          choices={leaveGroupStatuses}
          textOf={(status) => t(`organisation.statuses.${status}`)}
          onChoose={(status) => setField('status', status)}
        />
      );
    case 'companyId':
      return <CompanySelect {...props} />;
    case 'departmentId':
      return <DepartmentSelect {...props} />;
    case 'privileges':
      return <PrivilegesPicker {...props} />;
  }
}

/** Add or edit one record of any organisation type: the type says which fields, the contract's schema checks them. */
export function RecordForm<Item extends OrganisationRecord>({ type, item, defaultCompanyId, titleId, onDone, onCancel, onDirtyChange }: RecordFormProps<Item>) {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateRecord(type);
  const update = useUpdateRecord(type);
  const pending = create.isPending || update.isPending;
  const texts = `organisation.${type.key}`;

  const form = useZodForm<RecordValues, unknown>(type.fields, valuesOf(item, { companyId: defaultCompanyId }), (body, controls) => {
    const onError = (error: Error) => {
      if (error instanceof ApiError) controls.setErrors(serverFieldErrors(error.fieldErrors));
      // A role changed since sign-in: the spec's denial text rather than the server's generic one.
      const denied = error instanceof ApiError && error.status === 403;
      notify.failure(denied ? new Error(t(item ? `${texts}.noUpdate` : `${texts}.noCreate`)) : error);
    };
    const onSuccess = (text: string) => () => {
      notify.success(text);
      onDone();
    };
    if (item) update.mutate({ id: item.id, body }, { onSuccess: onSuccess(t('common.updated')), onError });
    else create.mutate(body, { onSuccess: onSuccess(t('common.created')), onError });
  });

  useReportDirty(form.dirty, onDirtyChange);

  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-1" data-testid="record-form">
      <h3 id={titleId} className="mb-2 text-lg font-bold">
        {item ? t(`${texts}.editTitle`, { name: item.name }) : t(`${texts}.newTitle`)}
      </h3>
      {type.formFields.map((field) => (
        <Control key={field} field={field} values={form.values} errors={form.errors} setField={form.setField} />
      ))}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel ?? onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          {item ? t('common.save') : t('organisation.create')}
        </button>
      </div>
    </form>
  );
}
