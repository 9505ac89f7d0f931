import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { logFormat, parseConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';

const schema = (env: NodeJS.ProcessEnv) => z.object({ LOG_FORMAT: logFormat(env) });
const parse = (env: NodeJS.ProcessEnv) => parseConfig(schema(env), env).LOG_FORMAT;
const tty = process.stdout.isTTY;

describe('LOG_FORMAT', () => {
  afterEach(() => {
    process.stdout.isTTY = tty;
  });

  it('defaults to pretty only in development on a terminal; json in tests, pipes and production; pretty is refused in production', () => {
    process.stdout.isTTY = true;
    expect(parse({ NODE_ENV: 'development' })).toBe('pretty');
    expect(parse({})).toBe('pretty');
    expect(parse({ NODE_ENV: 'test' })).toBe('json');
    expect(parse({ NODE_ENV: 'production' })).toBe('json');
    expect(() => parse({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' })).toThrow(/LOG_FORMAT/);
    process.stdout.isTTY = false;
    expect(parse({ NODE_ENV: 'development' })).toBe('json');
    expect(parse({ NODE_ENV: 'development', LOG_FORMAT: 'pretty' })).toBe('pretty');
    expect(() => parse({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
  });

  it('json writes one object per line; pretty writes readable lines, not JSON', () => {
    const logger = fileURLToPath(new URL('../src/logger.ts', import.meta.url));
    const run = (format: string) =>
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `import { createLogger } from ${JSON.stringify(logger)}; createLogger('kit-test', 'info', '${format}').info({ port: 5 }, 'service started');`], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    expect(JSON.parse(run('json'))).toMatchObject({ level: 'info', service: 'kit-test', port: 5, msg: 'service started' });
    const pretty = run('pretty');
    expect(pretty).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: service started\n\s+port: 5\n$/);
  });
});
