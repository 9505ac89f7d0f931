import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The HTTP API end to end (issue 21): the gateway in front of the real services, in-process. The gateway's own
// tests (gateway/test/) start only the gateway, with stand-ins for the services. Part of `npx vitest run` (the root
// config's projects); alone: `npx vitest run --config tests/api/vitest.config.ts` (PostgreSQL, Redis and NATS up).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'api',
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
