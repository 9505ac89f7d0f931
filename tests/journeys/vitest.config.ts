import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Journeys across services (issue 21): each service's own tests start only that service and publish the events it
// consumes; what runs through several services lives here. Part of `npx vitest run` (the root config's projects);
// alone: `npx vitest run --config tests/journeys/vitest.config.ts` (build first; PostgreSQL and NATS up).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'journeys',
    environment: 'node',
    include: ['tests/journeys/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
