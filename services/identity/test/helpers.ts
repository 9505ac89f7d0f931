import { afterAll, beforeAll } from 'vitest';
import type { EventEnvelope, PromiseClient } from '@mzansi/kit';
import { createTestDatabase, eventually, serviceTestEnv, startedServices, testNamespace, testStreams } from '@mzansi/kit/testing';
import { IdentityServiceClient, type User } from '@mzansi/proto/identity/v1/identity';
import { start } from '../src/main.js';

export type Running = Awaited<ReturnType<typeof start>>;
export type IdentityClient = PromiseClient<IdentityServiceClient>;

export const ADMIN_PASSWORD = 'admin-dev-password';

/** A fresh database and events namespace for one test file, and the identity service on them. */
export async function identityHarness(extraEnv: Record<string, string> = {}) {
  const db = await createTestDatabase('identity');
  const ns = testNamespace();
  const env = serviceTestEnv(db.url, ns, extraEnv);
  const services = startedServices<Running, IdentityServiceClient>(IdentityServiceClient);
  const streams = testStreams(ns);

  const h = {
    db,
    ns,
    env,
    /** Starts an(other) instance of the service on the same database and namespace. */
    async start(overrides: Record<string, string> = {}) {
      return services.add(await start({ ...env, ...overrides }));
    },
    client: services.client,
    /** Every event in this namespace's identity stream, in order. */
    async events(): Promise<EventEnvelope[]> {
      return (await streams.read('identity')).map((e) => e.envelope);
    },
    async cleanup() {
      await services.close();
      await streams.close();
      await db.drop();
    },
  };
  return h;
}

export type Harness = Awaited<ReturnType<typeof identityHarness>>;

/**
 * One identity service for a test file (or describe block): started on a fresh database and namespace before its
 * tests, with the admin signed in unless `signInAdmin` is false, and cleaned up after them; `set` hands the harness,
 * the running service, a client and the admin to the file's variables.
 */
export function useIdentityService(
  set: (started: { h: Harness; svc: Running; client: IdentityClient; admin: User | undefined }) => void,
  opts: { env?: Record<string, string>; signInAdmin?: boolean } = {},
): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await identityHarness(opts.env);
    const svc = await h.start();
    const client = h.client(svc);
    const admin = opts.signInAdmin === false ? undefined : (await client.login({ username: 'admin', password: ADMIN_PASSWORD })).user!;
    set({ h, svc, client, admin });
  });
  afterAll(async () => {
    await h?.cleanup();
  });
}

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
