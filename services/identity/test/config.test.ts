import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_INTERNAL_AUTH_KEYS, parseConfig } from '@mzansi/kit';
import { configSchema, DEV_ADMIN_PASSWORD } from '../src/config.js';

const prodEnv = (extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://identity@db.internal:5432/identity',
  INTERNAL_AUTH_KEYS: 'k1:a-long-production-internal-secret-0123456789',
  ADMIN_PASSWORD: 'a-long-production-admin-password',
  ...extra,
});

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    parseConfig(configSchema(env), env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  return [];
}

describe('identity configuration', () => {
  it('accepts a complete production configuration', () => {
    const config = parseConfig(configSchema(prodEnv()), prodEnv());
    expect(config).toMatchObject({ NODE_ENV: 'production', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'a-long-production-admin-password' });
  });

  it('refuses the development admin password in production, naming ADMIN_PASSWORD', () => {
    expect(DEV_ADMIN_PASSWORD).toBe('admin-dev-password');
    const problems = problemsOf(prodEnv({ ADMIN_PASSWORD: 'admin-dev-password' }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^ADMIN_PASSWORD: /);
    // The message names the variable and never echoes the secret.
    expect(problems[0]).not.toContain('admin-dev-password');
    const err = (() => {
      try {
        parseConfig(configSchema(prodEnv({ ADMIN_PASSWORD: 'admin-dev-password' })), prodEnv({ ADMIN_PASSWORD: 'admin-dev-password' }));
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err?.message).toContain('ADMIN_PASSWORD');
  });

  it('requires ADMIN_PASSWORD in production', () => {
    const problems = problemsOf(prodEnv({ ADMIN_PASSWORD: undefined }));
    expect(problems.some((p) => p.startsWith('ADMIN_PASSWORD:') && p.includes('missing'))).toBe(true);
  });

  it('refuses the development internal key in production', () => {
    const problems = problemsOf(prodEnv({ INTERNAL_AUTH_KEYS: DEV_INTERNAL_AUTH_KEYS }));
    expect(problems.map((p) => p.split(':')[0])).toEqual(['INTERNAL_AUTH_KEYS']);
  });

  it('uses the development admin password by default outside production', () => {
    const config = parseConfig(configSchema({ NODE_ENV: 'development' }), { NODE_ENV: 'development' });
    expect(config.ADMIN_PASSWORD).toBe('admin-dev-password');
    expect(config.ADMIN_USERNAME).toBe('admin');
  });

  it('refuses a bad ADMIN_USERNAME', () => {
    expect(problemsOf({ NODE_ENV: 'test', ADMIN_USERNAME: 'no spaces' }).map((p) => p.split(':')[0])).toEqual(['ADMIN_USERNAME']);
  });
});
