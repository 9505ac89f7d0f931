import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { AppError, isUnavailableError, type AppErrorCode } from './errors.js';
import { requestContext, type Logger } from './logger.js';
import { contextFrom, currentTraceHeaders, inSpan, SpanKind, tracingOn } from './tracing.js';
import type { Metrics } from './metrics.js';

export { grpc };

/** The user a call acts for, asserted by the gateway and signed with the internal secret. */
export interface Actor {
  id: string;
  isAdmin: boolean;
}

const ACTOR_HEADER = 'x-actor';
const ACTOR_SIG_HEADER = 'x-actor-sig';
const REQUEST_ID_HEADER = 'x-request-id';

/** Signatures already computed, by secret and value: the same few users act in many calls (bounded, oldest out). */
const signatures = new Map<string, string>();
const SIGNATURES_MAX = 10_000;

function sign(secret: string, value: string): string {
  const key = `${secret}\n${value}`;
  let sig = signatures.get(key);
  if (sig === undefined) {
    sig = createHmac('sha256', secret).update(value).digest('base64url');
    if (signatures.size >= SIGNATURES_MAX) signatures.delete(signatures.keys().next().value!);
    signatures.set(key, sig);
  }
  return sig;
}

/** Metadata for a call made on behalf of `actor` (gateway side). */
export function actorMetadata(secret: string, actor: Actor | undefined, requestId?: string): grpc.Metadata {
  const md = new grpc.Metadata();
  if (actor) {
    const value = `${actor.id}|${actor.isAdmin ? 1 : 0}`;
    md.set(ACTOR_HEADER, value);
    md.set(ACTOR_SIG_HEADER, sign(secret, value));
  }
  if (requestId) md.set(REQUEST_ID_HEADER, requestId);
  for (const [k, v] of Object.entries(currentTraceHeaders())) md.set(k, v);
  return md;
}

/** Reads and verifies the acting user from call metadata (service side). Unsigned or forged → null. */
export function readActor(secret: string, md: grpc.Metadata): Actor | null {
  const value = md.get(ACTOR_HEADER)[0];
  const sig = md.get(ACTOR_SIG_HEADER)[0];
  if (typeof value !== 'string' || typeof sig !== 'string') return null;
  const expected = Buffer.from(sign(secret, value));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [id, admin] = value.split('|');
  if (!id) return null;
  return { id, isAdmin: admin === '1' };
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
  internalSecret: string;
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
    out[key] = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      const started = process.hrtime.bigint();
      const requestId = String(call.metadata.get(REQUEST_ID_HEADER)[0] ?? randomUUID());
      const actor = readActor(deps.internalSecret, call.metadata);
      const ctx: CallContext = {
        actor,
        requireActor() {
          if (!actor) throw new AppError('UNAUTHENTICATED', 'Not signed in');
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
            if (err instanceof AppError) {
              code = STATUS[err.code];
              details = err.message;
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
            callback({ code, details, metadata: new grpc.Metadata() } as grpc.ServiceError, null);
          },
        );
      });
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

export async function startGrpcServer(
  register: (server: grpc.Server) => void,
  port: number,
  host = '0.0.0.0',
): Promise<GrpcServerHandle> {
  const server = new grpc.Server({
    'grpc.max_receive_message_length': 8 * 1024 * 1024,
    'grpc.keepalive_permit_without_calls': 1,
    // No channelz service is exposed, so its per-call bookkeeping is pure cost.
    'grpc.enable_channelz': 0,
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
  internalSecret: string;
  deadlineMs?: number;
  /** Called after every call, e.g. to record client-side metrics. */
  onCall?: (method: string, code: grpc.status, seconds: number) => void;
}

export function createPromiseClient<C extends grpc.Client>(
  Ctor: { new (address: string, credentials: grpc.ChannelCredentials, options?: Partial<grpc.ClientOptions>): C; service: grpc.ServiceDefinition },
  address: string,
  opts: ClientFactoryOptions,
): PromiseClient<C> {
  const client = new Ctor(address, grpc.credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
    'grpc.max_receive_message_length': 16 * 1024 * 1024,
    'grpc.max_send_message_length': 8 * 1024 * 1024,
    'grpc.enable_channelz': 0,
  });
  const defaultDeadline = opts.deadlineMs ?? 5_000;
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
        const md = actorMetadata(opts.internalSecret, callOpts.actor, callOpts.requestId ?? requestContext.getStore()?.requestId);
        fn(req, md, { deadline: Date.now() + (callOpts.deadlineMs ?? defaultDeadline) }, (err: grpc.ServiceError | null, res: unknown) => {
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
