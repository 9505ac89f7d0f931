import { randomUUID } from 'node:crypto';
import {
  IdentityServiceClient,
  IdentityServiceService,
  User,
  type IdentityServiceServer,
} from '@mzansi/proto/identity/v1/identity';
import healthCheck from 'grpc-health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notFound } from '../src/errors.js';
import {
  ACTOR_TOKEN_HEADER,
  audienceOf,
  createPromiseClient,
  grpc,
  grpcTarget,
  isGrpcError,
  startGrpcServer,
  unaryService,
  type CallContext,
  type GrpcServerHandle,
  type PromiseClient,
} from '../src/grpc.js';
import { sleep } from '../src/testing.js';
import { ActorTokenSigner, ActorTokenVerifier, type InternalKeys } from '../src/internal-auth.js';
import { logger } from './helpers.js';

const KEYS: InternalKeys = [{ kid: 'k1', secret: 'test-internal-secret-0123456789-abcdef' }];

describe('audienceOf', () => {
  it('is the proto package of the client: the service the call goes to', () => {
    expect(audienceOf(IdentityServiceClient.service)).toBe('identity');
  });
});

function user(id: string, isAdmin = false): User {
  return User.fromPartial({ id, username: `u-${id.slice(0, 6)}`, name: 'Test', isAdmin, joinDate: new Date('2026-01-01T00:00:00Z') });
}

/** A fake identity service: only the transport is under test. */
function fakeIdentity(hooks: { slowStarted?: () => void } = {}) {
  const unimplemented = async (): Promise<never> => {
    throw notFound('not in this fake');
  };
  return {
    getUser: async (req: { id: string }, ctx: CallContext) => {
      switch (req.id) {
        case 'missing':
          throw notFound('User not found');
        case 'boom':
          throw new Error('database password is hunter2\n    at secret (/src/secret.ts:1:1)');
        case 'me': {
          const actor = ctx.requireActor();
          return { user: user(actor.id, actor.isAdmin) };
        }
        case 'request-id':
          return { user: user(ctx.requestId) };
        default:
          if (req.id.startsWith('slow-')) {
            hooks.slowStarted?.();
            await sleep(Number(req.id.slice(5)));
          }
          return { user: user(req.id) };
      }
    },
    signUp: unimplemented,
    login: unimplemented,
    getUsers: unimplemented,
    searchUsers: unimplemented,
    listUsers: unimplemented,
    updateUser: unimplemented,
    countUsers: unimplemented,
    deleteUser: unimplemented,
    exportUserData: unimplemented,
    changePassword: unimplemented,
    verifyEmail: unimplemented,
    resendEmailVerification: unimplemented,
    listAuditLog: unimplemented,
  };
}

async function startFake(hooks?: { slowStarted?: () => void }): Promise<GrpcServerHandle> {
  return startGrpcServer(
    (server) =>
      server.addService(
        IdentityServiceService,
        unaryService<IdentityServiceServer>(IdentityServiceService, fakeIdentity(hooks), { logger, actors: new ActorTokenVerifier(KEYS, 'identity') }),
      ),
    0,
    '127.0.0.1',
  );
}

const HealthClient = grpc.makeGenericClientConstructor(healthCheck.service, 'grpc.health.v1.Health');

interface HealthStub extends grpc.Client {
  check(
    req: { service: string },
    opts: Partial<grpc.CallOptions>,
    cb: (err: grpc.ServiceError | null, res: { status: string }) => void,
  ): grpc.ClientUnaryCall;
  watch(req: { service: string }): grpc.ClientReadableStream<{ status: string }>;
}

function healthClient(port: number): HealthStub {
  return new HealthClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure()) as unknown as HealthStub;
}

function check(client: ReturnType<typeof healthClient>): Promise<string> {
  return new Promise((resolve, reject) =>
    client.check({ service: '' }, { deadline: Date.now() + 2_000 }, (err, res) => (err ? reject(err) : resolve(res.status))),
  );
}

async function grpcError(p: Promise<unknown>): Promise<grpc.ServiceError> {
  try {
    await p;
  } catch (err) {
    expect(isGrpcError(err)).toBe(true);
    return err as grpc.ServiceError;
  }
  throw new Error('expected the call to fail');
}

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
      await expectEventually(() => statuses[0] === 'SERVING');

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

async function expectEventually(cond: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await sleep(10);
  }
}

describe('client-side balancing and connection age', () => {
  it('grpcTarget: one address as is, a comma list of IPv4 ip:port as ipv4:, anything else in a list refused', () => {
    expect(grpcTarget('voting:50053')).toBe('voting:50053');
    expect(grpcTarget('dns:///voting-headless:50053')).toBe('dns:///voting-headless:50053');
    expect(grpcTarget('127.0.0.1:1, 127.0.0.1:2')).toBe('ipv4:127.0.0.1:1,127.0.0.1:2');
    expect(() => grpcTarget('voting:1,voting:2')).toThrow(/IPv4/);
  });

  it('a comma list of replicas: calls go round-robin to each, and recycled connections (max age) lose no call', async () => {
    const served = [0, 0];
    const replicas = await Promise.all(
      [0, 1].map((i) =>
        startGrpcServer(
          (server) =>
            server.addService(
              IdentityServiceService,
              unaryService<IdentityServiceServer>(IdentityServiceService, fakeIdentity({ slowStarted: () => served[i]!++ }), {
                logger,
                actors: new ActorTokenVerifier(KEYS, 'identity'),
              }),
            ),
          0,
          '127.0.0.1',
          { maxConnectionAgeMs: 300, maxConnectionAgeGraceMs: 1_000 },
        ),
      ),
    );
    const client = createPromiseClient(IdentityServiceClient, replicas.map((r) => `127.0.0.1:${r.port}`).join(','), { internalKeys: KEYS });
    try {
      const started = Date.now();
      let calls = 0;
      let refused = 0;
      // A call that races the server's GOAWAY can be refused before any handler runs (UNAVAILABLE "Stream refused
      // by server"): nothing happened, and a retry goes through, as the gateway's 503 + the client's retry do.
      const call = async () => {
        try {
          await client.getUser({ id: 'slow-1' });
        } catch (err) {
          if (!isGrpcError(err) || err.code !== grpc.status.UNAVAILABLE) throw err;
          refused++;
          await client.getUser({ id: 'slow-1' });
        }
      };
      while (Date.now() - started < 1_200) {
        await Promise.all(Array.from({ length: 10 }, call));
        calls += 10;
      }
      expect(served[0]! + served[1]!).toBe(calls);
      expect(refused).toBeLessThan(calls / 10);
      for (const n of served) expect(n / calls).toBeGreaterThan(0.35);
    } finally {
      client.close();
      await Promise.all(replicas.map((r) => r.shutdown(1_000)));
    }
  });
});
