import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const GATEWAY = fileURLToPath(new URL('..', import.meta.url));

/**
 * Loads the built gateway (`dist/main.js`, as its pods start it, not run as the entry point) in a fresh Node with
 * a resolve hook, and reports every package it pulled in and its RSS. Why: on Node 24, importing drizzle-orm
 * left a process ~100 MB larger (V8's young generation grows during the import and never shrinks), and the
 * gateway owns no tables.
 */
function loadGateway(nodeOptions: string[]) {
  const script = `
    import { registerHooks } from 'node:module';
    const urls = new Set();
    registerHooks({ resolve(s, c, next) { const r = next(s, c); urls.add(r.url); return r; } });
    await import('./dist/main.js');
    const packages = new Set([...urls].map((u) => u.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//)?.[1]).filter(Boolean));
    console.log(JSON.stringify({ packages: [...packages], rssMb: process.memoryUsage().rss / 1048576 }));
    process.exit(0);`;
  const out = execFileSync(process.execPath, [...nodeOptions, '--input-type=module', '-e', script], { cwd: GATEWAY, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as { packages: string[]; rssMb: number };
}

describe('gateway footprint', () => {
  it('loads no database code: no drizzle-orm, no pg', () => {
    const { packages } = loadGateway([]);
    expect(packages).toContain('express'); // the hook saw the gateway's imports
    expect(packages).not.toContain('drizzle-orm');
    expect(packages).not.toContain('pg');
  });

  it('starts small with its deployed NODE_OPTIONS (bounded young generation): RSS after loading under 160 MB', () => {
    const { rssMb } = loadGateway(['--max-old-space-size=256', '--max-semi-space-size=16']);
    expect(rssMb).toBeLessThan(160);
  });
});
