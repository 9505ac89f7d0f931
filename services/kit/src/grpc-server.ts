import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { AppError, isUnavailableError, type AppErrorCode } from './errors.js';
import { readActor, REQUEST_ID_HEADER } from './grpc-actor.js';
import type { Actor, ActorTokenVerifier } from './internal-auth.js';
import { requestContext, type Logger } from './logger.js';
import { ERROR_CODE_HEADER, ERROR_PARAMS_HEADER, NOT_SIGNED_IN } from './message-codes.js';
import type { Metrics } from './metrics.js';
import { contextFrom, inSpan, SpanKind, tracingOn } from './tracing.js';

/** The service side of gRPC: promise handlers adapted to grpc-js, and the server with health and graceful drain. */

export interface CallContext {
  /** The verified acting user, or null for calls made without one. */
  actor: Actor | null;
  /** The acting user; UNAUTHENTICATED when the call carries none. */
  requireActor(): Actor;
  requestId: string;
  metadata: grpc.Metadata;
}

const STATUS: Record<AppErrorCode, grpc.status> = {
  INVALID_ARGUMENT: grpc.status.INVALID_ARGUMENT,
  NOT_FOUND: grpc.status.NOT_FOUND,
  ALREADY_EXISTS: grpc.status.ALREADY_EXISTS,
  FAILED_PRECONDITION: grpc.status.FAILED_PRECONDITION,
  PERMISSION_DENIED: grpc.status.PERMISSION_DENIED,
  UNAUTHENTICATED: grpc.status.UNAUTHENTICATED,
  RESOURCE_EXHAUSTED: grpc.status.RESOURCE_EXHAUSTED,
  UNAVAILABLE: grpc.status.UNAVAILABLE,
};

type UnaryImpl<S> = {
  [K in keyof S as string extends K ? never : K]: S[K] extends grpc.handleUnaryCall<infer Req, infer Res> ? (req: Req, ctx: CallContext) => Promise<Res> : never;
};

export interface ServerDeps {
  logger: Logger;
  metrics?: Metrics;
  /** Verifies actor tokens addressed to this service (one per process: it holds the cache of verified tokens). */
  actors: ActorTokenVerifier;
}

/** A failed call's status as the caller is told it: its code, message, and message code with params (JSON). */
export interface CallStatus {
  code: grpc.status;
  details: string;
  messageCode?: string;
  params?: string;
}

/**
 * Domain errors map to their status with their message, dependency outages to UNAVAILABLE, anything else to INTERNAL
 * without details (they go to `logger`, when given).
 */
export function statusOf(err: unknown, logger?: Logger, method?: string): CallStatus {
  if (err instanceof AppError) {
    return {
      code: STATUS[err.code],
      details: err.message,
      ...(err.messageCode && { messageCode: err.messageCode }),
      ...(err.messageCode && err.params && { params: JSON.stringify(err.params) }),
    };
  }
  if (isUnavailableError(err)) {
    logger?.warn({ err, method }, 'dependency unavailable');
    return { code: grpc.status.UNAVAILABLE, details: 'Service temporarily unavailable. Please try again shortly.' };
  }
  logger?.error({ err, method }, 'unhandled error in gRPC handler');
  return { code: grpc.status.INTERNAL, details: 'Internal error' };
}

/**
 * Adapts promise handlers `(request, ctx) => response` to grpc-js: request ids and the acting user in the
 * context, domain errors mapped to gRPC status codes with their message, dependency outages to UNAVAILABLE,
 * anything else to INTERNAL without details (they go to the log), and a RED histogram per method.
 */
export function unaryService<S extends grpc.UntypedServiceImplementation>(
  definition: grpc.ServiceDefinition,
  impl: UnaryImpl<S>,
  deps: ServerDeps,
): S {
  const out: grpc.UntypedServiceImplementation = {};
  for (const key of Object.keys(definition)) {
    const handler = (impl as Record<string, (req: unknown, ctx: CallContext) => Promise<unknown>>)[key];
    const method = definition[key]!.path;
    if (!handler) throw new Error(`no handler for ${method}`);
    const serve = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>, started: bigint, actor: Actor | null) => {
      const requestId = String(call.metadata.get(REQUEST_ID_HEADER)[0] ?? randomUUID());
      const ctx: CallContext = {
        actor,
        requireActor() {
          if (!actor) throw new AppError('UNAUTHENTICATED', NOT_SIGNED_IN);
          return actor;
        },
        requestId,
        metadata: call.metadata,
      };
      const finish = (code: grpc.status) =>
        deps.metrics?.grpcServerDuration.observe(
          { grpc_method: method, grpc_code: grpc.status[code] },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
      requestContext.run({ requestId, userId: actor?.id }, () => {
        (tracingOn()
          ? inSpan(method, SpanKind.SERVER, contextFrom(call.metadata.getMap()), { 'rpc.system': 'grpc', 'rpc.method': method }, () => handler(call.request, ctx))
          : handler(call.request, ctx)
        ).then(
          (res) => {
            finish(grpc.status.OK);
            callback(null, res);
          },
          (err: unknown) => {
            const { code, details, messageCode, params } = statusOf(err, deps.logger, method);
            const metadata = new grpc.Metadata();
            if (messageCode) metadata.set(ERROR_CODE_HEADER, messageCode);
            if (params) metadata.set(ERROR_PARAMS_HEADER, params);
            finish(code);
            callback({ code, details, metadata } as grpc.ServiceError, null);
          },
        );
      });
    };
    out[key] = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      serve(call, callback, process.hrtime.bigint(), readActor(deps.actors, call.metadata));
    };
  }
  return out as S;
}

export interface GrpcServerHandle {
  server: grpc.Server;
  health: HealthImplementation;
  port: number;
  /** Health NOT_SERVING, then drain in-flight calls (tryShutdown), forcing after `timeoutMs`. */
  shutdown(timeoutMs?: number): Promise<void>;
}

export interface GrpcServerOptions {
  /**
   * GRPC_MAX_CONNECTION_AGE_MS: a client's connection is closed (GOAWAY) after this long, so clients re-resolve and
   * replicas the autoscaler adds get their share (grpc-js balances per connection). 0 = never.
   */
  maxConnectionAgeMs?: number;
  /** GRPC_MAX_CONNECTION_AGE_GRACE_MS: how long calls in flight on an aged connection may still take. */
  maxConnectionAgeGraceMs?: number;
}

export async function startGrpcServer(
  register: (server: grpc.Server) => void,
  port: number,
  /** Loopback unless told otherwise: only the images and manifests open it to the network (BIND_HOST). */
  host = '127.0.0.1',
  opts: GrpcServerOptions = {},
): Promise<GrpcServerHandle> {
  const server = new grpc.Server({
    'grpc.max_receive_message_length': 8 * 1024 * 1024,
    'grpc.keepalive_permit_without_calls': 1,
    // No channelz service is exposed, so its per-call bookkeeping is pure cost.
    'grpc.enable_channelz': 0,
    ...(opts.maxConnectionAgeMs
      ? { 'grpc.max_connection_age_ms': opts.maxConnectionAgeMs, 'grpc.max_connection_age_grace_ms': opts.maxConnectionAgeGraceMs ?? 30_000 }
      : {}),
  });
  const health = new HealthImplementation({ '': 'SERVING' });
  health.addToServer(server);
  register(server);
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return {
    server,
    health,
    port: bound,
    async shutdown(timeoutMs = 10_000) {
      health.setStatus('', 'NOT_SERVING');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, timeoutMs);
        timer.unref();
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
