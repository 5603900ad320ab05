import type { TFunction } from 'i18next';
import type { DataTableColumn } from '@/components/ui/data-table';

interface EmployeeRow {
  employeeName: string;
  departmentName?: string | null;
}

/**
 * The employee with their department on a second line: one column instead of two, so the reports with many
 * figures fit a laptop's width (1366 px) without a sideways scroll. The Excel export keeps them apart.
 */
export function employeeColumn<Row extends EmployeeRow>(t: TFunction): DataTableColumn<Row> {
  return {
    key: 'employee',
    header: t('reports.columns.employee'),
    cell: (row) => (
      <>
        <span className="block font-medium">{row.employeeName}</span>
        {row.departmentName ? <span className="text-base-content/70 block">{row.departmentName}</span> : null}
      </>
    ),
  };
}
