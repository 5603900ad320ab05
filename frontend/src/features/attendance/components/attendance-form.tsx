import type { Attendance } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm, type FieldErrors } from '@/lib/form';
import { translateMessage } from '@/lib/i18n';
import { useNotify } from '@/lib/use-notify';
import { useAmendAttendance } from '../api/amend-attendance';
import { useRecordAttendance } from '../api/record-attendance';
import { amendFormSchema, dayTimeValuesOf, formatWorkDate, recordFormSchema, type DayTimeValues } from '../day-times';
import { EmployeePicker } from './employee-picker';

type TimeField = 'timeIn' | 'breakIn' | 'breakOut' | 'timeOut';

/**
 * Spec §2 /attendance-create and /attendance-edit/{id}: an admin records a day the employee did not clock, or
 * corrects one; the times are entered in the browser's zone and a reason is required.
 */
export function AttendanceForm({ day }: { day?: Attendance }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const record = useRecordAttendance();
  const amend = useAmendAttendance();
  const pending = record.isPending || amend.isPending;

  const form = useZodForm<DayTimeValues, unknown>(day ? amendFormSchema : recordFormSchema, dayTimeValuesOf(day ?? null), (body, controls) => {
    const onError = (error: Error) => {
      const fields: FieldErrors = error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {};
      controls.setErrors({ ...fields, '': error.message });
      notify.failure(error);
    };
    const onSuccess = (message: string) => () => {
      notify.success(message);
      void navigate(paths.attendance);
    };
    if (day) amend.mutate({ id: day.id, body: body as Parameters<typeof amend.mutate>[0]['body'] }, { onSuccess: onSuccess(t('common.updated')), onError });
    else record.mutate(body as Parameters<typeof record.mutate>[0], { onSuccess: onSuccess(t('common.created')), onError });
  });
  const { values, errors, setField } = form;

  const time = (name: TimeField) => (
    <FormField label={t(`attendance.fields.${name}`)} error={errors[name]}>
      {(control) => <input {...control} name={name} type="time" className="input w-full" value={values[name]} onChange={(event) => setField(name, event.target.value)} />}
    </FormField>
  );

  return (
    <form noValidate onSubmit={form.onSubmit} className="bg-base-100 rounded-box flex max-w-3xl flex-col gap-2 p-6" data-testid="attendance-form">
      <div className="grid gap-x-6 md:grid-cols-2">
        {day ? (
          <>
            <div className="fieldset py-1">
              <span className="fieldset-legend pb-1 text-sm font-medium">{t('attendance.fields.employeeId')}</span>
              <p className="py-2 font-medium">{day.employeeName}</p>
            </div>
            <div className="fieldset py-1">
              <span className="fieldset-legend pb-1 text-sm font-medium">{t('attendance.fields.workDate')}</span>
              <p className="py-2">{formatWorkDate(day.workDate, i18n.language)}</p>
            </div>
          </>
        ) : (
          <>
            <FormField label={t('attendance.fields.employeeId')} error={errors.employeeId}>
              {(control) => <EmployeePicker {...control} value={values.employeeId} onChange={(employeeId) => setField('employeeId', employeeId)} />}
            </FormField>
            <FormField label={t('attendance.fields.workDate')} error={errors.workDate}>
              {(control) => <input {...control} name="workDate" type="date" className="input w-full" value={values.workDate} onChange={(event) => setField('workDate', event.target.value)} />}
            </FormField>
          </>
        )}
        {time('timeIn')}
        {time('timeOut')}
        {time('breakIn')}
        {time('breakOut')}
      </div>
      <p className="text-base-content/70 text-xs">{t('attendance.timesHint')}</p>
      <FormField label={t('attendance.fields.reason')} error={errors.reason} hint={t('attendance.reasonHint')}>
        {(control) => <textarea {...control} name="reason" className="textarea w-full" value={values.reason} onChange={(event) => setField('reason', event.target.value)} />}
      </FormField>
      {errors[''] ? (
        <p role="alert" className="text-error">
          {translateMessage(errors[''])}
        </p>
      ) : null}
      <div className="flex gap-2 pt-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {day ? t('common.save') : t('attendance.create')}
        </button>
        <button type="button" className="btn" onClick={() => void navigate(paths.attendance)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
