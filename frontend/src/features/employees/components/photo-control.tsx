import { IMAGE_NOT_RECOGNIZED, type Employee } from '@ams/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { translateProblem, type KeyedFailure } from '@/lib/i18n';
import { useNotify } from '@/lib/use-notify';
import { useRemovePhoto } from '../api/remove-photo';
import { useUploadPhoto } from '../api/upload-photo';
import { PhotoFileButton } from '@/components/ui/photo-file-button';

/** Upload (the raw bytes; the server enrols the face) or remove the photo. */
export function PhotoControl({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<KeyedFailure | null>(null);
  const [confirming, setConfirming] = useState(false);

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    upload.mutate(
      { id: employee.id, photo: file },
      {
        onSuccess: () => notify.success(t('employees.photoSaved')),
        onError: (error) => {
          // 422: no face, several faces or not a photo: the spec's message, next to the control too.
          setProblem(error instanceof ApiError && error.status === 422 ? { message: IMAGE_NOT_RECOGNIZED, messageKey: 'imageNotRecognized' } : error);
          notify.failure(error);
        },
        onSettled: () => {
          // The same file may be chosen again after a failure.
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <PhotoFileButton
          className="btn-primary btn-sm"
          inputRef={input}
          disabled={upload.isPending}
          busy={upload.isPending}
          onFile={onFile}
          testId="photo-input"
        >
          {employee.image ? t('employees.replacePhoto') : t('employees.uploadPhoto')}
        </PhotoFileButton>
        {employee.image ? (
          <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setConfirming(true)}>
            {t('employees.removePhoto')}
          </button>
        ) : null}
      </div>
      <p className="text-base-content/70 text-xs">{t('employees.photoHint')}</p>
      {problem ? (
        <p role="alert" className="text-error text-sm" data-testid="photo-problem">
          {translateProblem(problem)}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('employees.removePhotoTitle', { name: employee.fullName })}
        confirmLabel={t('employees.removePhoto')}
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(employee.id, {
            onSuccess: () => notify.success(t('employees.photoRemoved')),
            onError: notify.failure,
            onSettled: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
