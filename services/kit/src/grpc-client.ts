import * as grpc from '@grpc/grpc-js';
import { actorMetadata } from './grpc-actor.js';
import { ActorTokenSigner, type Actor, type InternalKeys } from './internal-auth.js';
import { requestContext } from './logger.js';
import type { Clock } from './time.js';

/** The calling side of gRPC: generated clients as promises, with deadlines, round-robin and the signed actor. */

/** The service a generated client talks to, from its package (`/voting.v1.VotingService/…` → `voting`). */
export function audienceOf(definition: grpc.ServiceDefinition): string {
  const first = Object.values(definition)[0];
  const audience = first?.path.split('/')[1]?.split('.')[0];
  if (!audience) throw new Error('cannot tell the service of an empty definition');
  return audience;
}

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
