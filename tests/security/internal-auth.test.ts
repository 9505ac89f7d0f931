// Internal calls: the internal-auth key rotates without a refused call, and the gRPC and metrics ports of a
// development process are reachable on loopback only. Real identity service (and gateway) in-process, real gRPC.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, grpc, isGrpcError, parseInternalKeys, type InternalKeys } from '@mzansi/kit';
import { createTestDatabase, deleteTestStreams, serviceTestEnv, testNamespace } from '@mzansi/kit/testing';
import { IdentityServiceClient } from '@mzansi/proto/identity/v1/identity';
import { start as startIdentity } from '../../services/identity/src/main.js';
import { startGatewayForTest } from '../api/helpers.js';

const OLD = 'k1:the-old-internal-key-0123456789abcdef0123';
const NEW = 'k2:the-new-internal-key-0123456789abcdef0123';
const CALLS = 20;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const ns = testNamespace();
let identity: Awaited<ReturnType<typeof startIdentity>> | undefined;

beforeAll(async () => {
  db = await createTestDatabase('identity');
});

afterAll(async () => {
  await identity?.stop().catch(() => undefined);
  await deleteTestStreams(ns).catch(() => undefined);
  await db?.drop();
});

/** (Re)starts identity on the same database with `keys` as its INTERNAL_AUTH_KEYS: a rolled pod. */
async function rollIdentity(keys: string, extra: Record<string, string> = {}) {
  await identity?.stop();
  identity = await startIdentity(serviceTestEnv(db.url, ns, { INTERNAL_AUTH_KEYS: keys, ...extra }));
  return identity;
}

/** The status codes of CALLS admin-only calls (ListUsers) signed the way a gateway configured with `keys` signs them. */
async function callsSignedWith(keys: InternalKeys): Promise<Record<string, number>> {
  const client = createPromiseClient(IdentityServiceClient, `127.0.0.1:${identity!.grpcPort}`, { internalKeys: keys });
  const codes: Record<string, number> = {};
  try {
    for (let i = 0; i < CALLS; i++) {
      const code = await client.listUsers({}, { actor: { id: crypto.randomUUID(), isAdmin: true } }).then(
        () => grpc.status.OK,
        (err: unknown) => (isGrpcError(err) ? err.code : -1),
      );
      codes[grpc.status[code] ?? String(code)] = (codes[grpc.status[code] ?? String(code)] ?? 0) + 1;
    }
  } finally {
    client.close();
  }
  return codes;
}

describe('rotating INTERNAL_AUTH_KEYS', () => {
  it('[old,new] then [new,old] accept tokens of either key; [new] alone refuses the old one', async () => {
    const signsOld = parseInternalKeys(`${OLD},${NEW}`);
    const signsNew = parseInternalKeys(`${NEW},${OLD}`);
    const onlyNew = parseInternalKeys(NEW);

    // Step 1: the new key added as previous everywhere (gateways still sign with the old one).
    await rollIdentity(`${OLD},${NEW}`);
    expect(await callsSignedWith(signsOld)).toEqual({ OK: CALLS });
    expect(await callsSignedWith(signsNew)).toEqual({ OK: CALLS });

    // Step 2: the new key made current; gateways not yet rolled still sign with the old one.
    await rollIdentity(`${NEW},${OLD}`);
    expect(await callsSignedWith(signsOld)).toEqual({ OK: CALLS });
    expect(await callsSignedWith(signsNew)).toEqual({ OK: CALLS });

    // Step 3: the old key removed: a token signed with it (captured, or from a forgotten gateway) is refused.
    await rollIdentity(NEW);
    expect(await callsSignedWith(signsOld)).toEqual({ UNAUTHENTICATED: CALLS });
    expect(await callsSignedWith(onlyNew)).toEqual({ OK: CALLS });
    expect(await callsSignedWith(signsNew)).toEqual({ OK: CALLS });
  });
});

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// 127.0.0.2 is this machine too, but a socket bound to 127.0.0.1 does not answer on it (one bound to 0.0.0.0 does):
// it stands for "any address other than loopback 127.0.0.1" without needing a second network interface.
describe('BIND_HOST', () => {
  it('a service binds its gRPC and metrics ports to 127.0.0.1 by default, to every address with BIND_HOST=0.0.0.0', async () => {
    const svc = await rollIdentity(NEW);
    expect(await accepts('127.0.0.1', svc.grpcPort)).toBe(true);
    expect(await accepts('127.0.0.1', svc.metricsPort)).toBe(true);
    expect(await accepts('127.0.0.2', svc.grpcPort)).toBe(false);
    expect(await accepts('127.0.0.2', svc.metricsPort)).toBe(false);

    const open = await rollIdentity(NEW, { BIND_HOST: '0.0.0.0' });
    expect(await accepts('127.0.0.2', open.grpcPort)).toBe(true);
    expect(await accepts('127.0.0.2', open.metricsPort)).toBe(true);
  });

  it("the gateway's metrics port too; its public port follows HOST", async () => {
    const svc = await rollIdentity(NEW);
    const gw = await startGatewayForTest(`127.0.0.1:${svc.grpcPort}`, { INTERNAL_AUTH_KEYS: NEW, HOST: '0.0.0.0', EVENTS_NAMESPACE: ns });
    try {
      expect(await accepts('127.0.0.1', gw.gateway.metricsPort)).toBe(true);
      expect(await accepts('127.0.0.2', gw.gateway.metricsPort)).toBe(false);
      expect(await accepts('127.0.0.2', gw.gateway.port)).toBe(true);
    } finally {
      await gw.stop();
    }
  });
});
