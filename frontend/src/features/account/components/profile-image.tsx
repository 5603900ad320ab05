import { useAtomValue } from 'jotai';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoFileButton } from '@/components/ui/photo-file-button';
import { translateKey } from '@/lib/i18n';
import { currentUserAtom } from '@/lib/session';
import { useNotify } from '@/lib/use-notify';
import { useRemoveProfileImage, useUploadProfileImage } from '../api/profile-image';

/** The profile image shown in the header's user menu: upload (JPEG, PNG or WebP; the server crops it square), or remove. */
export function ProfileImage() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const upload = useUploadProfileImage();
  const remove = useRemoveProfileImage();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const busy = upload.isPending || remove.isPending;
  const done = { onSuccess: () => notify.success(translateKey('changesSaved')), onError: notify.failure };
  return (
    <div className="bg-base-100 rounded-box flex flex-col gap-3 p-6" data-testid="profile-image">
      <h2 className="text-lg font-semibold">{t('profileImage.title')}</h2>
      <div className="flex flex-wrap items-center gap-4">
        <span className="avatar avatar-placeholder">
          <span className="bg-neutral text-neutral-content h-16 w-16 rounded-full">
            {user?.image ? (
              <img src={user.image} alt={t('profileImage.current')} data-testid="profile-image-preview" />
            ) : (
              <span aria-hidden="true">{user?.name.slice(0, 1).toUpperCase()}</span>
            )}
          </span>
        </span>
        <PhotoFileButton
          inputRef={input}
          disabled={busy}
          busy={busy}
          testId="profile-image-input"
          onFile={(file) => {
            if (file) upload.mutate(file, done);
            if (input.current) input.current.value = '';
          }}
        >
          {t('profileImage.choose')}
        </PhotoFileButton>
        {user?.image ? (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => remove.mutate(undefined, done)} data-testid="profile-image-remove">
            {t('profileImage.remove')}
          </button>
        ) : null}
      </div>
      <p className="text-base-content/70 text-sm">{t('profileImage.hint')}</p>
    </div>
  );
}
