import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { EmployeeDetails } from '@/features/employees/components/employee-details';

export function EmployeeDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <section>
      <PageHeader title={t('pages./employee-details/:id', { nsSeparator: false })} />
      <EmployeeDetails id={id} />
    </section>
  );
}
