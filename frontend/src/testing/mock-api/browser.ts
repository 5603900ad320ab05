import { systemClock } from '@ams/contracts';
import { setupWorker } from 'msw/browser';
import { createMockHandlers } from './handlers';
import { createMockDb } from './mock-db';

/** Where the build serves MSW's service worker in mock mode (see the mock-api plugin of vite.config.ts). */
export const MOCK_WORKER_URL = '/mockServiceWorker.js';

/**
 * Spec §7's mock API in the browser (VITE_API_MOCK=true): a service worker answers every /api call from the
 * route table's handlers and this page's in-memory fixtures (a reload starts them afresh); other requests
 * (the app's own files) go to the network.
 */
export async function startMockApi(): Promise<void> {
  const db = createMockDb(systemClock());
  const worker = setupWorker(...createMockHandlers(() => db));
  await worker.start({ serviceWorker: { url: MOCK_WORKER_URL }, onUnhandledRequest: 'bypass', quiet: true });
}
