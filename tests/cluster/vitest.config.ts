import { packageTestConfig } from '../../vitest.shared.ts';

// Cluster scenarios: one cluster (scripts/cluster.ts) for the whole file, scenarios one after the other
// (they kill processes and servers). Run: `make test-cluster`.
export default packageTestConfig(import.meta.url, {
  include: ['**/*.test.ts'],
  fileParallelism: false,
  testTimeout: 300_000,
  hookTimeout: 400_000,
  teardownTimeout: 60_000,
});
