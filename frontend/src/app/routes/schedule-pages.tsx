import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/states';
import { useSchedule } from '@/features/schedules/api/get-schedule';
import { MySchedule } from '@/features/schedules/components/my-schedule';
import { ScheduleForm } from '@/features/schedules/components/schedule-form';
import { ScheduleList } from '@/features/schedules/components/schedule-list';

export function SchedulePage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./schedule', { nsSeparator: false })} />
      <ScheduleList />
    </section>
  );
}

export function ScheduleCreatePage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./schedule-create', { nsSeparator: false })} />
      <ScheduleForm />
    </section>
  );
}

export function ScheduleEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const schedule = useSchedule(id);
  return (
    <section>
      <PageHeader title={t('pages./schedule-edit/:id', { nsSeparator: false })} />
      {schedule.data ? <ScheduleForm key={schedule.data.id} schedule={schedule.data} /> : <QueryState query={schedule} />}
    </section>
  );
}

export function MySchedulePage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./personal/schedule', { nsSeparator: false })} />
      <MySchedule />
    </section>
  );
}
