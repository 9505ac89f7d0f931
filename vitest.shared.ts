import { fileURLToPath } from 'node:url';
import { defineConfig, type TestUserConfig } from 'vitest/config';

/**
 * The vitest config of one package's (or test suite's) tests: rooted at the folder of the config file that calls it
 * (`import.meta.url`), in node, 60 s per test and hook; `test` overrides any of it.
 */
export function packageTestConfig(importMetaUrl: string, test: TestUserConfig = {}) {
  return defineConfig({
    root: fileURLToPath(new URL('.', importMetaUrl)),
    test: {
      environment: 'node',
      include: ['test/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 60_000,
      ...test,
    },
  });
}
