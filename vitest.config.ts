import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package (browser tests have their own config: web/vitest.e2e.config.ts).
export default defineConfig({
  test: {
    projects: ['services/*/vitest.config.ts', 'gateway/vitest.config.ts', 'web/vitest.config.ts', 'tests/journeys/vitest.config.ts', 'tests/api/vitest.config.ts'],
  },
});
