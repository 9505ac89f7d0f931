// The admin audit log identity keeps (append-only, one year) and identity's retention job, against the
// real identity service and its database, with a manual clock.
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, DEV_INTERNAL_KEYS, encodeEnvelope, EventNames, grpc } from '@mzansi/kit';
import { createTestDatabase, deleteTestStreams, eventually, expectGrpcError, serviceTestEnv, TEST_NATS_URL, testNamespace } from '@mzansi/kit/testing';
import { IdentityServiceClient, type User } from '@mzansi/proto/identity/v1/identity';
import { start } from '../src/main.js';
import { runIdentityRetention } from '../src/entry-points/jobs/retention.js';
import { ADMIN_PASSWORD, signUpReq } from './helpers.js';

const DAY = 24 * 3600_000;
let now = new Date();
const clock = () => now;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: string;
let svc: Awaited<ReturnType<typeof start>>;
let client: ReturnType<typeof createPromiseClient<IdentityServiceClient>>;
let sql: pg.Pool;
let nc: NatsConnection;
let admin: User;

beforeAll(async () => {
  db = await createTestDatabase('identity');
  ns = testNamespace();
  // The scheduled pass runs once at start; the tests call runIdentityRetention themselves with their clock.
  svc = await start(serviceTestEnv(db.url, ns, { RETENTION_INTERVAL_S: '86400' }), { clock });
  client = createPromiseClient(IdentityServiceClient, `127.0.0.1:${svc.grpcPort}`, { internalKeys: DEV_INTERNAL_KEYS });
  sql = new pg.Pool({ connectionString: db.url, max: 3 });
  nc = await connect({ servers: TEST_NATS_URL });
  admin = (await client.login({ username: 'admin', password: ADMIN_PASSWORD })).user!;
});

afterAll(async () => {
  client?.close();
  await nc?.close();
  await sql?.end();
  await svc?.stop();
  await deleteTestStreams(ns).catch(() => undefined);
  await db?.drop();
});

const asAdmin = () => ({ actor: { id: admin.id, isAdmin: true } });

async function insertEntry(occurredAt: Date, action = 'question.publish'): Promise<string> {
  const id = randomUUID();
  await sql.query(
    `INSERT INTO audit_log (id, occurred_at, actor_id, action, target_type, target_id, outcome, source)
     VALUES ($1, $2, $3, $4, 'question', $5, 'success', 'test')`,
    [id, occurredAt, admin.id, action, randomUUID()],
  );
  return id;
}

const sqlError = (p: Promise<unknown>) => p.then(() => undefined, (e: { code?: string; message?: string }) => e);

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, and a DELETE that names a cut-off less than a year ago', async () => {
    const id = await insertEntry(new Date(Date.now() - 10 * DAY));
    expect((await sqlError(sql.query(`UPDATE audit_log SET outcome = 'failure' WHERE id = $1`, [id])))?.code).toBe('42501');
    expect((await sqlError(sql.query(`DELETE FROM audit_log WHERE id = $1`, [id])))?.code).toBe('42501');
    expect((await sqlError(sql.query(`TRUNCATE audit_log`)))?.code).toBe('42501');
    // Even the retention path cannot shorten the year: a cut-off 30 days ago is refused by the trigger.
    const c = await sql.connect();
    try {
      await c.query('BEGIN');
      await c.query(`SELECT set_config('mzansi.audit_retention_cutoff', $1, true)`, [new Date(Date.now() - 30 * DAY).toISOString()]);
      expect((await sqlError(c.query(`DELETE FROM audit_log WHERE id = $1`, [id])))?.code).toBe('42501');
      await c.query('ROLLBACK');
    } finally {
      c.release();
    }
    expect((await sql.query(`SELECT outcome FROM audit_log WHERE id = $1`, [id])).rows).toEqual([{ outcome: 'success' }]);
  });
});

