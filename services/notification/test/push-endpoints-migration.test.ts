import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { createPool, runMigrations } from '@mzansi/kit';
import { createTestDatabase } from '@mzansi/kit/testing';

/**
 * The migration that brings stored push subscriptions under the endpoint rule: those that break it (plain http, an
 * internal address, another port, a user name, a host off the default allow-list) are removed, the browsers' stay.
 */
const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
const TAG = '0003_push_endpoints';
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The migrations folder as it was before `tag`. */
function folderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'notification-migr-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string; when: number }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  expect(journal.entries[at]!.when).toBe(1795900000000);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

const KEPT = [
  'https://fcm.googleapis.com/fcm/send/abc:APA91b',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
  'https://web.push.apple.com/QGuQyavXutnMEOeu',
  'https://wns2-db5p.notify.windows.com/w/?token=BQYAAAB',
  'https://FCM.googleapis.com:443/fcm/send/upper',
];
const REMOVED = [
  'http://127.0.0.1:50051/identity.v1.IdentityService/Login',
  'http://[::1]:6379/',
  'http://169.254.169.254/latest/meta-data/',
  'https://10.0.0.5/push',
  'http://fcm.googleapis.com/fcm/send/http',
  'https://fcm.googleapis.com:8443/fcm/send/port',
  'https://user:pw@fcm.googleapis.com/fcm/send/userinfo',
  'https://fcm.googleapis.com@127.0.0.1/fcm/send/hidden',
  'https://fcm.googleapis.com.evil.example/fcm/send/suffix',
  'https://notify.windows.com/w/bare',
  'https://push.example.net/wpush/other',
];

it('removes the stored subscriptions that break the rule and keeps the browsers’', async () => {
  const db = await createTestDatabase('notification_migr');
  const pool = createPool(db.url, 2);
  cleanups.push(() => db.drop(), () => pool.end());
  await runMigrations(pool, folderBefore(TAG), 'notification-test');
  for (const endpoint of [...KEPT, ...REMOVED]) {
    await pool.query('INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, $3, $4)', [endpoint, randomUUID(), 'k', 'a']);
  }
  await runMigrations(pool, MIGRATIONS, 'notification-test');
  const { rows } = await pool.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions');
  expect(rows.map((r) => r.endpoint).sort()).toEqual([...KEPT].sort());
});
