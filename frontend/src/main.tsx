import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { initI18n } from '@/lib/i18n';
import { watchHistoryPops } from '@/lib/leave-guard';
import { appStore } from '@/lib/store';
import { applyThemeToDocument, themeAtom } from '@/lib/theme';
import './index.css';

// Before the first render, so a dark or right-to-left page never flashes in the defaults.
applyThemeToDocument(appStore.get(themeAtom));

// Before the router listens, so Back and Forward past a form with unsaved changes can be held (lib/leave-guard).
watchHistoryPops();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
/**
 * Spec §7: with VITE_API_MOCK=true at build or dev time, a service worker answers the API from fixtures before
 * the first call. Vite replaces the flag at build time, so without it the import (MSW, the fixtures) is dropped.
 */
async function startMockApiIfConfigured(): Promise<void> {
  if (import.meta.env.VITE_API_MOCK === 'true') await (await import('@/testing/mock-api/browser')).startMockApi();
}

// The texts of one language arrive with the first render, never a flash of keys.
void Promise.all([initI18n(), startMockApiIfConfigured()]).then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
