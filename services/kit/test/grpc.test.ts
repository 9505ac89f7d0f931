import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityServiceClient } from '@mzansi/proto/identity/v1/identity';
import { ACTOR_TOKEN_HEADER, audienceOf, createPromiseClient, grpc, type GrpcServerHandle, type PromiseClient } from '../src/grpc.js';
import { ActorTokenSigner } from '../src/internal-auth.js';
import { eventually } from '../src/testing.js';
import { check, grpcError, healthClient, KEYS, startFake } from './grpc-fake.js';

describe('audienceOf', () => {
  it('is the proto package of the client: the service the call goes to', () => {
    expect(audienceOf(IdentityServiceClient.service)).toBe('identity');
  });
});

describe('gRPC server and promise client', () => {
  let server: GrpcServerHandle;
  let client: PromiseClient<InstanceType<typeof IdentityServiceClient>>;

  beforeAll(async () => {
    server = await startFake();
    client = createPromiseClient(IdentityServiceClient, `127.0.0.1:${server.port}`, { internalKeys: KEYS });
  });

  afterAll(async () => {
    client?.close();
    await server?.shutdown(1_000);
  });

  it('answers a call', async () => {
    const res = await client.getUser({ id: 'abc' });
    expect(res.user?.id).toBe('abc');
    expect(res.user?.joinDate).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it('maps a domain error to its status with its message', async () => {
    const err = await grpcError(client.getUser({ id: 'missing' }));
    expect(err.code).toBe(grpc.status.NOT_FOUND);
    expect(err.details).toBe('User not found');
  });

  it('maps an unexpected error to INTERNAL without leaking it', async () => {
    const err = await grpcError(client.getUser({ id: 'boom' }));
    expect(err.code).toBe(grpc.status.INTERNAL);
    expect(err.details).toBe('Internal error');
    expect(err.message).not.toMatch(/hunter2|secret\.ts/);
  });

  it('brings the acting user to ctx.actor, and UNAUTHENTICATED without one', async () => {
    const actor = { id: randomUUID(), isAdmin: true };
    const res = await client.getUser({ id: 'me' }, { actor });
    expect(res.user).toMatchObject({ id: actor.id, isAdmin: true });

    const err = await grpcError(client.getUser({ id: 'me' }));
    expect(err.code).toBe(grpc.status.UNAUTHENTICATED);
  });

  it('ignores an actor token signed with another secret, for another service, expired or tampered (UNAUTHENTICATED)', async () => {
    const actor = { id: randomUUID(), isAdmin: true };
    const address = `127.0.0.1:${server.port}`;
    const clients = {
      'another secret under the same kid': createPromiseClient(IdentityServiceClient, address, { internalKeys: [{ kid: 'k1', secret: 'not-the-server-secret-0123456789' }] }),
      'an unknown kid': createPromiseClient(IdentityServiceClient, address, { internalKeys: [{ kid: 'k9', secret: KEYS[0]!.secret }] }),
      'another audience': createPromiseClient(IdentityServiceClient, address, { internalKeys: KEYS, audience: 'voting' }),
      // Signed 61 s ago with a 60 s lifetime.
      expired: createPromiseClient(IdentityServiceClient, address, { internalKeys: KEYS, clock: () => new Date(Date.now() - 61_000) }),
    };
    try {
      for (const [name, c] of Object.entries(clients)) {
        const err = await grpcError(c.getUser({ id: 'me' }, { actor }));
        expect(err.code, name).toBe(grpc.status.UNAUTHENTICATED);
      }
    } finally {
      for (const c of Object.values(clients)) c.close();
    }

    // A real token with its payload edited (promoted to admin, another user): the signature no longer matches.
    const token = await new ActorTokenSigner(KEYS, 'identity').token({ id: actor.id, isAdmin: false });
    const [header, payload, sig] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const raw = new IdentityServiceClient(address, grpc.credentials.createInsecure());
    const rawCall = (md: grpc.Metadata) =>
      new Promise<grpc.status>((resolve) => raw.getUser({ id: 'me' }, md, (err) => resolve(err ? err.code : grpc.status.OK)));
    const withToken = (t: string) => {
      const md = new grpc.Metadata();
      md.set(ACTOR_TOKEN_HEADER, t);
      return md;
    };
    try {
      expect(await rawCall(withToken(token))).toBe(grpc.status.OK);
      for (const edit of [{ isAdmin: true }, { sub: randomUUID() }, { exp: claims.exp + 3600 }]) {
        const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, ...edit })).toString('base64url')}.${sig}`;
        expect(await rawCall(withToken(forged)), JSON.stringify(edit)).toBe(grpc.status.UNAUTHENTICATED);
      }
      // The old HMAC headers mean nothing any more.
      const legacy = new grpc.Metadata();
      legacy.set('x-actor', `${actor.id}|1`);
      legacy.set('x-actor-sig', 'AAAA');
      expect(await rawCall(legacy)).toBe(grpc.status.UNAUTHENTICATED);
    } finally {
      raw.close();
    }
  });

  it('passes the request id through', async () => {
    const res = await client.getUser({ id: 'request-id' }, { requestId: 'req-42' });
    expect(res.user?.id).toBe('req-42');
  });

  it('gives DEADLINE_EXCEEDED when the handler outlasts the deadline', async () => {
    const started = Date.now();
    const err = await grpcError(client.getUser({ id: 'slow-500' }, { deadlineMs: 50 }));
    expect(err.code).toBe(grpc.status.DEADLINE_EXCEEDED);
    expect(Date.now() - started).toBeLessThan(450);
  });

  it('answers health checks: SERVING, then NOT_SERVING once shutdown begins', async () => {
    const own = await startFake();
    const health = healthClient(own.port);
    try {
      expect(await check(health)).toBe('SERVING');

      // A watcher that is connected when the shutdown begins is told NOT_SERVING.
      const statuses: string[] = [];
      const watch = health.watch({ service: '' });
      watch.on('error', () => undefined);
      const notServing = new Promise<void>((resolve) =>
        watch.on('data', (m: { status: string }) => {
          statuses.push(m.status);
          if (m.status === 'NOT_SERVING') resolve();
        }),
      );
      await eventually(() => statuses[0] === 'SERVING', 5_000, 10);

      const shutdown = own.shutdown(5_000);
      await notServing;
      expect(statuses).toEqual(['SERVING', 'NOT_SERVING']);
      // A new Check is refused outright once the drain has begun (the listener is closed): a probe fails either way.
      const refused = await check(health).then(
        (status) => status,
        (err: grpc.ServiceError) => err.code,
      );
      expect(refused).toBe(grpc.status.UNAVAILABLE);
      watch.cancel(); // the watch is an in-flight call: the drain waits for it
      const started = Date.now();
      await shutdown;
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      health.close();
      await own.shutdown(100);
    }
  });

  it('answers Check with NOT_SERVING while still taking calls (what runService does before it drains)', async () => {
    const own = await startFake();
    const health = healthClient(own.port);
    try {
      expect(await check(health)).toBe('SERVING');
      own.health.setStatus('', 'NOT_SERVING');
      expect(await check(health)).toBe('NOT_SERVING');
    } finally {
      health.close();
      await own.shutdown(1_000);
    }
  });

  it('lets an in-flight call finish during a graceful shutdown', async () => {
    let started!: () => void;
    const inHandler = new Promise<void>((r) => (started = r));
    const own = await startFake({ slowStarted: () => started() });
    const c = createPromiseClient(IdentityServiceClient, `127.0.0.1:${own.port}`, { internalKeys: KEYS });
    try {
      const call = c.getUser({ id: 'slow-300' });
      await inHandler;
      const t0 = Date.now();
      await own.shutdown(5_000);
      const drained = Date.now() - t0;
      const res = await call;
      expect(res.user?.id).toBe('slow-300');
      expect(drained).toBeGreaterThanOrEqual(200);
      expect(drained).toBeLessThan(4_000);

      // And it takes no new calls.
      const err = await grpcError(c.getUser({ id: 'abc' }, { deadlineMs: 1_000 }));
      expect([grpc.status.UNAVAILABLE, grpc.status.DEADLINE_EXCEEDED]).toContain(err.code);
    } finally {
      c.close();
    }
  });
});
