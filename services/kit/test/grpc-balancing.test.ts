import { describe, expect, it } from 'vitest';
import { IdentityServiceClient, IdentityServiceService, type IdentityServiceServer } from '@mzansi/proto/identity/v1/identity';
import { createPromiseClient, grpc, grpcTarget, isGrpcError, startGrpcServer, unaryService } from '../src/grpc.js';
import { ActorTokenVerifier } from '../src/internal-auth.js';
import { fakeIdentity, KEYS } from './grpc-fake.js';
import { logger } from './helpers.js';

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
