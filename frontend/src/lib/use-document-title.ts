import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab after the page (`Page · product`), so history, tabs and screen readers tell pages apart. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const product = t('app.title');
  useEffect(() => {
    document.title = `${title} · ${product}`;
    return () => {
      document.title = product;
    };
  }, [title, product]);
}
