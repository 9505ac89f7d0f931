import { grpc, grpcTarget, ROUND_ROBIN_CHANNEL_OPTIONS } from '@mzansi/kit/base';
import { service as healthService } from 'grpc-health-check';

type HealthStub = grpc.Client & {
  Check(req: { service: string }, opts: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res?: { status: string }) => void): void;
};

const HealthClient = grpc.makeGenericClientConstructor(healthService as unknown as grpc.ServiceDefinition, 'Health');
const stubs = new Map<string, HealthStub>();

function stub(address: string): HealthStub {
  let s = stubs.get(address);
  if (!s) {
    s = new HealthClient(grpcTarget(address), grpc.credentials.createInsecure(), ROUND_ROBIN_CHANNEL_OPTIONS) as unknown as HealthStub;
    stubs.set(address, s);
  }
  return s;
}

/** grpc.health.v1 Check on every service, in parallel, with a short deadline. */
export async function checkServices(addresses: Record<string, string>, deadlineMs = 1_000): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(addresses).map(
      ([name, address]) =>
        new Promise<[string, string]>((resolve) => {
          stub(address).Check({ service: '' }, { deadline: Date.now() + deadlineMs }, (err, res) => {
            if (err) resolve([name, `down: ${grpc.status[err.code] ?? err.code}`]);
            else resolve([name, res?.status === 'SERVING' ? 'ok' : `not serving (${res?.status})`]);
          });
        }),
    ),
  );
  return Object.fromEntries(entries);
}

export interface ReadinessSources {
  /** Redis answers a PING (sessions, rate limits): reported, not deciding (see below). */
  redis: { ping(): Promise<unknown> };
  /** The NATS connection is open (the live channel follows events). */
  natsClosed: () => boolean;
  shuttingDown: () => boolean;
  /** The gRPC services, reported but not deciding readiness. */
  services: Record<string, string>;
}

/**
 * Readiness. Only what every request needs decides it: one service being down must not take every gateway pod
 * out of rotation (its routes answer 503 on their own, the rest of the app keeps working). Redis is shared by every
 * replica, so its outage would take them all out at once, although the SPA and the public reads do not need it:
 * it is reported (the gateway is "degraded"), and what needs it (sessions, limits, writes) answers 503 by itself. `ready()` is the
 * public probe's answer (no service calls, so probing it costs nothing); `details()` names each dependency's state
 * for operators and adds the services, a down one making the gateway "degraded" (still ready).
 */
export function readiness(src: ReadinessSources) {
  const core = (): Record<string, string> => {
    const checks: Record<string, string> = {};
    if (src.shuttingDown()) checks.gateway = 'shutting down';
    checks.nats = src.natsClosed() ? 'down: closed' : 'ok';
    return checks;
  };
  const redisCheck = () =>
    Promise.race([
      src.redis.ping().then(() => 'ok'),
      new Promise<string>((resolve) => setTimeout(() => resolve('down: no answer within 1 s'), 1_000).unref()),
    ]).catch((e: Error) => `down: ${e.message}`);
  const allOk = (checks: Record<string, string>) => Object.values(checks).every((v) => v === 'ok');
  return {
    ready: async () => allOk(core()),
    async details() {
      const checks = core();
      const [redis, services] = await Promise.all([redisCheck(), checkServices(src.services)]);
      const ready = allOk(checks);
      const status = !ready ? 'not ready' : allOk({ redis, ...services }) ? 'ready' : 'degraded';
      return { status: ready ? 200 : 503, body: { status, checks: { ...checks, redis, ...services } } };
    },
  };
}
