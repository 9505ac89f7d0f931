import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests (jsdom). Browser tests against the real stack: vitest.e2e.config.ts.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
