import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Icon } from '@/components/ui/icon';
import { chooseLayoutAtom, controlSizes, layoutTypes, themeAtom, themeSchemas, updateThemeAtom } from '@/lib/theme';
import { useModalDialog } from '@/lib/use-modal-dialog';

const schemaSwatch: Record<(typeof themeSchemas)[number], string> = {
  '': '#2a85ff',
  dark: '#1f2937',
  green: '#0CAF60',
  purple: '#8C62FF',
  orange: '#fb732c',
};

/** The header's theme configuration (spec §2): mode, direction, layout, colour schema and control size. */
export function ThemePanel() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const theme = useAtomValue(themeAtom);
  const update = useSetAtom(updateThemeAtom);
  const chooseLayout = useSetAtom(chooseLayoutAtom);
  const dialog = useModalDialog(open);

  return (
    <>
      <button type="button" className="btn btn-ghost btn-square" onClick={() => setOpen(true)} aria-label={t('theme.open')} data-testid="theme-button">
        <Icon name="palette" />
      </button>
      <dialog ref={dialog} className="modal modal-end" aria-labelledby="theme-title" onClose={() => setOpen(false)}>
        <div className="modal-box flex h-full max-h-none w-full max-w-sm flex-col gap-5 rounded-none">
          <div className="flex items-center justify-between">
            <h2 id="theme-title" className="text-lg font-semibold">
              {t('theme.title')}
            </h2>
            <button type="button" className="btn btn-ghost btn-sm btn-square" onClick={() => setOpen(false)} aria-label={t('common.close')}>
              <Icon name="close" />
            </button>
          </div>

          <label className="flex cursor-pointer items-center justify-between gap-3">
            <span>{t('theme.darkMode')}</span>
            <input
              type="checkbox"
              className="toggle toggle-primary"
              checked={theme.mode === 'dark'}
              onChange={(event) => update({ mode: event.target.checked ? 'dark' : 'light' })}
              data-testid="dark-mode"
            />
          </label>

          <fieldset>
            <legend className="mb-2 font-medium">{t('theme.direction')}</legend>
            <div className="join">
              {(['ltr', 'rtl'] as const).map((direction) => (
                <button
                  key={direction}
                  type="button"
                  className={`btn join-item btn-sm ${theme.direction === direction ? 'btn-primary' : ''}`}
                  aria-pressed={theme.direction === direction}
                  onClick={() => update({ direction })}
                  data-testid={`direction-${direction}`}
                >
                  {t(`theme.${direction}`)}
                </button>
              ))}
            </div>
          </fieldset>

          <fieldset>
            <legend className="mb-2 font-medium">{t('theme.schema')}</legend>
            <div className="flex flex-wrap gap-2">
              {themeSchemas.map((schema) => (
                <button
                  key={schema || 'default'}
                  type="button"
                  className={`size-9 rounded-full border-2 ${theme.themeSchema === schema ? 'border-base-content ring-2 ring-offset-2 ring-base-content/40' : 'border-transparent'}`}
                  style={{ backgroundColor: schemaSwatch[schema] }}
                  aria-pressed={theme.themeSchema === schema}
                  aria-label={t(`theme.schemas.${schema || 'default'}`)}
                  title={t(`theme.schemas.${schema || 'default'}`)}
                  onClick={() => update({ themeSchema: schema })}
                  data-testid={`schema-${schema || 'default'}`}
                />
              ))}
            </div>
          </fieldset>

          <ChoiceSelect
            label={t('theme.layout')}
            layout="panel"
            value={theme.layout.type}
            choices={layoutTypes}
            textOf={(type) => t(`theme.layouts.${type}`)}
            onChoose={chooseLayout}
            testId="layout-select"
          />

          <ChoiceSelect
            label={t('theme.controlSize')}
            layout="panel"
            value={theme.controlSize}
            choices={controlSizes}
            textOf={(size) => t(`theme.sizes.${size}`)}
            onChoose={(controlSize) => update({ controlSize })}
            testId="control-size-select"
          />
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" aria-label={t('common.close')} tabIndex={-1}>
            {t('common.close')}
          </button>
        </form>
      </dialog>
    </>
  );
}
