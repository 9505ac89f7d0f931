import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@mzansi/kit';
import { configSchema, DEFAULT_MAIL_DIR } from '../src/config.js';

const parse = (env: NodeJS.ProcessEnv) => parseConfig(configSchema(env), env);

describe('config', () => {
  it('has development defaults', () => {
    const c = parse({});
    expect(c).toMatchObject({
      GRPC_PORT: 50055,
      METRICS_PORT: 9465,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/notification',
      MAIL_FROM: 'Mzansi Predicts <no-reply@mzansipredicts.local>',
      PUBLIC_URL: 'http://localhost:8080',
      PUSH_CONCURRENCY: 20,
      PUSH_BATCH_SIZE: 500,
      MAIL_DIR: DEFAULT_MAIL_DIR,
    });
    expect(DEFAULT_MAIL_DIR).toMatch(/\/\.dev\/mail$/);
    expect(c.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
  });

  it('requires VAPID keys, subject and SMTP in production, naming each', () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/notification', INTERNAL_AUTH_KEYS: `k1:${'x'.repeat(32)}` };
    let err: unknown;
    try {
      parse(env);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const text = (err as ConfigError).problems.join('\n');
    for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'SMTP_URL']) expect(text).toContain(key);
  });

  it('refuses one VAPID key without the other', () => {
    expect(() => parse({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it('reads the push allow-list (default the four browser push services) and refuses entries that are no host', () => {
    expect(parse({}).PUSH_ALLOWED_HOSTS).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com']);
    expect(parse({ PUSH_ALLOWED_HOSTS: ' FCM.googleapis.com, *.push.example ' }).PUSH_ALLOWED_HOSTS).toEqual(['fcm.googleapis.com', '*.push.example']);
    for (const bad of ['', '*', '*.com', 'http://fcm.googleapis.com', 'fcm.googleapis.com:443', 'a..b', 'fcm.googleapis.com,*']) {
      expect(() => parse({ PUSH_ALLOWED_HOSTS: bad }), bad).toThrow(/PUSH_ALLOWED_HOSTS/);
    }
  });

  it('takes one development push origin outside production, and refuses it in production', () => {
    expect(parse({ PUSH_DEV_ORIGIN: 'http://127.0.0.1:8099' }).PUSH_DEV_ORIGIN).toBe('http://127.0.0.1:8099');
    expect(() => parse({ PUSH_DEV_ORIGIN: 'http://127.0.0.1:8099/push' })).toThrow(/PUSH_DEV_ORIGIN/);
    expect(() => parse({ PUSH_DEV_ORIGIN: 'ftp://127.0.0.1' })).toThrow(/PUSH_DEV_ORIGIN/);
    const prod = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@db/notification',
      INTERNAL_AUTH_KEYS: `k1:${'x'.repeat(32)}`,
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'a'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@example.org',
      SMTP_URL: 'smtp://mail.example:587',
    };
    expect(parse(prod).PUSH_DEV_ORIGIN).toBeUndefined();
    expect(() => parse({ ...prod, PUSH_DEV_ORIGIN: 'http://127.0.0.1:8099' })).toThrow(/PUSH_DEV_ORIGIN is for development and tests only/);
  });
});
