import { connect, type NatsConnection } from 'nats';
import { createPromiseClient, decodeEnvelope, EventNames, type EventEnvelope, type PromiseClient } from '@mzansi/kit';
import { createTestDatabase, deleteTestStreams, eventually, internalKeysFor, serviceTestEnv, TEST_NATS_URL, testNamespace } from '@mzansi/kit/testing';
import { IdentityServiceClient } from '@mzansi/proto/identity/v1/identity';
import { start } from '../src/main.js';

export type Running = Awaited<ReturnType<typeof start>>;
export type IdentityClient = PromiseClient<IdentityServiceClient>;

export const ADMIN_PASSWORD = 'admin-dev-password';

/** A fresh database and events namespace for one test file, and the identity service on them. */
export async function identityHarness(extraEnv: Record<string, string> = {}) {
  const db = await createTestDatabase('identity');
  const ns = testNamespace();
  const env = serviceTestEnv(db.url, ns, extraEnv);
  const running: Running[] = [];
  const clients: IdentityClient[] = [];
  let nc: NatsConnection | undefined;

  const h = {
    db,
    ns,
    env,
    /** Starts an(other) instance of the service on the same database and namespace. */
    async start(overrides: Record<string, string> = {}) {
      const r = await start({ ...env, ...overrides });
      running.push(r);
      return r;
    },
    client(r: Running, forgerySecret?: string): IdentityClient {
      const c = createPromiseClient(IdentityServiceClient, `127.0.0.1:${r.grpcPort}`, { internalKeys: internalKeysFor(forgerySecret) });
      clients.push(c);
      return c;
    },
    /** Every event in this namespace's identity stream, in order. */
    async events(): Promise<EventEnvelope[]> {
      nc ??= await connect({ servers: TEST_NATS_URL });
      const jsm = await nc.jetstreamManager();
      const stream = new EventNames(ns).stream('identity');
      const info = await jsm.streams.info(stream);
      const out: EventEnvelope[] = [];
      for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
        const m = await jsm.streams.getMessage(stream, { seq }).catch(() => undefined);
        if (m) out.push(decodeEnvelope(m.data));
      }
      return out;
    },
    async cleanup() {
      for (const c of clients) c.close();
      await Promise.allSettled(running.map((r) => r.stop()));
      await nc?.close().catch(() => undefined);
      await deleteTestStreams(ns).catch(() => undefined);
      await db.drop();
    },
  };
  return h;
}

export type Harness = Awaited<ReturnType<typeof identityHarness>>;

export const signUpReq = (username: string, password = 'correct-horse-1', name = 'Test User') => ({
  username,
  password,
  name,
  email: '',
  phoneNumber: '',
  consent: true,
  privacyNoticeVersion: '1.0',
});

/** `eventually` for checks that answer a value or `undefined` (not yet): resolves with the value. */
export async function until<T>(check: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  return (await eventually(check, timeoutMs)) as T;
}
