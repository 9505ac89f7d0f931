import { packageTestConfig } from '../../vitest.shared.ts';

// Fault-injection tests (data integrity): the whole system as real processes, one scenario per file,
// files one after the other (they kill processes and servers). Run: `make test-faults`.
export default packageTestConfig(import.meta.url, {
  include: ['**/*.test.ts'],
  fileParallelism: false,
  testTimeout: 300_000,
  hookTimeout: 180_000,
  teardownTimeout: 60_000,
});
