import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on :8080 (apps/server); in development Vite proxies /api so calls stay same-origin
// (the base URL is the current host, and the CSRF cookie is first-party).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
