import { grpc } from '@mzansi/kit';
import { service as healthService } from 'grpc-health-check';

type HealthStub = grpc.Client & {
  Check(req: { service: string }, opts: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res?: { status: string }) => void): void;
};

const HealthClient = grpc.makeGenericClientConstructor(healthService as unknown as grpc.ServiceDefinition, 'Health');
const stubs = new Map<string, HealthStub>();

function stub(address: string): HealthStub {
  let s = stubs.get(address);
  if (!s) {
    s = new HealthClient(address, grpc.credentials.createInsecure()) as unknown as HealthStub;
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
