import type { Settings } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/states';
import { currentUserAtom } from '@/lib/session';
import { useAuthorization } from '@/lib/authorization';
import { useSettings } from '@/lib/settings-query';
import { CompanyScopeSelect } from './company-scope-select';

export interface ScopedFormProps {
  settings: Settings;
  /** Whose settings: a company, the organisation's defaults (null), or, for an Admin, left to the server (undefined). */
  target: string | null | undefined;
  readOnly: boolean;
}

/**
 * A settings form over a scope: a SuperAdmin picks the organisation's defaults or a company; an Admin edits its
 * company's. The form is drawn afresh for each scope and each save.
 */
export function ScopedSettings({ scopeTestId, children }: { scopeTestId: string; children: (props: ScopedFormProps) => ReactNode }) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const user = useAtomValue(currentUserAtom);
  const superAdmin = user?.account_type === 'SuperAdmin';
  const [companyId, setCompanyId] = useState('');
  const settings = useSettings(companyId || null);
  const target = superAdmin ? companyId || null : undefined;
  const followsDefaults = settings.data !== undefined && settings.data.companyId !== null && !settings.data.customised;

  return (
    <div className="flex flex-col gap-3">
      {superAdmin ? (
        <CompanyScopeSelect label={t('settings.scope')} noCompanyLabel={t('settings.organisationDefaults')} value={companyId} onChange={setCompanyId} testId={scopeTestId} />
      ) : null}
      {followsDefaults ? <p className="text-base-content/70 text-sm">{t('settings.followsDefaults')}</p> : null}
      <QueryState query={settings} />
      {settings.data ? (
        <div key={`${companyId}:${settings.data.updatedAt ?? ''}`}>{children({ settings: settings.data, target, readOnly: !can('setting.update') })}</div>
      ) : null}
    </div>
  );
}
