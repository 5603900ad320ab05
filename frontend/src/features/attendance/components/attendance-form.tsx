import { localDateOf, type Attendance, type OfflinePunchIssue } from '@ams/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { ReadOnlyField, TextAreaField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useZodForm } from '@/lib/form';
import { DateField } from '@/components/ui/date-field';
import type { DateFormat } from '@/lib/date-format';
import { useDateFormat } from '@/lib/use-date-format';
import { instantOf, timeInputOf } from '@/lib/zoned-time';
import { usePageFormSave } from '@/lib/use-page-form-save';
import { useAmendAttendance } from '../api/amend-attendance';
import { useRecordOfflinePunchDay } from '../api/offline-punches';
import { useRecordAttendance } from '../api/record-attendance';
import { amendFormSchema, dayTimeValuesOf, nextDayField, recordFormSchema, type DayTimeValues, type TimeField } from '../day-times';
import { EmployeePicker } from '@/components/employee-picker/employee-picker';
import { FormFooter } from '@/components/ui/form-footer';

/**
 * Spec §2 /attendance-create and /attendance-edit/{id}: an admin records a day the employee did not clock, or
 * corrects one, with a reason. Times are wall times in the employee's company's zone; one after midnight of a
 * night shift says so with its 'next day' box.
 */
export function AttendanceForm({ day, offlinePunch }: { day?: Attendance; offlinePunch?: OfflinePunchIssue }) {
  const [companyId, setCompanyId] = useState<string | null>(day?.companyId ?? offlinePunch?.companyId ?? null);
  const format = useDateFormat(companyId);
  // An edit starts from the day's instants read in the zone: read again should the company's settings arrive late.
  const key = day ? day.id : (offlinePunch?.id ?? 'new');
  return <DayForm key={`${key} ${format.settings.timezone}`} day={day} offlinePunch={offlinePunch} format={format} onCompany={setCompanyId} />;
}

/** An offline punch's day as the form starts it: its person (when the punch named one), date and time. */
function offlinePunchValues(punch: OfflinePunchIssue, timezone: string): Partial<DayTimeValues> {
  const time = timeInputOf(punch.punchedAt, timezone);
  return {
    employeeId: punch.employeeId ?? '',
    workDate: localDateOf(new Date(punch.punchedAt), timezone),
    ...(punch.action === 'check-out' ? { timeOut: time } : punch.action === 'check-in' ? { timeIn: time } : {}),
  };
}

function DayForm({
  day,
  offlinePunch,
  format,
  onCompany,
}: {
  day: Attendance | undefined;
  offlinePunch: OfflinePunchIssue | undefined;
  format: DateFormat;
  onCompany: (companyId: string | null) => void;
}) {
  const { t } = useTranslation();
  const saved = usePageFormSave(paths.attendance);
  const record = useRecordAttendance();
  const amend = useAmendAttendance();
  const recordOffline = useRecordOfflinePunchDay();
  const pending = record.isPending || amend.isPending || recordOffline.isPending;
  const { timezone } = format.settings;
  const schema = useMemo(() => {
    const inZone = (isoDate: string, hhmm: string) => instantOf(isoDate, hhmm, timezone);
    return day ? amendFormSchema(inZone) : recordFormSchema(inZone);
  }, [day, timezone]);

  const initial = dayTimeValuesOf(day ?? null, { timezone, timeInputOf: (instant) => timeInputOf(instant, timezone) });
  const form = useZodForm<DayTimeValues, unknown>(
    schema,
    offlinePunch ? { ...initial, ...offlinePunchValues(offlinePunch, timezone) } : initial,
    (body, controls) => {
      const { onError, onSuccess } = saved(controls);
      if (offlinePunch)
        recordOffline.mutate(
          { id: offlinePunch.id, body: body as Parameters<typeof record.mutate>[0] },
          { onSuccess: onSuccess(t('common.created')), onError },
        );
      else if (day)
        amend.mutate({ id: day.id, body: body as Parameters<typeof amend.mutate>[0]['body'] }, { onSuccess: onSuccess(t('common.updated')), onError });
      else record.mutate(body as Parameters<typeof record.mutate>[0], { onSuccess: onSuccess(t('common.created')), onError });
    },
  );
  const { values, errors, setField } = form;

  const time = (name: TimeField) => (
    <FormField label={t(`attendance.fields.${name}`)} error={errors[name]}>
      {(control) => (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <input
            {...control}
            name={name}
            type="time"
            className="input min-w-0 flex-1"
            value={values[name]}
            onChange={(event) => setField(name, event.target.value)}
          />
          <label className="label cursor-pointer gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              name={nextDayField(name)}
              checked={values[nextDayField(name)]}
              aria-label={`${t(`attendance.fields.${name}`)}: ${t('attendance.nextDay')}`}
              onChange={(event) => {
                setField(nextDayField(name), event.target.checked);
                // The time's own message (out of order) may no longer hold.
                setField(name, values[name]);
              }}
            />
            {t('attendance.nextDay')}
          </label>
        </div>
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={form.onSubmit} className="bg-base-100 rounded-box flex max-w-3xl flex-col gap-2 p-6" data-testid="attendance-form">
      <div className="grid gap-x-6 md:grid-cols-2">
        {day ? (
          <>
            <ReadOnlyField label={t('attendance.fields.employeeId')} className="py-2 font-medium">
              {day.employeeName}
            </ReadOnlyField>
            <ReadOnlyField label={t('attendance.fields.workDate')}>{format.date(day.workDate)}</ReadOnlyField>
          </>
        ) : (
          <>
            <FormField label={t('attendance.fields.employeeId')} error={errors.employeeId}>
              {(control) => (
                <EmployeePicker
                  {...control}
                  value={values.employeeId}
                  onChange={(employeeId, companyId) => {
                    setField('employeeId', employeeId);
                    onCompany(companyId);
                  }}
                />
              )}
            </FormField>
            <DateField
              label={t('attendance.fields.workDate')}
              error={errors.workDate}
              name="workDate"
              format={format}
              value={values.workDate}
              onValue={(workDate) => setField('workDate', workDate)}
            />
          </>
        )}
        {time('timeIn')}
        {time('timeOut')}
        {time('breakIn')}
        {time('breakOut')}
      </div>
      <p className="text-base-content/80 text-xs">{t('attendance.timesHint', { zone: format.settings.timezone })}</p>
      <TextAreaField
        label={t('attendance.fields.reason')}
        error={errors.reason}
        hint={t('attendance.reasonHint')}
        name="reason"
        value={values.reason}
        onValue={(reason) => setField('reason', reason)}
      />
      <FormFooter form={form} pending={pending} submitLabel={day ? t('common.save') : t('attendance.create')} cancelTo={paths.attendance} />
    </form>
  );
}
