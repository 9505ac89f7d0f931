import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Cluster scenarios (issue 17): one cluster (scripts/cluster.ts) for the whole file, scenarios one after the other
// (they kill processes and servers). Run: `make test-cluster`.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    environment: 'node',
    include: ['**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 400_000,
    teardownTimeout: 60_000,
  },
});
