import { employmentStatuses, type Employee } from '@ams/contracts';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { DataTableColumn } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { hrefOf, paths } from '@/config/paths';
import { useAuthorization } from '@/lib/authorization';
import { translateKey } from '@/lib/i18n';
import { currentUserAtom } from '@/lib/session';
import { useDateFormat } from '@/lib/use-date-format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useNotify } from '@/lib/use-notify';
import { useBulkDeleteEmployees } from '../api/bulk-delete-employees';
import { useEmployees } from '../api/get-employees';
import { NoCompanyHint, useAdminWithoutCompany } from '@/components/no-company-hint';
import { useOrganisationOptions } from '@/lib/organisation-options';
import { useArchiveOrRestore } from './use-archive-or-restore';
import { defaultEmployeeListFilters, employeeListFiltersAtom, type EmployeeListFilters, type EmployeeSort } from '../stores/list-filters';
import { EmployeeAvatar } from './employee-avatar';
import { CompanyDepartmentFilter } from '@/components/ui/company-department-filter';
import { OptionSelect } from '@/components/ui/option-select';
import { SearchField } from '@/components/ui/search-field';
import { FilterBar } from '@/components/ui/filter-bar';
import { QueryTable } from '@/components/ui/query-table';
import { RowLink } from '@/components/ui/row-actions';

const PAGE_SIZE = 20;

