import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { applyThemeToDocument, themeAtom } from '@/lib/theme';

/** Keeps the root element's classes and attributes in step with the stored theme. */
export function ThemeSync() {
  const theme = useAtomValue(themeAtom);
  useEffect(() => applyThemeToDocument(theme), [theme]);
  return null;
}
