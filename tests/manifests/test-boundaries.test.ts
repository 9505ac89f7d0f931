// A package's tests start only that package and import only their own package, the kit and the contracts (the gRPC
// protos and the HTTP contract, @mzansi/api: what the package serves or calls is described there).
// Journeys through several packages live in tests/ (tests/api, tests/journeys, …), which may import any package.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './render.js';

/** The workspace packages whose tests are held to the rule, each with its folder. */
function packages(): { name: string; dir: string }[] {
  const services = readdirSync(path.join(ROOT, 'services'), { withFileTypes: true }).filter((e) => e.isDirectory());
  return [{ name: 'gateway', dir: 'gateway' }, ...services.map((e) => ({ name: e.name, dir: `services/${e.name}` }))];
}

/** Folders of other packages a test must not reach into (by relative path). */
const OTHER_PACKAGES = [/^gateway\//, /^services\/[^/]+\//, /^web\//, /^proto\//, /^api\//];

/** The other workspace packages' names a test may import: the kit (all its subpaths), the generated protos and the HTTP contract. */
const SHARED = /^@mzansi\/(kit|proto|api)($|\/)/;

/** Why `spec`, imported by `file` (relative to ROOT) of the package in `own`, breaks the rule; undefined if it does not. */
function refusal(spec: string, file: string, own: string): string | undefined {
  if (spec.startsWith('.')) {
    const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec));
    if (target.startsWith(`${own}/`)) return undefined;
    return OTHER_PACKAGES.some((p) => p.test(target)) ? `reaches into ${target}` : undefined;
  }
  return spec.startsWith('@mzansi/') && !SHARED.test(spec) ? 'is another package' : undefined;
}

/** Every specifier a TypeScript file imports or re-exports, static or dynamic. */
function specifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

function testFiles(dir: string): string[] {
  const tests = path.join(ROOT, dir, 'test');
  return readdirSync(tests, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

describe("a package's tests import only their package, the kit and the contracts", () => {
  it('finds the tests of the gateway and every service', () => {
    const found = packages().filter((p) => testFiles(p.dir).length > 0);
    expect(found.map((p) => p.name)).toEqual(expect.arrayContaining(['gateway', 'identity', 'questions', 'voting', 'social', 'notification', 'kit']));
  });

  it('no test file imports another package’s source or tests', () => {
    const found: string[] = [];
    for (const p of packages()) {
      for (const file of testFiles(p.dir)) {
        for (const spec of specifiers(readFileSync(path.join(ROOT, file), 'utf8'))) {
          const why = refusal(spec, file, p.dir);
          if (why) found.push(`${file}: '${spec}' ${why}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the check itself refuses what it should', () => {
    const file = 'gateway/test/x.test.ts';
    for (const spec of ['../../services/voting/src/main.js', '../../services/kit/src/index.js', '../../web/src/i18n/index.js', '../../api/src/routes.js', '@mzansi/voting', '@mzansi/web']) {
      expect(refusal(spec, file, 'gateway'), spec).toBeDefined();
    }
    for (const spec of ['../src/main.js', './helpers.js', '@mzansi/kit', '@mzansi/kit/testing', '@mzansi/proto/voting/v1/voting', '@mzansi/api', '@mzansi/api/rules', 'redis', 'node:fs']) {
      expect(refusal(spec, file, 'gateway'), spec).toBeUndefined();
    }
    expect(refusal('../../voting/src/main.js', 'services/social/test/x.test.ts', 'services/social')).toBeDefined();
    expect(specifiers("import a from 'x';\nimport type { B } from \"y\";\nexport * from './z.js';\nimport 'side';\nawait import('dyn');")).toEqual(['x', 'y', './z.js', 'side', 'dyn']);
  });
});
