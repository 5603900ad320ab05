import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server proxies the API to a running product (`pnpm start`, port 8080 unless API_TARGET says otherwise).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:8080', changeOrigin: false } } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
});
