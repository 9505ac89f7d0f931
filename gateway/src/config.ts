import { fileURLToPath } from 'node:url';
import { pushEndpointSettings } from '@mzansi/api';
import { bindHost, devSecret, grpcTarget, internalAuthKeys, loadConfigOrExit, logFormat, port } from '@mzansi/kit/base';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/**
 * A service's gRPC address: `host:port`, `dns:///voting-headless:50053` (one address per pod, balanced round-robin)
 * or a comma list of IPv4 `ip:port` (local replicas).
 */
const grpcAddress = (fallback: string) =>
  z
    .string()
    .min(1)
    .default(fallback)
    .refine((v) => {
      try {
        grpcTarget(v);
        return true;
      } catch {
        return false;
      }
    }, 'a list of addresses must be IPv4 ip:port entries separated by commas');
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export function configSchema(env: NodeJS.ProcessEnv = process.env) {
  const prod = env.NODE_ENV === 'production';
  return z.object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: logFormat(env),
    HOST: z.string().default('0.0.0.0'),
    PORT: port(8080),
    METRICS_PORT: port(9460),
    /** Where the metrics port listens (the public HTTP port uses HOST). */
    BIND_HOST: bindHost(),
    PUBLIC_URL: prod ? z.string().url() : z.string().url().default('http://localhost:8080'),
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d+)$/, 'true, false or a number of proxy hops')
      .default('false'),
    REDIS_URL: prod ? z.string().url() : z.string().url().default('redis://127.0.0.1:6379'),
    /** Prefix for every Redis key (lets several environments or test runs share one Redis). */
    REDIS_PREFIX: z.string().regex(/^[a-z0-9_:]*$/).default('mp:'),
    INTERNAL_AUTH_KEYS: internalAuthKeys(env),
    SESSION_SECRET: devSecret('dev-session-secret-not-for-production', env),
    SESSION_IDLE_TTL_S: seconds(14 * 24 * 3600),
    SESSION_ABSOLUTE_TTL_S: seconds(90 * 24 * 3600),
    IDENTITY_GRPC_ADDR: grpcAddress('127.0.0.1:50051'),
    QUESTIONS_GRPC_ADDR: grpcAddress('127.0.0.1:50052'),
    VOTING_GRPC_ADDR: grpcAddress('127.0.0.1:50053'),
    SOCIAL_GRPC_ADDR: grpcAddress('127.0.0.1:50054'),
    NOTIFICATION_GRPC_ADDR: grpcAddress('127.0.0.1:50055'),
    /** Push endpoints the gateway lets through to the notification service (which checks them again). */
    ...pushEndpointSettings(prod),
    RATE_COMMENTS_PER_MIN: z.coerce.number().int().min(1).default(10),
    /** Push notification clicks the service worker may report per person per minute (POST /api/notifications/push-clicks). */
    RATE_PUSH_CLICKS_PER_MIN: z.coerce.number().int().min(1).default(30),
    /** Requests to the public read API (/api/public/v1) per client address (IPv6 by /64) per minute. */
    PUBLIC_API_PER_MIN: z.coerce.number().int().min(1).default(600),
    /** How long public reads (question lists, results) may be served from the gateway's memory. */
    PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(1_000).default(1_000),
    NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
    /**
     * Replicas of the QUESTIONS stream if the gateway is the first to create it (it reads its events): the same
     * value as the services', or a gateway start would propose R1 for an R3 stream (as a rolling restart once did).
     */
    NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
    /** The QUESTIONS stream's `max_bytes`, for the same reason: the services' value. */
    NATS_STREAM_MAX_BYTES: z.coerce.number().int().min(-1).default(-1),
    EVENTS_NAMESPACE: z
      .string()
      .regex(/^[a-z0-9_]*$/, 'only lower-case letters, digits and underscore')
      .default(''),
    GRPC_DEADLINE_MS: z.coerce.number().int().min(10).max(60_000).default(3_000),
    /** Most concurrent votes sent to voting as one SubmitAnswers call (vote-batch.ts); 1 sends each alone. */
    VOTE_BATCH_MAX: z.coerce.number().int().min(1).max(256).default(64),
    RATE_LOGIN_FAILURES: z.coerce.number().int().min(1).default(10),
    RATE_LOGIN_WINDOW_S: seconds(15 * 60),
    RATE_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(20),
    RATE_SIGNUP_WINDOW_S: seconds(60),
    /**
     * Login attempts per (username, client address) in RATE_LOGIN_WINDOW_S before a proof-of-work challenge is
     * needed; RATE_LOGIN_FAILURES is the same budget per username whatever the address. Never a lockout.
     */
    RATE_LOGIN_PER_USERNAME_IP: z.coerce.number().int().min(1).default(5),
    /**
     * "Forgot password": requests per client address (an IPv6 /64 counts as one) per window, beyond which the answer
     * is the same but no mail goes; and the time every answer takes at least, so that its timing says nothing about
     * the account (identity's work for an account with an address is a few milliseconds more than for none).
     */
    RATE_PASSWORD_RESET_PER_IP: z.coerce.number().int().min(1).default(10),
    RATE_PASSWORD_RESET_WINDOW_S: seconds(3600),
    PASSWORD_RESET_ANSWER_MS: z.coerce.number().int().min(0).max(10_000).default(400),
    /** Signs the ALTCHA challenges (and their derived keys); a secret. */
    ALTCHA_HMAC_KEY: devSecret('dev-altcha-hmac-key-not-for-production', env),
    /** Difficulty: the solver tries up to this many PBKDF2 keys (the answer is drawn from its upper half). */
    ALTCHA_COUNTER_MAX: z.coerce.number().int().min(2).max(10_000_000).default(4_000),
    /** How long an issued challenge may be solved and used. */
    ALTCHA_EXPIRES_S: z.coerce.number().int().min(10).max(3_600).default(300),
    WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
    SERVE_WEB: bool.default(true),
    /**
     * `make dev` only: the web comes from Vite's dev server at this URL (hot module replacement; web-dev.ts) instead
     * of WEB_DIST. Refused in production.
     */
    WEB_DEV_SERVER_URL: prod
      ? z.undefined({ message: 'WEB_DEV_SERVER_URL is for development only (make dev); leave it unset in production' }).optional()
      : z.string().url().optional(),
    /** Live channel (/ws) heartbeat: ping period, dead-socket detection and the signed-out check. */
    /**
     * On SIGTERM /readyz answers 503 for this long before the listener closes, so load balancers that probe it
     * (HAProxy, a Service's endpoints) stop sending new requests first. 0 in Kubernetes, where preStop does it.
     */
    SHUTDOWN_READY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(30_000),
    /**
     * Live-channel sockets per client address (an IPv6 /64 counts as one) and per gateway process: the bench holds
     * its targets at 15,000 on one process (docs/capacity.md); the HPA keeps pods at 12,000, and the cap leaves room
     * above both for the sockets of a gateway that went away.
     */
    WS_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
    WS_MAX_TOTAL: z.coerce.number().int().min(1).default(16_000),
    /**
     * The listen socket's queue of connections the kernel has accepted and the process not yet taken (capped by
     * net.core.somaxconn, 4096 by default since Linux 5.4). Node's 511 overflowed when 15,000 dropped pages came back at
     * once: each dropped SYN is retried by the client's kernel 1, 3, 7, 15, 31 s later, which put the last page back
     * after 34 s in the bench's reconnect storm.
     */
    LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4096),
    /** HTTP server timeouts: a whole request (headers and body), its headers, an idle keep-alive connection. */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(65_000),
    /** POPIA: the information officer the privacy notice (/privacy) names; required in production. */
    PRIVACY_OFFICER_EMAIL: prod ? z.string().email() : z.string().email().default('information.officer@example.org'),
    PRIVACY_OFFICER_NAME: z.string().trim().min(1).max(100).default('The Information Officer'),
  });
}

export type Config = z.infer<ReturnType<typeof configSchema>>;
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => loadConfigOrExit(configSchema(env), env);
export const isHttps = (config: Config) => config.PUBLIC_URL.startsWith('https:');
