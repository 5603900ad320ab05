import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoFileButton } from '@/components/ui/photo-file-button';

interface PhotoPickProps {
  photo: File | null;
  onPhoto: (photo: File | null) => void;
  disabled?: boolean;
}

/** The create form's photo: chosen here, uploaded (and its face enrolled) right after the employee is created. */
export function PhotoPick({ photo, onPhoto, disabled = false }: PhotoPickProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const clear = () => {
    onPhoto(null);
    if (input.current) input.current.value = '';
  };
  return (
    <div className="fieldset py-1 md:col-span-2">
      <span className="fieldset-legend pb-1 text-sm font-medium">{t('employees.photo')}</span>
      <div className="flex flex-wrap items-center gap-2">
        <PhotoFileButton
          className="btn-sm"
          inputRef={input}
          disabled={disabled}
          describedBy={hintId}
          onFile={(file) => onPhoto(file ?? null)}
          testId="create-photo-input"
        >
          {photo ? t('employees.replacePhoto') : t('employees.choosePhoto')}
        </PhotoFileButton>
        {photo ? (
          <>
            <span className="text-sm break-all" data-testid="chosen-photo">
              {photo.name}
            </span>
            <button type="button" className="btn btn-ghost btn-sm" onClick={clear} disabled={disabled}>
              {t('employees.clearPhoto')}
            </button>
          </>
        ) : null}
      </div>
      <p id={hintId} className="label text-xs whitespace-normal">
        {t('employees.photoHint')}
      </p>
    </div>
  );
}
