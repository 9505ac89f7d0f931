import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Run from the repository root: `npx vitest run --config services/notification/vitest.config.ts`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
