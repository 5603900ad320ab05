import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/states';
import { useEmployee } from '@/features/employees/api/get-employee';
import { EmployeeForm } from '@/features/employees/components/employee-form';

export function EmployeeCreatePage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('pages./employee-create', { nsSeparator: false })} />
      <EmployeeForm />
    </section>
  );
}

export function EmployeeEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const employee = useEmployee(id);
  return (
    <section>
      <PageHeader title={t('pages./employee-edit/:id', { nsSeparator: false })} />
      {employee.data ? <EmployeeForm key={employee.data.id} employee={employee.data} /> : <QueryState query={employee} />}
    </section>
  );
}
