import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The page's heading; it also names the browser tab, so history and screen readers tell pages apart. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
