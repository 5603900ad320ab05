import type { Employee, PermissionKey } from '@ams/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { urlOf } from '@/lib/api-call';
import { useAuthorization } from '@/lib/authorization';
import { useNotify } from '@/lib/use-notify';
import { useEraseEmployee } from '../api/erase-employee';

/** What the export route asks for (it shows every area's data about the person). */
const exportPermissions: readonly PermissionKey[] = ['employee.read', 'user.read', 'schedule.read', 'leave.read', 'attendance.read'];

/**
 * The person's data: exported as JSON or Excel (plain links: the session cookie goes with them and the browser
 * downloads), and erased on request after typing the full name, as erasure cannot be undone.
 */
export function PersonalDataControl({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const notify = useNotify();
  const erase = useEraseEmployee();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const typedId = useId();
  const mayExport = exportPermissions.every((key) => can(key));
  const close = () => {
    setConfirming(false);
    setTyped('');
  };
  return (
    <div className="flex flex-col gap-3" data-testid="personal-data">
      <p className="text-base-content/70 text-sm">{t('personalData.hint')}</p>
      <div className="flex flex-wrap gap-2">
        {mayExport ? (
          <>
            <a
              href={urlOf('GET /api/employees/:id/data-export', { params: { id: employee.id } })}
              download={`employee-${employee.id}.json`}
              className="btn btn-sm"
              data-testid="export-json"
            >
              {t('personalData.exportJson')}
            </a>
            <a
              href={urlOf('GET /api/employees/:id/data-export/xlsx', { params: { id: employee.id } })}
              download
              className="btn btn-sm"
              data-testid="export-xlsx"
            >
              {t('personalData.exportXlsx')}
            </a>
          </>
        ) : null}
        {can('employee.delete') ? (
          <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => setConfirming(true)} data-testid="erase-personal-data">
            {t('personalData.erase')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('personalData.eraseTitle', { name: employee.fullName })}
        confirmLabel={t('personalData.eraseConfirm')}
        busy={erase.isPending}
        confirmDisabled={typed.trim() !== employee.fullName}
        onConfirm={() =>
          erase.mutate(employee.id, {
            onSuccess: (erased) => {
              close();
              notify.success(t('personalData.erased', { name: erased.fullName }));
            },
            onError: notify.failure,
          })
        }
        onCancel={close}
      >
        <p className="pb-3 text-sm">{t('personalData.eraseExplained')}</p>
        <label htmlFor={typedId} className="block pb-1 text-sm font-medium">
          {t('personalData.typeToConfirm', { name: employee.fullName })}
        </label>
        <input
          id={typedId}
          className="input mb-2 w-full"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="erase-confirmation"
        />
      </ConfirmDialog>
    </div>
  );
}
