import { defineConfig } from 'vitest/config';

// Browser tests: headless Debian Chromium via playwright-core against the whole stack (scripts/stack.ts).
// Build first (`npm run build` at the root); PostgreSQL, Redis and NATS must be up.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
