import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildInfo } from './scripts/build-info-plugin.ts';
import { mockApiWorker } from './scripts/mock-api-plugin.ts';
import { precompressBuild } from './scripts/precompress-plugin.ts';
import { zodWithoutJsonSchema } from './scripts/zod-without-json-schema.ts';

// The dev server proxies the API to a running product (`pnpm start`, port 8080 unless API_TARGET says otherwise),
// or, with VITE_API_MOCK=true, the mock API answers it in the browser (spec §7, README).
export default defineConfig(({ mode }) => ({
  plugins: [
    zodWithoutJsonSchema(),
    react(),
    tailwindcss(),
    buildInfo(fileURLToPath(new URL('..', import.meta.url))),
    mockApiWorker(loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_').VITE_API_MOCK === 'true'),
    // The kiosk's offline worker: precaches the build so /clock reloads with no connection. Registered by the clock
    // page alone, with scope /clock (features/clock/offline/register-clock-worker.ts); its manifest is public/clock.webmanifest.
    VitePWA({
      injectRegister: false,
      manifest: false,
      filename: 'clock-sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest,woff2}'],
        globIgnores: ['mockServiceWorker.js'],
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: [/^\/clock(\/|$)/],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        clientsClaim: true,
        skipWaiting: true,
        cleanupOutdatedCaches: true,
      },
    }),
    // After the service worker is written: .br and .gz beside every text file, served by the gateway.
    precompressBuild(),
  ],
  resolve: {
    alias: [
      // Every `import … from 'zod'` (the SPA's and @ams/contracts') gets zod configured for the CSP first.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-configured.ts', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  // /health too: Settings › About shows the installation id it reports.
  server: {
    proxy: {
      '/api': { target: process.env.API_TARGET ?? 'http://localhost:8080', changeOrigin: false },
      '/health': { target: process.env.API_TARGET ?? 'http://localhost:8080', changeOrigin: false },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
}));
