import type { Leave, LeaveRequest } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DateField } from '@/components/ui/date-field';
import { FormField } from '@/components/ui/form-field';
import { TextAreaField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { useZodForm } from '@/lib/form';
import { usePageFormSave } from '@/lib/use-page-form-save';
import { useChangeMyLeave } from '../api/change-my-leave';
import { useMyLeaveTypes } from '../api/get-my-leave-types';
import { useMySchedules } from '../api/get-my-schedules';
import { useRequestLeave } from '../api/request-leave';
import { leaveFormSchema, leaveFormValuesOf, scheduleSpansOf, withEndDate, workingDaysOf, type LeaveFormValues } from '../leave-form-values';
import { FormFooter } from '@/components/ui/form-footer';

type DateName = 'from' | 'to' | 'returnDate';

/**
 * Spec §2 /personal/leave-create and /personal/leave-edit/{id}: a leave type of my leave group, the dates, the
 * return date and a reason; the working days are counted from my schedules as I type, the way the server counts.
 */
export function LeaveRequestForm({ leave }: { leave?: Leave }) {
  const { t } = useTranslation();
  const save = usePageFormSave(paths.personal.leave);
  const { can } = useAuthorization();
  const types = useMyLeaveTypes();
  const schedules = useMySchedules(can('schedule.read'));
  const spans = schedules.data ? scheduleSpansOf(schedules.data) : [];
  const create = useRequestLeave();
  const change = useChangeMyLeave();
  const pending = create.isPending || change.isPending;

  const form = useZodForm<LeaveFormValues, LeaveRequest>(leaveFormSchema, leaveFormValuesOf(leave ?? null), (body, controls) => {
    const { onError, onSuccess: saved } = save(controls);
    const onSuccess = saved(leave ? t('common.updated') : t('leave.form.requested'));
    if (leave) change.mutate({ id: leave.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  });
  const { values, errors, setField } = form;

  if (leave && leave.status !== 'pending') {
    return (
      <div className="bg-base-100 rounded-box flex max-w-3xl flex-col gap-4 p-6">
        <p role="status">{t('leave.form.decidedReadOnly')}</p>
        <Link to={paths.personal.leave} className="btn self-start">
          {t('leave.backToList')}
        </Link>
      </div>
    );
  }

  const changeEnd = (to: string) => {
    const next = withEndDate(values, to, spans);
    setField('to', to);
    if (next.returnDate !== values.returnDate) setField('returnDate', next.returnDate);
  };
  const dateInput = (name: DateName, onValue: (value: string) => void, hint?: string) => (
    <DateField
      label={t(`leave.fields.${name}`)}
      error={errors[name]}
      hint={hint}
      name={name}
      value={values[name]}
      min={name === 'to' ? values.from || undefined : name === 'returnDate' ? values.to || undefined : undefined}
      onValue={onValue}
    />
  );
  const workingDays = schedules.data || !can('schedule.read') ? workingDaysOf(values, spans) : null;
  const noTypes = types.data !== undefined && types.data.items.length === 0;

  return (
    <form noValidate onSubmit={form.onSubmit} className="bg-base-100 rounded-box flex max-w-3xl flex-col gap-2 p-6" data-testid="leave-form">
      <FormField label={t('leave.fields.leaveType')} error={errors.leaveTypeId} hint={noTypes ? t('leave.form.noTypes') : undefined}>
        {(control) => (
          <select
            {...control}
            name="leaveTypeId"
            className="select w-full"
            value={values.leaveTypeId}
            onChange={(event) => setField('leaveTypeId', event.target.value)}
          >
            <option value="">{types.isPending ? t('common.loading') : t('leave.form.chooseType')}</option>
            {types.data?.items.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid gap-x-6 md:grid-cols-3">
        {dateInput('from', (from) => setField('from', from))}
        {dateInput('to', changeEnd)}
        {dateInput('returnDate', (returnDate) => setField('returnDate', returnDate), t('leave.form.returnDateHint'))}
      </div>
      <div className="fieldset py-1">
        <span className="fieldset-legend pb-1 text-sm font-medium">{t('leave.fields.workingDays')}</span>
        <output className="py-1 font-semibold" aria-live="polite" data-testid="live-working-days">
          {workingDays === null ? t('leave.form.workingDaysPending') : t('leave.form.workingDays', { count: workingDays })}
        </output>
        <p className="label text-xs whitespace-normal">{t('leave.form.workingDaysHint')}</p>
      </div>
      <TextAreaField
        label={t('leave.fields.reason')}
        error={errors.reason}
        name="reason"
        value={values.reason}
        onValue={(reason) => setField('reason', reason)}
      />
      <FormFooter
        form={form}
        pending={pending}
        submitLabel={leave ? t('common.save') : t('leave.form.send')}
        cancelTo={paths.personal.leave}
        submitClassName="btn-neutral"
      />
    </form>
  );
}
