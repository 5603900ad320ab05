import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/states';
import { useAttendance } from '@/features/attendance/api/get-attendance';
import { AttendanceForm } from '@/features/attendance/components/attendance-form';
import { AttendanceList } from '@/features/attendance/components/attendance-list';
import { MyAttendance } from '@/features/attendance/components/my-attendance';
import { OfflinePunches } from '@/features/attendance/components/offline-punches';

export function AttendancePage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./attendance', { nsSeparator: false })} />
      <OfflinePunches />
      <AttendanceList />
    </section>
  );
}

export function AttendanceCreatePage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./attendance-create', { nsSeparator: false })} />
      <AttendanceForm />
    </section>
  );
}

export function AttendanceEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const day = useAttendance(id);
  return (
    <section>
      <PageHeader title={t('pages./attendance-edit/:id', { nsSeparator: false })} />
      {day.data ? <AttendanceForm key={day.data.id} day={day.data} /> : <QueryState query={day} />}
    </section>
  );
}

export function MyAttendancePage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./personal/attendance', { nsSeparator: false })} />
      <MyAttendance />
    </section>
  );
}
