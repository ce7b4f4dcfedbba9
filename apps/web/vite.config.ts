import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// Issue 41: no source maps in a normal build — they were 14.9 MB of dist/, and a served map hands out the sources.
// A developer who needs them (to read a production stack trace) builds with PIPEWISE_SOURCEMAPS=1: the maps are
// written beside the chunks but 'hidden' (no sourceMappingURL comment, so no browser asks for them) and the server
// never sends a .map (apps/server/src/plugins/web.ts); load one into the browser's devtools by hand, or use
// `npm run dev -w @pipewise/web`, whose modules carry their maps.
const sourcemaps = process.env['PIPEWISE_SOURCEMAPS'] === '1';

// The API runs on :8080 (apps/server); in development Vite proxies /api so calls stay same-origin
// (the base URL is the current host, and the CSRF cookie is first-party).
export default defineConfig({
  plugins: [
    react(),
    // Issue 41: every emitted file gets a brotli (.br, best quality: built once, sent often) and a gzip (.gz) twin,
    // which the server sends by Accept-Encoding (@fastify/static preCompressed); a twin that is not smaller is
    // skipped and the file goes out as it is.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: [/\.map$/],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: sourcemaps ? 'hidden' : false,
    // The map route's largest chunk is MapLibre (1.08 MB minified, 231 KiB brotli; the map screen is a chunk of
    // 48 kB beside it since issue 41), loaded by /map and /planner only: above Vite's 500 kB default on every build,
    // a warning nobody acts on. The limit sits above it, so it warns when a chunk of the map route grows. What the login page loads is measured, not warned about (issue 15). A
    // manual chunk for maplibre-gl broke the module order of Rolldown's shared chunks (the login page did not start).
    chunkSizeWarningLimit: 1400,
  },
});
