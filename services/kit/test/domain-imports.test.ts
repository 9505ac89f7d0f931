import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Domain code is pure (ARCHITECTURE.md): `services/<name>/src/domain/**` imports other domain files, pure
 * libraries and the kit's pure subpaths (`@mzansi/kit/errors`, …), never the kit's barrel (which loads grpc, pg and
 * nats), a driver or a node I/O module. The kit's pure subpaths are held to the same rule, file by file.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const kitSrc = join(root, 'services/kit/src');

/** The kit's subpaths domain code may import, and the file each one is. */
const PURE_KIT_SUBPATHS: Record<string, string> = {
  '@mzansi/kit/auth': 'internal-auth.ts',
  '@mzansi/kit/clock': 'time.ts',
  '@mzansi/kit/errors': 'errors.ts',
  '@mzansi/kit/live': 'live.ts',
  '@mzansi/kit/messages': 'message-codes.ts',
  '@mzansi/kit/provinces': 'provinces.ts',
  '@mzansi/kit/text': 'text.ts',
};

/** Node's built-ins that compute without I/O. Every other built-in (fs, net, http, child_process, …) is I/O. */
const PURE_BUILTINS = new Set(['crypto', 'util', 'buffer', 'string_decoder', 'url', 'path', 'assert']);
const DRIVERS = [/^@grpc\//, /^grpc-/, /^pg($|-)/, /^nats($|\/)/, /^redis($|\/)/, /^ioredis($|\/)/, /^drizzle-orm($|\/)/, /^@opentelemetry\//, /^pino/, /^prom-client$/];

/** The specifiers a TypeScript file imports: static, re-exported, side-effect and dynamic. */
function importsOf(source: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const m of source.matchAll(re)) out.push((m[1] ?? m[2] ?? m[3])!);
  return out;
}

/** Why a domain file may not import `spec`, or undefined when it may. */
function refusal(spec: string, file: string, ownFolder: string): string | undefined {
  if (spec.startsWith('.')) {
    const target = resolve(dirname(file), spec);
    return relative(ownFolder, target).startsWith('..') ? 'reaches out of its folder' : undefined;
  }
  if (spec === '@mzansi/kit' || spec.startsWith('@mzansi/kit/')) return spec in PURE_KIT_SUBPATHS ? undefined : 'is not one of the kit’s pure subpaths';
  const bare = spec.replace(/^node:/, '');
  const name = bare.split('/')[0]!;
  if (spec.startsWith('node:') || builtinModules.includes(name)) return PURE_BUILTINS.has(name) ? undefined : 'is node I/O';
  if (DRIVERS.some((d) => d.test(spec))) return 'is a driver or transport';
  return undefined;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

function violations(files: string[], ownFolder: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const why = refusal(spec, file, ownFolder(file));
      if (why) found.push(`${relative(root, file)}: '${spec}' ${why}`);
    }
  }
  return found;
}

describe('domain code imports only what is pure', () => {
  const services = readdirSync(join(root, 'services'), { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'kit');
  const domainFolders = services.map((s) => join(root, 'services', s.name, 'src/domain'));

  it('finds the domain folders', () => {
    expect(domainFolders.length).toBeGreaterThanOrEqual(5);
    expect(domainFolders.flatMap(tsFiles).length).toBeGreaterThan(20);
  });

  it('no domain file imports the kit barrel, a driver, node I/O or code outside domain/', () => {
    const files = domainFolders.flatMap((folder) => tsFiles(folder).map((f) => [folder, f] as const));
    const folderOf = new Map(files.map(([folder, f]) => [f, folder]));
    expect(violations([...folderOf.keys()], (f) => folderOf.get(f)!)).toEqual([]);
  });

  it('the kit’s pure subpaths import nothing impure either, all the way down', () => {
    const seen = new Set<string>();
    const queue = Object.values(PURE_KIT_SUBPATHS).map((f) => join(kitSrc, f));
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      }
    }
    expect(violations([...seen], () => kitSrc)).toEqual([]);
  });

  it('the check itself refuses what it should', () => {
    const file = join(root, 'services/voting/src/domain/x.ts');
    const folder = dirname(file);
    for (const spec of ['@mzansi/kit', '@mzansi/kit/base', '@mzansi/kit/testing', '@grpc/grpc-js', 'pg', 'nats', 'redis', 'drizzle-orm', 'drizzle-orm/pg-core', 'node:fs', 'fs/promises', 'node:http', 'node:child_process', '../data-access/answer-writer.js']) {
      expect(refusal(spec, file, folder), spec).toBeDefined();
    }
    for (const spec of ['@mzansi/kit/errors', '@mzansi/kit/clock', 'node:crypto', 'zod', './scoring.js']) expect(refusal(spec, file, folder), spec).toBeUndefined();
    expect(importsOf("import a from 'x';\nimport type { B } from \"y\";\nexport * from './z.js';\nimport 'side';\nawait import('dyn');")).toEqual(['x', 'y', './z.js', 'side', 'dyn']);
  });
});
