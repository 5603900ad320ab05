import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDialogDiscard } from '@/components/ui/dialog-discard';
import type { DataTableColumn } from '@/components/ui/data-table';
import { DenialNotes } from '@/components/ui/denial-notes';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState } from '@/components/ui/states';
import { ApiError } from '@/lib/api-client';
import { useAuthorization } from '@/lib/authorization';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useModalDialog } from '@/lib/use-modal-dialog';
import { useNotify } from '@/lib/use-notify';
import { useDeleteRecord } from '../api/delete-record';
import { useRecordOptions, useRecords } from '../api/get-records';
import { recordTypes, type OrganisationRecord, type RecordType } from '../record-types';
import { OrganisationTabs } from './organisation-tabs';
import { RecordForm } from './record-form';
import { SearchField } from '@/components/ui/search-field';
import { QueryTable } from '@/components/ui/query-table';
import { RowButton } from '@/components/ui/row-actions';

const PAGE_SIZE = 20;

/** null: no form open; `item` null: adding one. */
type Editing<Item> = { item: Item | null } | null;

function RecordDialog<Item extends OrganisationRecord>({
  type,
  editing,
  defaultCompanyId,
  onClose,
}: {
  type: RecordType<Item>;
  editing: Editing<Item>;
  defaultCompanyId: string;
  onClose: () => void;
}) {
  const ref = useModalDialog(editing !== null);
  const titleId = useId();
  const [dirty, setDirty] = useState(false);
  const discard = useDialogDiscard(dirty, onClose);
  return (
    <>
      <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={discard.onDialogCancel}>
        <div className="modal-box">
          {editing ? (
            <RecordForm
              key={editing.item?.id ?? 'new'}
              type={type}
              item={editing.item}
              defaultCompanyId={defaultCompanyId}
              titleId={titleId}
              onDone={onClose}
              onCancel={discard.requestClose}
              onDirtyChange={setDirty}
            />
          ) : null}
        </div>
      </dialog>
      {discard.prompt}
    </>
  );
}

/**
 * The list screen of one organisation record type (companies, departments, job titles, leave types, leave
 * groups): search, a company filter where records belong to one, pages, and add, edit and delete.
 */
export function RecordPage<Item extends OrganisationRecord>({ type }: { type: RecordType<Item> }) {
  const { t } = useTranslation();
  const { mayUse: may } = useAuthorization();
  const notify = useNotify();
  const texts = `organisation.${type.key}`;
  const [search, setSearch] = useState('');
  const [companyId, setCompanyId] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing<Item>>(null);
  const [toDelete, setToDelete] = useState<Item | null>(null);
  const query = useDebouncedValue(search);
  const mayRead = may(type.access.read);
  const records = useRecords(type, { search: query.trim(), page, pageSize: PAGE_SIZE, companyId: companyId || undefined }, mayRead);
  const companies = useRecordOptions(recordTypes.companies, {}, type.companyFilter && mayRead);
  const remove = useDeleteRecord(type);

  const header = <PageHeader title={t(`${texts}.title`)} />;
  if (!mayRead) {
    return (
      <section>
        {header}
        <EmptyState text={t(`${texts}.noRead`)} />
      </section>
    );
  }

  const onlyCompany = companies.data?.items.length === 1 ? companies.data.items[0]?.id : undefined;
  const defaultCompanyId = companyId || (onlyCompany ?? '');
  const total = records.data?.total ?? 0;
  // Spec §6: a user who may read but not change the table is told so, not left to wonder where the buttons went.
  const denials = [
    may(type.access.create) ? null : t(`${texts}.noCreate`),
    may(type.access.update) ? null : t(`${texts}.noUpdate`),
    may(type.access.remove) ? null : t(`${texts}.noDelete`),
  ].filter((text): text is string => text !== null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        notify.success(t('common.deleted'));
        // The last record of the last page: show the page before.
        if (records.data?.items.length === 1 && page > 1) setPage(page - 1);
      },
      // 409: still referred to; the server's message says by what.
      onError: (error) => notify.failure(error instanceof ApiError && error.status === 403 ? new Error(t(`${texts}.noDelete`)) : error),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <section>
      {header}
      <OrganisationTabs />
      <div className="flex flex-col gap-4">
        <DenialNotes texts={denials} />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <SearchField
              label={t('common.search')}
              value={search}
              className="w-full sm:w-64"
              onValue={(value) => {
                setSearch(value);
                setPage(1);
              }}
            />
            {type.companyFilter ? (
              <label className="select w-full sm:w-72">
                <span className="label">{t('organisation.fields.companyId')}</span>
                <select
                  value={companyId}
                  data-testid="company-filter"
                  onChange={(event) => {
                    setCompanyId(event.target.value);
                    setPage(1);
                  }}
                >
                  <option value="">{t('common.allCompanies')}</option>
                  {companies.data?.items.map((company) => (
                    <option key={company.id} value={company.id}>
                      {company.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          {may(type.access.create) ? (
            <button type="button" className="btn btn-primary" onClick={() => setEditing({ item: null })} data-testid="add-record">
              {t(`${texts}.addNew`)}
            </button>
          ) : null}
        </div>
        <QueryTable
          query={records}
          label={t(`${texts}.title`)}
          testId="records-table"
          rowKey={(item) => item.id}
          emptyText={t(`${texts}.empty`)}
          columns={type.columns.map((column, index): DataTableColumn<Item> => ({
            key: column.label,
            header: t(column.label),
            cellClassName: index === 0 ? 'font-medium' : undefined,
            cell: (item) =>
              column.kind === 'status' ? (
                <span className={`badge ${column.text(item) === 'active' ? 'badge-success' : 'badge-ghost'}`}>
                  {t(`organisation.statuses.${column.text(item)}`)}
                </span>
              ) : (
                column.text(item)
              ),
          }))}
          actions={(item) => (
            <>
              {may(type.access.update) ? (
                <RowButton onClick={() => setEditing({ item })} label={t('common.edit')} name={t('organisation.editNamed', { name: item.name })} />
              ) : null}
              {may(type.access.remove) ? (
                <RowButton danger onClick={() => setToDelete(item)} label={t('common.delete')} name={t('organisation.deleteNamed', { name: item.name })} />
              ) : null}
            </>
          )}
        />
        <Pagination page={page} total={total} pageSize={PAGE_SIZE} onPage={setPage} />
      </div>
      <RecordDialog type={type} editing={editing} defaultCompanyId={defaultCompanyId} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('organisation.deleteTitle', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
