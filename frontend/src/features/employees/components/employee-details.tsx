import { IMAGE_NOT_RECOGNIZED, PHOTO_UPLOAD, pinChangeSchema, type Employee } from '@ams/contracts';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/states';
import { hrefOf, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuthorization } from '@/lib/authorization';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { translateProblem, type KeyedFailure } from '@/lib/i18n';
import { useNotify } from '@/lib/use-notify';
import { useArchiveEmployee } from '../api/archive-employee';
import { useEmployee } from '../api/get-employee';
import { useRemovePhoto } from '../api/remove-photo';
import { useRemovePin } from '../api/remove-pin';
import { useRestoreEmployee } from '../api/restore-employee';
import { useSetPin } from '../api/set-pin';
import { useUploadPhoto } from '../api/upload-photo';
import { formatDate } from '../format';
import { EmployeeAvatar } from './employee-avatar';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="bg-base-100 rounded-box flex flex-col gap-3 p-6" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-6 gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-base-content/70">{label}</dt>
          <dd>{value === '' || value === null ? <span className="text-base-content/50">{t('employees.notGiven')}</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Upload (the raw bytes; the server enrols the face) or remove the photo. */
function PhotoControl({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [problem, setProblem] = useState<KeyedFailure | null>(null);
  const [confirming, setConfirming] = useState(false);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    upload.mutate(
      { id: employee.id, photo: file },
      {
        onSuccess: () => notify.success(t('employees.photoSaved')),
        onError: (error) => {
          // 422: no face, several faces or not a photo: the spec's message, next to the control too.
          setProblem(error instanceof ApiError && error.status === 422 ? { message: IMAGE_NOT_RECOGNIZED, messageKey: 'imageNotRecognized' } : error);
          notify.failure(error);
        },
        onSettled: () => {
          // The same file may be chosen again after a failure.
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className={`btn btn-primary btn-sm ${upload.isPending ? 'btn-disabled' : ''}`}>
          {upload.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          {employee.image ? t('employees.replacePhoto') : t('employees.uploadPhoto')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={PHOTO_UPLOAD.mediaTypes.join(',')}
          className="sr-only"
          disabled={upload.isPending}
          onChange={(event) => onFile(event.target.files?.[0])}
          data-testid="photo-input"
        />
        {employee.image ? (
          <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setConfirming(true)}>
            {t('employees.removePhoto')}
          </button>
        ) : null}
      </div>
      <p className="text-base-content/70 text-xs">{t('employees.photoHint')}</p>
      {problem ? (
        <p role="alert" className="text-error text-sm" data-testid="photo-problem">
          {translateProblem(problem)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('employees.removePhotoTitle', { name: employee.fullName })}
        confirmLabel={t('employees.removePhoto')}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(employee.id, { onSuccess: () => notify.success(t('employees.photoRemoved')), onError: notify.failure, onSettled: () => setConfirming(false) })
        }
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** Set or remove the clock PIN (spec §5: 6 to 50 digits). */
function PinControl({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSetPin();
  const remove = useRemovePin();
  const [confirming, setConfirming] = useState(false);
  const form = useZodForm<{ pin: string }, { pin: string }>(pinChangeSchema, { pin: '' }, ({ pin }, controls) =>
    save.mutate(
      { id: employee.id, pin },
      {
        onSuccess: () => {
          notify.success(t('employees.pinSaved'));
          controls.setValues({ pin: '' });
        },
        onError: (error) => {
          if (error instanceof ApiError) controls.setErrors(serverFieldErrors(error.fieldErrors));
          notify.failure(error);
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-2" data-testid="pin-form">
      <div className="flex flex-wrap items-end gap-2">
        <FormField label={employee.hasPin ? t('employees.newPin') : t('employees.fields.pin')} error={form.errors.pin}>
          {(control) => (
            <input
              {...control}
              name="pin"
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              className="input w-48"
              value={form.values.pin}
              onChange={(event) => form.setField('pin', event.target.value)}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary btn-sm mb-2" disabled={save.isPending}>
          {t('employees.setPin')}
        </button>
        {employee.hasPin ? (
          <button type="button" className="btn btn-ghost btn-sm text-error mb-2" onClick={() => setConfirming(true)}>
            {t('employees.removePin')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('employees.removePinTitle', { name: employee.fullName })}
        confirmLabel={t('employees.removePin')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(employee.id, { onSuccess: () => notify.success(t('employees.pinRemoved')), onError: notify.failure, onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}

function Badge({ on, onText, offText, testId }: { on: boolean; onText: string; offText: string; testId: string }) {
  return (
    <span className={`badge ${on ? 'badge-success' : 'badge-ghost'}`} data-testid={testId} data-state={on ? 'on' : 'off'}>
      {on ? onText : offText}
    </span>
  );
}

/** Spec §2 employee details: the photo, the person and the employment, the face and PIN used for clocking. */
export function EmployeeDetails({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { can } = useAuthorization();
  const notify = useNotify();
  const employee = useEmployee(id);
  const archive = useArchiveEmployee();
  const restore = useRestoreEmployee();
  if (!employee.data) return <QueryState query={employee} />;
  const person = employee.data;
  const date = (value: string | null) => formatDate(value, i18n.language);
  const mayUpdate = can('employee.update');
  const archived = person.employmentStatus === 'archived';

  const archiveOrRestore = () =>
    (archived ? restore : archive).mutate(person.id, {
      onSuccess: () => notify.success(t(archived ? 'employees.restored' : 'employees.archived', { name: person.fullName })),
      onError: notify.failure,
    });

  return (
    <div className="flex flex-col gap-6" data-testid="employee-details">
      <section className="bg-base-100 rounded-box flex flex-wrap items-center gap-6 p-6">
        <EmployeeAvatar employee={person} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h2 className="text-2xl font-semibold">{person.fullName}</h2>
          <p className="text-base-content/70">{[person.jobTitleName, person.departmentName, person.companyName].join(' · ')}</p>
          <div className="flex flex-wrap gap-2">
            <span className={`badge ${archived ? 'badge-warning' : 'badge-info'}`}>{t(`employees.statuses.${person.employmentStatus}`)}</span>
            <Badge on={person.faceEnrolled} onText={t('employees.faceEnrolled')} offText={t('employees.noFace')} testId="face-badge" />
            <Badge on={person.hasPin} onText={t('employees.pinIsSet')} offText={t('employees.noPin')} testId="pin-badge" />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {mayUpdate ? (
            <Link to={hrefOf(paths.employeeEdit, { id: person.id })} className="btn btn-primary btn-sm">
              {t('common.edit')}
            </Link>
          ) : null}
          {can('employee.archive') ? (
            <button type="button" className="btn btn-sm" onClick={archiveOrRestore} disabled={archive.isPending || restore.isPending}>
              {t(archived ? 'employees.restore' : 'employees.archive')}
            </button>
          ) : null}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('employees.personal')}>
          <Facts
            rows={[
              [t('employees.fields.age'), person.age === null ? '' : t('employees.years', { count: person.age })],
              [t('employees.fields.gender'), t(`employees.genders.${person.gender}`)],
              [t('employees.fields.civilStatus'), person.civilStatus ? t(`employees.civilStatuses.${person.civilStatus}`) : ''],
              [t('employees.fields.birthday'), date(person.birthday)],
              [t('employees.fields.height'), person.height === null ? '' : t('employees.cm', { value: person.height })],
              [t('employees.fields.weight'), person.weight === null ? '' : t('employees.kg', { value: person.weight })],
              [t('employees.fields.email'), person.email],
              [t('employees.fields.phoneNumber'), person.phoneNumber ?? ''],
              [t('employees.fields.nationalId'), person.nationalId],
              [t('employees.fields.placeOfBirth'), person.placeOfBirth ?? ''],
              [t('employees.fields.address'), person.address ?? ''],
            ]}
          />
        </Card>
        <Card title={t('employees.employment')}>
          <Facts
            rows={[
              [t('employees.fields.companyId'), person.companyName],
              [t('employees.fields.departmentId'), person.departmentName],
              [t('employees.fields.jobTitleId'), person.jobTitleName],
              [t('employees.fields.leaveGroupId'), person.leaveGroupName],
              [t('employees.fields.companyEmail'), person.companyEmail ?? ''],
              [t('employees.fields.employmentType'), t(`employees.employmentTypes.${person.employmentType}`)],
              [t('employees.fields.officialStartDate'), date(person.officialStartDate)],
              [t('employees.fields.dateRegularized'), date(person.dateRegularized)],
            ]}
          />
        </Card>
        {mayUpdate ? (
          <>
            <Card title={t('employees.photo')}>
              <PhotoControl employee={person} />
            </Card>
            <Card title={t('employees.clockPin')}>
              <PinControl employee={person} />
            </Card>
          </>
        ) : null}
      </div>
    </div>
  );
}
