import { useAtom, useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/states';
import { kioskTokenAtom } from '@/lib/kiosk-token';
import { currentUserAtom } from '@/lib/session';
import { useAuthorization } from '@/lib/authorization';
import { useNotify } from '@/lib/use-notify';
import { useCompanies } from '../api/get-companies';
import { useKioskDevices } from '../api/get-kiosk-devices';
import type { RegisteredKiosk } from '../api/register-kiosk-device';
import { CompanyScopeSelect } from './company-scope-select';
import { KioskDeviceTable } from './kiosk-device-table';
import { KioskRegisterForm } from './kiosk-register-form';
import { KioskTokenReveal } from './kiosk-token-reveal';

/** When this browser holds a kiosk token: says so, with a way to stop. */
function ThisBrowserKiosk() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [token, setToken] = useAtom(kioskTokenAtom);
  if (token === '') return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="this-browser-kiosk">
      <span>{t('settings.kiosks.thisBrowserIsKiosk')}</span>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        onClick={() => {
          setToken('');
          notify.success(t('settings.kiosks.thisBrowserStopped'));
        }}
      >
        {t('settings.kiosks.stopUsingThisBrowser')}
      </button>
    </div>
  );
}

/**
 * The registered kiosks of the caller's company (a SuperAdmin's of one company or of all): the rule they
 * bring, the list with revoking, and registering one with its token shown once.
 */
export function KioskDevices() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const user = useAtomValue(currentUserAtom);
  const superAdmin = user?.account_type === 'SuperAdmin';
  const [companyId, setCompanyId] = useState('');
  const [registered, setRegistered] = useState<RegisteredKiosk | null>(null);
  const devices = useKioskDevices(companyId || null);
  const companies = useCompanies(superAdmin);
  const companyNames = useMemo(
    () => (superAdmin ? new Map(companies.data?.items.map((company) => [company.id, company.name])) : null),
    [superAdmin, companies.data],
  );
  const mayChange = can('setting.update');

  return (
    <div className="flex flex-col gap-4" data-testid="kiosk-devices">
      <p className="text-base-content/70 text-sm">{t('settings.kiosks.rule')}</p>
      <ThisBrowserKiosk />
      {superAdmin ? (
        <CompanyScopeSelect
          label={t('settings.kiosks.scope')}
          noCompanyLabel={t('common.allCompanies')}
          value={companyId}
          onChange={setCompanyId}
          testId="kiosk-scope"
        />
      ) : null}
      <QueryState query={devices} />
      {devices.data ? <KioskDeviceTable devices={devices.data.items} companyNames={companyId ? null : companyNames} mayRevoke={mayChange} /> : null}
      {registered ? <KioskTokenReveal registered={registered} onDismiss={() => setRegistered(null)} /> : null}
      {mayChange ? <KioskRegisterForm key={companyId} chooseCompany={superAdmin} defaultCompanyId={companyId} onRegistered={setRegistered} /> : null}
    </div>
  );
}
