import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { i18nCatalogues } from './i18n-catalogues';

// Unit tests (jsdom). Browser tests against the real stack: vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react(), i18nCatalogues()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
