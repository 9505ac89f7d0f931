import { defineConfig } from 'vitest/config';

// Manifest validation: kustomize overlays (kubectl kustomize) and the Helm chart (test-only renderer on Go's
// text/template + sprig, see helm-render/main.go). Run by `make test-manifests` (it installs Go + sprig first).
export default defineConfig({
  test: {
    include: ['tests/manifests/**/*.test.ts'],
    root: new URL('../..', import.meta.url).pathname,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
