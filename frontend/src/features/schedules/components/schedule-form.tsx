import { weekdays, type Schedule, type ScheduleCreate, type ScheduleUpdate } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { EmployeePicker } from '@/components/employee-picker/employee-picker';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { ReadOnlyField, TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useZodForm } from '@/lib/form';
import { translateProblem } from '@/lib/i18n';
import { useDateFormat } from '@/lib/use-date-format';
import { usePageFormSave } from '@/lib/use-page-form-save';
import { useAssignSchedule, useChangeSchedule } from '../api/save-schedule';
import {
  hoursOfTimes,
  isOvernight,
  newScheduleValues,
  scheduleCreateFormSchema,
  scheduleUpdateFormSchema,
  scheduleValuesOf,
  toggledRestDays,
  wallTimeOf,
  type ScheduleFormValues,
} from '../schedule-values';

/**
 * Spec §2 /schedule-create and /schedule-edit/{id}: the employee (picked once, kept on edit), the shift's
 * wall-clock times, its paid hours (computed from the times until the admin changes them), rest days and period.
 */
export function ScheduleForm({ schedule }: { schedule?: Schedule }) {
  const { t } = useTranslation();
  const saved = usePageFormSave(paths.schedule);
  const format = useDateFormat(schedule?.companyId);
  const assign = useAssignSchedule();
  const change = useChangeSchedule();
  const pending = assign.isPending || change.isPending;

  const form = useZodForm<ScheduleFormValues, ScheduleCreate | ScheduleUpdate>(
    schedule ? scheduleUpdateFormSchema : scheduleCreateFormSchema,
    schedule ? scheduleValuesOf(schedule) : newScheduleValues(format.today()),
    (body, controls) => {
      const { onError, onSuccess } = saved(controls);
      if (schedule) change.mutate({ id: schedule.id, body: body as ScheduleUpdate }, { onSuccess: onSuccess(t('common.updated')), onError });
      else assign.mutate(body as ScheduleCreate, { onSuccess: onSuccess(t('common.created')), onError });
    },
  );
  const { values, errors, setField } = form;

  /** A new time recomputes the hours: the admin may still lower them (an unpaid break). */
  const setTime = (name: 'startTime' | 'offTime', value: string) => {
    setField(name, value);
    const hours = hoursOfTimes(name === 'startTime' ? value : values.startTime, name === 'offTime' ? value : values.offTime);
    if (hours !== null) setField('totalHours', String(hours));
  };
  const overnight = values.startTime && values.offTime ? isOvernight(wallTimeOf(values.startTime), wallTimeOf(values.offTime)) : false;

  return (
    <form noValidate onSubmit={form.onSubmit} className="bg-base-100 rounded-box flex max-w-3xl flex-col gap-2 p-6" data-testid="schedule-form">
      {schedule ? (
        <ReadOnlyField label={t('schedules.fields.employeeId')} className="py-2 font-medium">
          {schedule.employeeName}
        </ReadOnlyField>
      ) : (
        <FormField label={t('schedules.fields.employeeId')} error={errors.employeeId}>
          {(control) => <EmployeePicker {...control} value={values.employeeId} onChange={(employeeId) => setField('employeeId', employeeId)} />}
        </FormField>
      )}
      <div className="grid gap-x-6 md:grid-cols-3">
        {(['startTime', 'offTime'] as const).map((name) => (
          <TextField
            key={name}
            label={t(`schedules.fields.${name}`)}
            error={errors[name]}
            hint={name === 'offTime' && overnight ? t('schedules.overnightHint') : undefined}
            name={name}
            type="time"
            value={values[name]}
            onValue={(value) => setTime(name, value)}
          />
        ))}
        <TextField
          label={t('schedules.fields.totalHours')}
          error={errors.totalHours}
          name="totalHours"
          type="number"
          inputMode="decimal"
          min="0.25"
          max="24"
          step="0.25"
          value={values.totalHours}
          onValue={(totalHours) => setField('totalHours', totalHours)}
        />
      </div>
      {overnight ? (
        <p className="badge badge-soft badge-info" data-testid="overnight-badge">
          {t('schedules.overnight')}
        </p>
      ) : null}
      <fieldset className="fieldset py-1" aria-describedby={errors.restDays ? 'rest-days-error' : undefined}>
        <legend className="fieldset-legend pb-1 text-sm font-medium">{t('schedules.fields.restDays')}</legend>
        <div className="flex flex-wrap gap-2">
          {weekdays.map((day) => {
            const pressed = values.restDays.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={pressed}
                title={format.weekday(day, 'long')}
                className={`btn btn-sm ${pressed ? 'btn-neutral' : 'btn-outline'}`}
                onClick={() => setField('restDays', toggledRestDays(values.restDays, day))}
              >
                {format.weekday(day, 'short')}
              </button>
            );
          })}
        </div>
        {errors.restDays ? (
          <p id="rest-days-error" className="text-error text-sm">
            {translateProblem(errors.restDays)}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-x-6 md:grid-cols-2">
        <DateField
          label={t('schedules.fields.fromDate')}
          error={errors.fromDate}
          name="fromDate"
          format={format}
          value={values.fromDate}
          onValue={(fromDate) => setField('fromDate', fromDate)}
        />
        <DateField
          label={t('schedules.fields.toDate')}
          error={errors.toDate}
          hint={t('schedules.toDateHint')}
          name="toDate"
          format={format}
          value={values.toDate}
          onValue={(toDate) => setField('toDate', toDate)}
        />
      </div>
      <FormFooter form={form} pending={pending} submitLabel={schedule ? t('common.save') : t('schedules.create')} cancelTo={paths.schedule} />
    </form>
  );
}
