/** The clock's service worker, built by vite-plugin-pwa (vite.config.ts). */
const CLOCK_WORKER = '/clock-sw.js';
const CLOCK_MANIFEST = '/clock.webmanifest';

/**
 * Makes /clock installable and able to reload with no connection: links its web app manifest and registers the
 * service worker that precaches the built app. Its scope is /clock, so it serves the kiosk page and nothing else;
 * the other pages never pass through it. Production builds only (the dev server and the mock API have their own).
 */
export function registerClockWorker(): void {
  if (!import.meta.env.PROD || import.meta.env.VITE_API_MOCK === 'true' || !('serviceWorker' in navigator)) return;
  if (!document.querySelector(`link[rel="manifest"][href="${CLOCK_MANIFEST}"]`)) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = CLOCK_MANIFEST;
    document.head.append(link);
  }
  // A kiosk without the worker still clocks online; it only cannot reload offline.
  navigator.serviceWorker.register(CLOCK_WORKER, { scope: '/clock' }).catch(() => undefined);
}