/** Spec §2 employee list: quick search, active/archived, filters, sorting, pages, bulk delete, archive/restore. */
export function EmployeesList() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const { can } = useAuthorization();
  const notify = useNotify();
  const user = useAtomValue(currentUserAtom);
  const [stored, setStored] = useAtom(employeeListFiltersAtom);
  const filters = stored.owner === (user?.id ?? null) ? stored.filters : defaultEmployeeListFilters;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const search = useDebouncedValue(filters.search);
  const employees = useEmployees({
    search: search.trim(),
    status: filters.status,
    companyId: filters.companyId || undefined,
    departmentId: filters.departmentId || undefined,
    jobTitleId: filters.jobTitleId || undefined,
    sort: filters.sort,
    order: filters.order,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const jobTitles = useOrganisationOptions('jobTitles', { companyId: filters.companyId, departmentId: filters.departmentId }, filters.departmentId !== '');
  const bulkDelete = useBulkDeleteEmployees();
  const archiving = useArchiveOrRestore();
  const withoutCompany = useAdminWithoutCompany();

  /** Any change but paging goes back to the first page; the selection is of the rows on screen. */
  const change = (next: Partial<EmployeeListFilters>) => {
    setStored({ owner: user?.id ?? null, filters: { ...filters, page: 1, ...next } });
    setSelected(new Set());
  };

  const items = employees.data?.items ?? [];
  const total = employees.data?.total ?? 0;
  const mayDelete = can('employee.delete');
  const mayArchive = can('employee.archive');
  const allSelected = items.length > 0 && items.every((employee) => selected.has(employee.id));

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };

  const confirmBulkDelete = () => {
    bulkDelete.mutate([...selected], {
      onSuccess: ({ deleted }) => {
        notify.success(t('employees.deletedCount', { count: deleted }));
        setSelected(new Set());
        if (deleted === items.length && filters.page > 1) change({ page: filters.page - 1 });
      },
      onError: notify.failure,
      onSettled: () => setConfirmingDelete(false),
    });
  };

  const selectColumn: DataTableColumn<Employee, EmployeeSort> = {
    key: 'select',
    header: (
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        aria-label={t('employees.selectAll')}
        checked={allSelected}
        onChange={(event) => setSelected(event.target.checked ? new Set(items.map((employee) => employee.id)) : new Set())}
      />
    ),
    className: 'w-8',
    cell: (employee) => (
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        aria-label={t('employees.selectNamed', { name: employee.fullName })}
        checked={selected.has(employee.id)}
        onChange={(event) => toggle(employee.id, event.target.checked)}
      />
    ),
  };
  const columns: DataTableColumn<Employee, EmployeeSort>[] = [
    ...(mayDelete ? [selectColumn] : []),
    {
      key: 'name',
      header: t('employees.fields.name'),
      sort: 'lastName',
      cell: (employee) => (
        <Link to={hrefOf(paths.employeeDetails, { id: employee.id })} className="link link-hover flex items-center gap-3 font-medium">
          <EmployeeAvatar employee={employee} />
          {/* A long name wraps: the row's actions stay in view at laptop widths. */}
          <span className="min-w-40 break-words">
            {employee.lastName}, {employee.firstName}
          </span>
        </Link>
      ),
    },
    // A long address wraps anywhere rather than pushing the row's actions out of view at laptop widths.
    { key: 'email', header: t('employees.fields.email'), sort: 'email', cellClassName: '[overflow-wrap:anywhere]', cell: (employee) => employee.email },
    {
      key: 'nationalId',
      header: t('employees.fields.nationalId'),
      sort: 'nationalId',
      className: 'hidden 2xl:table-cell',
      cell: (employee) => employee.nationalId,
    },
    {
      key: 'position',
      header: t('employees.position'),
      cell: (employee) => (
        <span className="flex flex-col">
          <span>{employee.jobTitleName}</span>
          <span className="text-base-content/70 text-xs">
            {employee.departmentName} · {employee.companyName}
          </span>
        </span>
      ),
    },
    { key: 'start', header: t('employees.fields.officialStartDate'), sort: 'officialStartDate', cell: (employee) => format.date(employee.officialStartDate) },
  ];

  if (withoutCompany) return <NoCompanyHint />;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t('employees.statusFilter')} className="join">
          {employmentStatuses.map((status) => (
            <button
              key={status}
              type="button"
              aria-pressed={filters.status === status}
              className={`btn btn-sm join-item ${filters.status === status ? 'btn-primary' : ''}`}
              onClick={() => change({ status })}
              data-testid={`status-${status}`}
            >
              {t(`employees.statuses.${status}`)}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          {mayDelete && selected.size > 0 ? (
            <button type="button" className="btn btn-error btn-outline" onClick={() => setConfirmingDelete(true)} data-testid="bulk-delete">
              {t('employees.deleteSelected', { count: selected.size })}
            </button>
          ) : null}
          {can('employee.create') ? (
            <Link to={paths.employeeCreate} className="btn btn-primary" data-testid="add-employee">
              {t('employees.addNew')}
            </Link>
          ) : null}
        </div>
      </div>
      <FilterBar>
        <SearchField label={t('employees.quickSearch')} value={filters.search} onValue={(value) => change({ search: value })} testId="employee-search" />
        <CompanyDepartmentFilter
          companyId={filters.companyId}
          departmentId={filters.departmentId}
          onCompanyChange={(companyId) => change({ companyId, departmentId: '', jobTitleId: '' })}
          onDepartmentChange={(departmentId) => change({ departmentId, jobTitleId: '' })}
        />
        <OptionSelect
          name="jobTitleFilter"
          aria-label={t('employees.fields.jobTitleId')}
          value={filters.jobTitleId}
          options={jobTitles}
          emptyLabel={t('employees.allJobTitles')}
          disabled={filters.departmentId === ''}
          onChange={(jobTitleId) => change({ jobTitleId })}
          data-testid="job-title-filter"
        />
      </FilterBar>
      <QueryTable
        query={employees}
        label={t('nav.employees')}
        testId="employees-table"
        rowKey={(employee) => employee.id}
        emptyText={translateKey('employeesNotFound')}
        columns={columns}
        sort={{ by: filters.sort, order: filters.order, onSort: ({ by, order }) => change({ sort: by, order }) }}
        rowClassName={(employee) => (selected.has(employee.id) ? 'bg-base-200' : undefined)}
        actions={(employee) => (
          <>
            {can('employee.update') ? (
              <RowLink
                to={hrefOf(paths.employeeEdit, { id: employee.id })}
                label={t('common.edit')}
                name={t('employees.editNamed', { name: employee.fullName })}
              />
            ) : null}
            {mayArchive ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-disabled={archiving.busy}
                onClick={(event) => archiving.archiveOrRestore(employee, event)}
                aria-label={t(employee.employmentStatus === 'active' ? 'employees.archiveNamed' : 'employees.restoreNamed', { name: employee.fullName })}
              >
                {t(employee.employmentStatus === 'active' ? 'employees.archive' : 'employees.restore')}
              </button>
            ) : null}
          </>
        )}
      />
      <Pagination
        page={filters.page}
        total={total}
        pageSize={PAGE_SIZE}
        onPage={(page) => change({ page })}
        summary={employees.data ? t('employees.total', { count: total }) : null}
      />
      <ConfirmDialog
        open={confirmingDelete}
        title={t('employees.bulkDeleteTitle', { count: selected.size })}
        confirmLabel={t('common.delete')}
        busy={bulkDelete.isPending}
        onConfirm={confirmBulkDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
      {archiving.dialog}
    </div>
  );
}
