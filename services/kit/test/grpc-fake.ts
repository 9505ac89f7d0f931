import healthCheck from 'grpc-health-check';
import { expect } from 'vitest';
import { IdentityServiceService, User, type IdentityServiceServer } from '@mzansi/proto/identity/v1/identity';
import { notFound } from '../src/errors.js';
import { grpc, isGrpcError, startGrpcServer, unaryService, type CallContext, type GrpcServerHandle } from '../src/grpc.js';
import { ActorTokenVerifier, type InternalKeys } from '../src/internal-auth.js';
import { sleep } from '../src/testing.js';
import { logger } from './helpers.js';

/** The fake gRPC service the kit's transport tests run against (grpc.test.ts, grpc-balancing.test.ts). */

export const KEYS: InternalKeys = [{ kid: 'k1', secret: 'test-internal-secret-0123456789-abcdef' }];

export function user(id: string, isAdmin = false): User {
  return User.fromPartial({ id, username: `u-${id.slice(0, 6)}`, name: 'Test', isAdmin, joinDate: new Date('2026-01-01T00:00:00Z') });
}

/** A fake identity service: only the transport is under test. */
export function fakeIdentity(hooks: { slowStarted?: () => void } = {}) {
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
    requestPasswordReset: unimplemented,
    resetPassword: unimplemented,
    sendPasswordReset: unimplemented,
    setSuspension: unimplemented,
    liftSuspension: unimplemented,
    getSuspension: unimplemented,
    listSuspensions: unimplemented,
    replaceDisplayName: unimplemented,
    getSignupAnalytics: unimplemented,
  };
}

export async function startFake(hooks?: { slowStarted?: () => void }): Promise<GrpcServerHandle> {
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

export function healthClient(port: number): HealthStub {
  return new HealthClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure()) as unknown as HealthStub;
}

export function check(client: ReturnType<typeof healthClient>): Promise<string> {
  return new Promise((resolve, reject) =>
    client.check({ service: '' }, { deadline: Date.now() + 2_000 }, (err, res) => (err ? reject(err) : resolve(res.status))),
  );
}

export async function grpcError(p: Promise<unknown>): Promise<grpc.ServiceError> {
  try {
    await p;
  } catch (err) {
    expect(isGrpcError(err)).toBe(true);
    return err as grpc.ServiceError;
  }
  throw new Error('expected the call to fail');
}
