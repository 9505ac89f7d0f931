import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseServiceEnv, ConfigError, DEV_INTERNAL_AUTH_KEYS, devSecret, internalAuthKeys, parseConfig, port } from '../src/config.js';

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  const schema = z.object({
    GRPC_PORT: port(50051),
    DATABASE_URL: z.string().url(),
    NAME: z.string().default('x'),
  });

  it('parses good values and applies defaults', () => {
    expect(parseConfig(schema, { GRPC_PORT: '4000', DATABASE_URL: 'postgres://h/db' })).toEqual({
      GRPC_PORT: 4000,
      DATABASE_URL: 'postgres://h/db',
      NAME: 'x',
    });
  });

  it('names a bad value and a missing value in one error', () => {
    const err = configError(() => parseConfig(schema, { GRPC_PORT: 'abc' }));
    expect(err.message).toContain('GRPC_PORT');
    expect(err.message).toContain('DATABASE_URL');
    expect(err.problems).toHaveLength(2);
    expect(err.problems.find((p) => p.startsWith('DATABASE_URL'))).toMatch(/\(missing\)/);
    expect(err.problems.find((p) => p.startsWith('GRPC_PORT'))).not.toMatch(/\(missing\)/);
  });

  it('rejects an out-of-range port', () => {
    const err = configError(() => parseConfig(schema, { GRPC_PORT: '70000', DATABASE_URL: 'postgres://h/db' }));
    expect(err.problems).toHaveLength(1);
    expect(err.message).toContain('GRPC_PORT');
  });
});

describe('devSecret', () => {
  const DEV_DEFAULT = 'dev-some-secret-not-for-production';
  const prod = { NODE_ENV: 'production' };
  const schemaFor = (env: NodeJS.ProcessEnv) => z.object({ SECRET: devSecret(DEV_DEFAULT, env) });

  it('refuses the development default in production', () => {
    const env = { ...prod, SECRET: DEV_DEFAULT };
    const err = configError(() => parseConfig(schemaFor(env), env));
    expect(err.message).toContain('SECRET');
    expect(err.message).toMatch(/development default is refused/);
  });

  it('refuses a missing value in production', () => {
    const err = configError(() => parseConfig(schemaFor(prod), prod));
    expect(err.message).toContain('SECRET');
    expect(err.message).toMatch(/missing/);
  });

  it('refuses a short value in production and accepts a real one', () => {
    const short = { ...prod, SECRET: 'short' };
    expect(configError(() => parseConfig(schemaFor(short), short)).message).toContain('SECRET');
    const good = { ...prod, SECRET: 'a-real-production-secret-0123456789' };
    expect(parseConfig(schemaFor(good), good).SECRET).toBe(good.SECRET);
  });

  it('accepts (and defaults to) the development default in development', () => {
    const dev = { NODE_ENV: 'development' };
    expect(parseConfig(schemaFor(dev), dev).SECRET).toBe(DEV_DEFAULT);
    const explicit = { NODE_ENV: 'development', SECRET: DEV_DEFAULT };
    expect(parseConfig(schemaFor(explicit), explicit).SECRET).toBe(DEV_DEFAULT);
  });
});

describe('baseServiceEnv', () => {
  const defaults = { grpcPort: 50051, metricsPort: 9464 };

  it('requires DATABASE_URL in production', () => {
    const env = { NODE_ENV: 'production', INTERNAL_AUTH_KEYS: 'k1:a-real-production-secret-0123456789' };
    const err = configError(() => parseConfig(baseServiceEnv('identity', defaults, env), env));
    expect(err.message).toContain('DATABASE_URL');
    expect(err.problems).toHaveLength(1);
  });

  it('names every problem at once in production', () => {
    const env = { NODE_ENV: 'production', GRPC_PORT: 'abc' };
    const err = configError(() => parseConfig(baseServiceEnv('identity', defaults, env), env));
    for (const name of ['DATABASE_URL', 'INTERNAL_AUTH_KEYS', 'GRPC_PORT']) expect(err.message).toContain(name);
  });

  it('has working development defaults', () => {
    const env = {};
    const cfg = parseConfig(baseServiceEnv('identity', defaults, env), env);
    expect(cfg).toMatchObject({
      NODE_ENV: 'development',
      GRPC_PORT: 50051,
      METRICS_PORT: 9464,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/identity',
      INTERNAL_AUTH_KEYS: [{ kid: 'dev', secret: DEV_INTERNAL_AUTH_KEYS.slice(4) }],
      BIND_HOST: '127.0.0.1',
      EVENTS_NAMESPACE: '',
    });
  });

  it('rejects an events namespace that is not lower-case', () => {
    const env = { EVENTS_NAMESPACE: 'Bad-NS' };
    expect(configError(() => parseConfig(baseServiceEnv('identity', defaults, env), env)).message).toContain('EVENTS_NAMESPACE');
  });
});

describe('INTERNAL_AUTH_KEYS', () => {
  const parse = (env: NodeJS.ProcessEnv) => parseConfig(z.object({ INTERNAL_AUTH_KEYS: internalAuthKeys(env) }), env).INTERNAL_AUTH_KEYS;
  const problem = (env: NodeJS.ProcessEnv) => configError(() => parse(env)).problems.join('\n');
  const strong = 'x'.repeat(32);

  it('parses kid:secret pairs in order: the first signs, every one verifies', () => {
    expect(parse({ INTERNAL_AUTH_KEYS: `new:${strong}a, old:${strong}:b` })).toEqual([
      { kid: 'new', secret: `${strong}a` },
      { kid: 'old', secret: `${strong}:b` },
    ]);
  });

  it('defaults to the development key outside production', () => {
    expect(parse({ NODE_ENV: 'development' })).toEqual([{ kid: 'dev', secret: DEV_INTERNAL_AUTH_KEYS.slice(4) }]);
  });

  it('refuses malformed lists, naming the variable', () => {
    for (const value of ['no-colon', ':secret-without-kid', 'kid:', 'bad kid:secret', 'a:one,a:two', ' , ']) {
      expect(problem({ NODE_ENV: 'development', INTERNAL_AUTH_KEYS: value }), value).toMatch(/^INTERNAL_AUTH_KEYS: /);
    }
  });

  it('in production: required, every secret at least 32 characters, never the development key', () => {
    expect(problem({ NODE_ENV: 'production' })).toMatch(/INTERNAL_AUTH_KEYS: .*missing/);
    expect(problem({ NODE_ENV: 'production', INTERNAL_AUTH_KEYS: `k2:${strong},k1:${'y'.repeat(31)}` })).toMatch(/at least 32 characters/);
    expect(problem({ NODE_ENV: 'production', INTERNAL_AUTH_KEYS: DEV_INTERNAL_AUTH_KEYS })).toMatch(/development default is refused/);
    expect(problem({ NODE_ENV: 'production', INTERNAL_AUTH_KEYS: `k2:${strong},prev${DEV_INTERNAL_AUTH_KEYS.slice(3)}` })).toMatch(/development default/);
    expect(parse({ NODE_ENV: 'production', INTERNAL_AUTH_KEYS: `k2:${strong}` })).toEqual([{ kid: 'k2', secret: strong }]);
  });
});
