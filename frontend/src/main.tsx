import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { initI18n } from '@/lib/i18n';
import { appStore } from '@/lib/store';
import { applyThemeToDocument, themeAtom } from '@/lib/theme';
import './index.css';

// Before the first render, so a dark or right-to-left page never flashes in the defaults.
applyThemeToDocument(appStore.get(themeAtom));

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
// The texts of one language arrive with the first render, never a flash of keys.
void initI18n().then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
