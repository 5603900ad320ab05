import { useTranslation } from 'react-i18next';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-8 text-base-content/70">
      <span className="loading loading-spinner loading-md" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
