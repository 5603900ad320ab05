import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's heading; it also names the browser tab, so history and screen readers tell pages apart. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  const { t } = useTranslation();
  const product = t('app.title');
  useEffect(() => {
    document.title = `${title} · ${product}`;
    return () => {
      document.title = product;
    };
  }, [title, product]);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
