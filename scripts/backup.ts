/**
 * Backups and the restore drill.
 *
 * `npx tsx scripts/backup.ts <admin-url> <folder> [db …]` dumps every service database (default: identity,
 * questions, voting, social, notification) with pg_dump in custom format. Each dump runs on a snapshot exported by
 * a REPEATABLE READ transaction that also counts every table's rows and the vote totals, so the manifest written
 * next to the dumps (manifest.json) states exactly what the backup holds, even when it is taken during a burst.
 * Point-in-time recovery comes from the WAL archive (archive_command; scripts/cluster.ts sets one up) replayed on a
 * pg_basebackup; the dumps are the per-service, portable copy.
 *
 * `restoreDrill(folder, adminUrl)` restores every dump into databases on a fresh server and compares the counts
 * and vote totals with the manifest.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const DEFAULT_DBS = ['identity', 'questions', 'voting', 'social', 'notification'];

export interface DatabaseManifest {
  database: string;
  file: string;
  /** Rows per table (schema-qualified) at the backup's snapshot. */
  rows: Record<string, number>;
  /** For the voting database: answers by question and option, and option_counts' totals. */
  votes?: { answers: Record<string, number>; counters: Record<string, number> };
}

export interface BackupManifest {
  takenAt: string;
  databases: DatabaseManifest[];
  ms: number;
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${path.basename(cmd)} ${args.join(' ')} failed (${code}): ${out}`))));
  });
}

function dbUrl(admin: string, db: string): string {
  const u = new URL(admin);
  u.pathname = `/${db}`;
  return u.toString();
}

/** Every table's row count and, for voting, the vote totals, as the open transaction of `c` sees them. */
async function counts(c: pg.ClientBase): Promise<Pick<DatabaseManifest, 'rows' | 'votes'>> {
  const tables = (
    await c.query<{ t: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS t FROM pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    )
  ).rows.map((r) => r.t);
  const rows: Record<string, number> = {};
  for (const t of tables) rows[t] = Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${t}`)).rows[0]!.n);
  if (!tables.includes('public.answers') || !tables.includes('public.option_counts')) return { rows };
  const answers: Record<string, number> = {};
  for (const r of (await c.query<{ k: string; n: string }>(`SELECT question_id || '/' || option_id AS k, count(*) AS n FROM answers GROUP BY 1 ORDER BY 1`)).rows) answers[r.k] = Number(r.n);
  const counters: Record<string, number> = {};
  for (const r of (await c.query<{ k: string; n: string }>(`SELECT question_id || '/' || option_id AS k, sum(count) AS n FROM option_counts GROUP BY 1 ORDER BY 1`)).rows)
    if (Number(r.n) !== 0) counters[r.k] = Number(r.n);
  return { rows, votes: { answers, counters } };
}

/** pg_dump of `db` on the snapshot of a transaction that counts what it holds. */
async function backupDatabase(adminUrl: string, db: string, folder: string): Promise<DatabaseManifest> {
  const c = new pg.Client({ connectionString: dbUrl(adminUrl, db) });
  await c.connect();
  try {
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await c.query<{ s: string }>('SELECT pg_export_snapshot() AS s')).rows[0]!.s;
    const file = `${db}.dump`;
    const dump = run(`${PG_BIN}/pg_dump`, ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--file', path.join(folder, file), dbUrl(adminUrl, db)]);
    const counted = await counts(c);
    await dump;
    await c.query('COMMIT');
    return { database: db, file, ...counted };
  } finally {
    await c.end().catch(() => undefined);
  }
}

export async function backup(adminUrl: string, folder: string, databases = DEFAULT_DBS): Promise<BackupManifest> {
  const started = Date.now();
  mkdirSync(folder, { recursive: true });
  const takenAt = new Date().toISOString();
  const manifests = await Promise.all(databases.map((db) => backupDatabase(adminUrl, db, folder)));
  const manifest: BackupManifest = { takenAt, databases: manifests, ms: Date.now() - started };
  writeFileSync(path.join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

export interface DrillResult {
  database: string;
  tables: number;
  rows: number;
  mismatches: string[];
}

/** Restores every dump of `folder` into new databases on `adminUrl` and compares with the manifest. */
export async function restoreDrill(folder: string, adminUrl: string, suffix = ''): Promise<{ results: DrillResult[]; ms: number }> {
  const started = Date.now();
  const manifest = JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const results: DrillResult[] = [];
  try {
    for (const m of manifest.databases) {
      const target = `${m.database}${suffix}`;
      await admin.query(`CREATE DATABASE "${target}"`);
      await run(`${PG_BIN}/pg_restore`, ['--no-owner', '--exit-on-error', '--dbname', dbUrl(adminUrl, target), path.join(folder, m.file)]);
      const c = new pg.Client({ connectionString: dbUrl(adminUrl, target) });
      await c.connect();
      try {
        const restored = await counts(c);
        const mismatches: string[] = [];
        for (const [t, n] of Object.entries(m.rows)) if (restored.rows[t] !== n) mismatches.push(`${t}: ${restored.rows[t]} rows, the backup holds ${n}`);
        if (JSON.stringify(restored.votes) !== JSON.stringify(m.votes)) mismatches.push('vote totals differ');
        results.push({ database: m.database, tables: Object.keys(m.rows).length, rows: Object.values(m.rows).reduce((a, b) => a + b, 0), mismatches });
      } finally {
        await c.end();
      }
    }
  } finally {
    await admin.end();
  }
  return { results, ms: Date.now() - started };
}

const invoked = process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href;
if (invoked) {
  const [adminUrl, folder, ...dbs] = process.argv.slice(2);
  if (!adminUrl || !folder) {
    console.error('usage: npx tsx scripts/backup.ts <postgres admin url> <folder> [database …]');
    process.exit(2);
  }
  const m = await backup(adminUrl, folder, dbs.length ? dbs : undefined);
  for (const d of m.databases) console.log(`${d.database}: ${Object.values(d.rows).reduce((a, b) => a + b, 0)} rows in ${Object.keys(d.rows).length} tables → ${path.join(folder, d.file)}`);
  console.log(`backup taken at ${m.takenAt} in ${m.ms} ms; manifest ${path.join(folder, 'manifest.json')}`);
}
