import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { AppError, isUnavailableError, type AppErrorCode } from './errors.js';
import { ERROR_CODE_HEADER, ERROR_PARAMS_HEADER, NOT_SIGNED_IN } from './message-codes.js';
import { ActorTokenSigner, ActorTokenVerifier, type Actor, type InternalKeys } from './internal-auth.js';
import { requestContext, type Logger } from './logger.js';
import type { Clock } from './time.js';
import { contextFrom, currentTraceHeaders, inSpan, SpanKind, tracingOn } from './tracing.js';
import type { Metrics } from './metrics.js';

export { grpc };

/** The call's actor token (see internal-auth.ts). */
export const ACTOR_TOKEN_HEADER = 'x-actor-token';
const REQUEST_ID_HEADER = 'x-request-id';

/** Metadata for a call: the actor's token (gateway side), the request id and the trace headers. */
export function actorMetadata(token: string | undefined, requestId?: string): grpc.Metadata {
  const md = new grpc.Metadata();
  if (token) md.set(ACTOR_TOKEN_HEADER, token);
  if (requestId) md.set(REQUEST_ID_HEADER, requestId);
  for (const [k, v] of Object.entries(currentTraceHeaders())) md.set(k, v);
  return md;
}

/** The verified acting user of a call (service side). No token, or one that fails verification → null. */
export function readActor(verifier: ActorTokenVerifier, md: grpc.Metadata): Actor | null {
  const token = md.get(ACTOR_TOKEN_HEADER)[0];
  return verifier.verify(typeof token === 'string' ? token : undefined);
}

/** The service a generated client talks to, from its package (`/voting.v1.VotingService/…` → `voting`). */
export function audienceOf(definition: grpc.ServiceDefinition): string {
  const first = Object.values(definition)[0];
  const audience = first?.path.split('/')[1]?.split('.')[0];
  if (!audience) throw new Error('cannot tell the service of an empty definition');
  return audience;
}

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
            let code: grpc.status;
            let details: string;
            const metadata = new grpc.Metadata();
            if (err instanceof AppError) {
              code = STATUS[err.code];
              details = err.message;
              if (err.messageCode) metadata.set(ERROR_CODE_HEADER, err.messageCode);
              if (err.messageCode && err.params) metadata.set(ERROR_PARAMS_HEADER, JSON.stringify(err.params));
            } else if (isUnavailableError(err)) {
              code = grpc.status.UNAVAILABLE;
              details = 'Service temporarily unavailable. Please try again shortly.';
              deps.logger.warn({ err, method }, 'dependency unavailable');
            } else {
              code = grpc.status.INTERNAL;
              details = 'Internal error';
              deps.logger.error({ err, method }, 'unhandled error in gRPC handler');
            }
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

// ---- clients ----

type UnaryKeys<C> = {
  [K in keyof C]: C[K] extends (
    req: any,
    md: grpc.Metadata,
    opts: Partial<grpc.CallOptions>,
    cb: (err: grpc.ServiceError | null, res: any) => void,
  ) => grpc.ClientUnaryCall
    ? K
    : never;
}[keyof C];

type ReqOf<F> = F extends (req: infer R, md: grpc.Metadata, opts: Partial<grpc.CallOptions>, cb: any) => any ? R : never;
type ResOf<F> = F extends (req: any, md: grpc.Metadata, opts: Partial<grpc.CallOptions>, cb: (err: any, res: infer R) => void) => any
  ? R
  : never;

export interface CallOptions {
  actor?: Actor;
  requestId?: string;
  deadlineMs?: number;
}

/** A generated grpc-js client as promises, with a deadline on every call and the signed acting user. */
export type PromiseClient<C> = {
  [K in UnaryKeys<C>]: (req: ReqOf<C[K]>, opts?: CallOptions) => Promise<ResOf<C[K]>>;
} & { close(): void; readonly address: string };

export interface ClientFactoryOptions {
  /** INTERNAL_AUTH_KEYS: the first signs the actor tokens. */
  internalKeys: InternalKeys;
  /** The service the tokens are for; by default the client's proto package (`voting.v1` → `voting`). */
  audience?: string;
  /** For tests of token expiry. */
  clock?: Clock;
  deadlineMs?: number;
  /** Called after every call, e.g. to record client-side metrics. */
  onCall?: (method: string, code: grpc.status, seconds: number) => void;
}

/**
 * The grpc-js target for an address setting: `dns:///voting-headless:50053` (a headless Service: one address per
 * pod) and `host:port` pass through; a comma list of IPv4 `ip:port` (local replicas on different ports) becomes
 * `ipv4:ip1:p1,ip2:p2`. Either way the channel balances calls round-robin over every address it resolves.
 */
export function grpcTarget(address: string): string {
  const parts = address.split(',').map((p) => p.trim());
  if (parts.length === 1) return address;
  if (parts.some((p) => !/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/.test(p))) throw new Error(`a list of gRPC addresses must be IPv4 ip:port entries: ${address}`);
  return `ipv4:${parts.join(',')}`;
}

/** Client channel options: round-robin over every resolved address (the default, pick_first, uses one). */
export const ROUND_ROBIN_CHANNEL_OPTIONS = {
  'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
} as const;

export function createPromiseClient<C extends grpc.Client>(
  Ctor: { new (address: string, credentials: grpc.ChannelCredentials, options?: Partial<grpc.ClientOptions>): C; service: grpc.ServiceDefinition },
  address: string,
  opts: ClientFactoryOptions,
): PromiseClient<C> {
  const client = new Ctor(grpcTarget(address), grpc.credentials.createInsecure(), {
    ...ROUND_ROBIN_CHANNEL_OPTIONS,
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
    // A replica that is down (restarting, not started yet) is tried again within 5 s, not grpc-js's 2 minutes.
    'grpc.max_reconnect_backoff_ms': 5_000,
    'grpc.max_receive_message_length': 16 * 1024 * 1024,
    'grpc.max_send_message_length': 8 * 1024 * 1024,
    'grpc.enable_channelz': 0,
  });
  const defaultDeadline = opts.deadlineMs ?? 5_000;
  const signer = new ActorTokenSigner(opts.internalKeys, opts.audience ?? audienceOf(Ctor.service), opts.clock);
  const out: Record<string, unknown> = {
    close: () => client.close(),
    address,
  };
  for (const key of Object.keys(Ctor.service)) {
    const fn = (client as unknown as Record<string, (...args: unknown[]) => grpc.ClientUnaryCall>)[key]!.bind(client);
    const path = Ctor.service[key]!.path;
    out[key] = (req: unknown, callOpts: CallOptions = {}) =>
      new Promise((resolve, reject) => {
        const started = opts.onCall ? process.hrtime.bigint() : 0n;
        const deadline = Date.now() + (callOpts.deadlineMs ?? defaultDeadline);
        const requestId = callOpts.requestId ?? requestContext.getStore()?.requestId;
        const token = callOpts.actor ? signer.token(callOpts.actor) : undefined;
        fn(req, actorMetadata(token, requestId), { deadline }, (err: grpc.ServiceError | null, res: unknown) => {
          opts.onCall?.(path, err ? err.code : grpc.status.OK, Number(process.hrtime.bigint() - started) / 1e9);
          if (err) reject(err);
          else resolve(res);
        });
      });
  }
  return out as PromiseClient<C>;
}

export function isGrpcError(err: unknown): err is grpc.ServiceError {
  return !!err && typeof err === 'object' && typeof (err as { code?: unknown }).code === 'number' && 'details' in err;
}
