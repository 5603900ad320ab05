import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { EmployeesList } from '@/features/employees/components/employees-list';

export function EmployeesPage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./employees', { nsSeparator: false })} />
      <EmployeesList />
    </section>
  );
}