describe('retention (manual clock)', () => {
  it('deletes audit entries older than one year and expired verification links, nothing else', async () => {
    now = new Date();
    const old1 = await insertEntry(new Date(now.getTime() - 400 * DAY));
    const old2 = await insertEntry(new Date(now.getTime() - 366 * DAY));
    const kept = await insertEntry(new Date(now.getTime() - 300 * DAY));
    const { user } = await client.signUp({ ...signUpReq('ret_user'), email: 'ret@example.co.za' });
    expect((await sql.query(`SELECT 1 FROM email_verifications WHERE user_id = $1`, [user!.id])).rowCount).toBe(1);

    const first = await runIdentityRetention(svc.ctx.db, now);
    expect(first.auditEntries).toBeGreaterThanOrEqual(2);
    expect(first.verificationLinks).toBe(0); // the link is still valid
    const left = (await sql.query<{ id: string }>(`SELECT id FROM audit_log WHERE id = ANY($1::uuid[])`, [[old1, old2, kept]])).rows.map((r) => r.id);
    expect(left).toEqual([kept]);

    // 25 hours later the link has expired: it goes; the entry from 300 days ago stays until it is a year old.
    now = new Date(now.getTime() + 25 * 3600_000);
    expect(await runIdentityRetention(svc.ctx.db, now)).toEqual({ auditEntries: 0, verificationLinks: 1, resetLinks: 0 });
    expect((await sql.query(`SELECT 1 FROM audit_log WHERE id = $1`, [kept])).rowCount).toBe(1);
  });
});

describe('audit events from other services', () => {
  it('keeps each recorded action once (redelivery adds nothing) and lists newest first, with the actor, to admins only', async () => {
    const names = new EventNames(ns);
    const js = nc.jetstream();
    const at = new Date();
    const envelope = encodeEnvelope('questions.audit.recorded', {
      actorId: admin.id,
      action: 'question.resolve',
      targetType: 'question',
      targetId: randomUUID(),
      targetLabel: 'Will load-shedding end this winter',
      outcome: 'failure',
      detail: 'Question is not active',
      occurredAt: at,
    });
    // The same event twice, under two message ids (so JetStream's de-duplication does not hide the second).
    await js.publish(names.subject('questions.audit.recorded'), JSON.stringify(envelope), { msgID: randomUUID() });
    await js.publish(names.subject('questions.audit.recorded'), JSON.stringify(envelope), { msgID: randomUUID() });
    const social = encodeEnvelope('social.audit.recorded', {
      actorId: admin.id,
      action: 'comment.delete',
      targetType: 'comment',
      targetId: randomUUID(),
      targetLabel: '',
      outcome: 'success',
      detail: '',
      occurredAt: new Date(at.getTime() + 1000),
    });
    await js.publish(names.subject('social.audit.recorded'), JSON.stringify(social), { msgID: social.id });

    // A later event on the same stream: the consumer works in order, so once it is stored the duplicate was seen.
    const sentinel = encodeEnvelope('questions.audit.recorded', {
      actorId: admin.id,
      action: 'question.archive',
      targetType: 'question',
      targetId: randomUUID(),
      targetLabel: '',
      outcome: 'success',
      detail: '',
      occurredAt: new Date(at.getTime() - 1000),
    });
    await js.publish(names.subject('questions.audit.recorded'), JSON.stringify(sentinel), { msgID: sentinel.id });
    await eventually(async () => (await sql.query(`SELECT 1 FROM audit_log WHERE id = ANY($1::uuid[])`, [[sentinel.id, social.id]])).rowCount === 2, 10_000);
    expect((await sql.query(`SELECT 1 FROM audit_log WHERE target_id = $1`, [(envelope.data as { targetId: string }).targetId])).rowCount).toBe(1);
    expect((await sql.query(`SELECT source FROM audit_log WHERE id = ANY($1::uuid[]) ORDER BY source`, [[envelope.id, social.id]])).rows).toEqual([
      { source: 'questions' },
      { source: 'social' },
    ]);

    const page = await client.listAuditLog({ page: 1, pageSize: 3 }, asAdmin());
    expect(page.entries.map((e) => e.id)).toEqual([social.id, envelope.id, sentinel.id]);
    expect(page.entries.find((e) => e.id === envelope.id)).toMatchObject({
      actorId: admin.id,
      actorUsername: 'admin',
      action: 'question.resolve',
      outcome: 'failure',
      detail: 'Question is not active',
      source: 'questions',
    });
    expect(Number(page.total)).toBeGreaterThanOrEqual(2);
    const second = await client.listAuditLog({ page: 2, pageSize: 3 }, asAdmin());
    expect(second.entries.map((e) => e.id)).not.toContain(social.id);

    const { user } = await client.signUp(signUpReq('not_admin'));
    await expectGrpcError(client.listAuditLog({ page: 1, pageSize: 10 }, { actor: { id: user!.id, isAdmin: false } }), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(client.listAuditLog({ page: 1, pageSize: 10 }), grpc.status.UNAUTHENTICATED);
  });
});
