import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Security tests: run from the repository root with
// `npx vitest run --config tests/security/vitest.config.ts` (build first; PostgreSQL, Redis and NATS up).
// Files run one after another: each starts its own services, databases, events namespace and Redis prefix.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'security',
    environment: 'node',
    include: ['tests/security/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
