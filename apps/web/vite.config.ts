import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress.ts';

const apiTarget = process.env.ARCHLINE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/services': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    // bench/bundle-size.mjs follows the manifest to measure what each route loads.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
  },
});
