import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves the API, the live channel and the service worker.
const gateway = process.env.MZANSI_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/ws': { target: gateway, ws: true, changeOrigin: true },
      '/sw.js': { target: gateway, changeOrigin: true },
    },
  },
});
