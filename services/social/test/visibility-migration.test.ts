import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { createPool, runMigrations } from '@mzansi/kit';
import { createTestDatabase } from '@mzansi/kit/testing';

/**
 * The migration that introduces question visibility keeps existing discussions readable: every question that
 * already has comments was public when they were posted, so it starts visible (later archives arrive as events).
 */
const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));
const TAG = '0002_question_visibility';
const cleanups: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The migrations folder as it was before `TAG`. */
function foldersBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'social-migr-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

it('backfills every question that has comments as visible', async () => {
  const db = await createTestDatabase('social_migr');
  const pool = createPool(db.url, 2);
  cleanups.push(() => db.drop(), () => pool.end());
  await runMigrations(pool, foldersBefore(TAG), 'social-test');
  const [withComments, alsoWithComments] = [randomUUID(), randomUUID()];
  for (const q of [withComments, withComments, alsoWithComments]) {
    await pool.query(`INSERT INTO comments (question_id, user_id, content) VALUES ($1, $2, 'older comment')`, [q, randomUUID()]);
  }
  await runMigrations(pool, MIGRATIONS, 'social-test');
  const { rows } = await pool.query('SELECT question_id, visible FROM question_visibility ORDER BY question_id');
  expect(rows).toEqual(
    [withComments, alsoWithComments].sort().map((id) => ({ question_id: id, visible: true })),
  );
});
