import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/states';
import { useAttributions } from '../api/get-build-info';

interface Row {
  name: string;
  version: string;
  license: string;
  licenseFile: string | null;
  from?: string;
}

type Part = 'spa' | 'server' | 'models';
const parts: readonly Part[] = ['spa', 'server', 'models'];

/** Settings › Attributions: the licence of every third-party package and face model the product ships, made at build time. */
export function AttributionsSection() {
  const { t } = useTranslation();
  const attributions = useAttributions();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const rowsOf = (part: Part): Row[] => {
    if (!attributions.data) return [];
    const rows: Row[] = part === 'models' ? attributions.data.models.map((model) => ({ ...model, from: model.package })) : attributions.data[part];
    return needle ? rows.filter((row) => row.name.toLowerCase().includes(needle) || row.license.toLowerCase().includes(needle)) : rows;
  };
  return (
    <div className="flex flex-col gap-3" data-testid="attributions-section">
      <p className="text-base-content/70 text-sm">{t('settings.attributions.intro')}</p>
      <QueryState query={attributions} />
      {attributions.data ? (
        <>
          <label className="input w-full sm:w-72">
            <span className="label">{t('common.search')}</span>
            <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} data-testid="attributions-search" />
          </label>
          {parts.map((part) => {
            const rows = rowsOf(part);
            return (
              <details key={part} className="collapse-arrow bg-base-200 rounded-box collapse" data-testid={`attributions-${part}`} open={needle !== ''}>
                <summary className="collapse-title font-medium">{t(`settings.attributions.${part}`, { count: attributions.data[part].length })}</summary>
                <div className="collapse-content">
                  <DataTable
                    label={t(`settings.attributions.${part}`, { count: attributions.data[part].length })}
                    size="sm"
                    framed={false}
                    rows={rows}
                    rowKey={(row) => `${row.name}@${row.version}`}
                    emptyText={t('settings.attributions.none')}
                    columns={[
                      { key: 'name', header: t('settings.attributions.name'), cellClassName: 'font-medium break-all', cell: (row) => row.name },
                      { key: 'version', header: t('settings.attributions.version'), cell: (row) => row.version },
                      { key: 'license', header: t('settings.attributions.license'), cell: (row) => row.license },
                      {
                        key: 'file',
                        header: part === 'models' ? t('settings.attributions.shippedIn') : t('settings.attributions.licenseFile'),
                        cell: (row) => (part === 'models' ? row.from : (row.licenseFile ?? t('settings.attributions.noFile'))),
                      },
                    ]}
                  />
                </div>
              </details>
            );
          })}
        </>
      ) : null}
    </div>
  );
}
