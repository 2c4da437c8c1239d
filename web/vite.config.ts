import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));

/** Where the dev server forwards API calls; the Tickscribe server listens on port 3000 by default. */
const apiTarget = process.env.TICKSCRIBE_API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/runtime-config.js': apiTarget,
    },
  },
});
