// The real system for the security tests: identity, questions, voting, social and notification in-process (fresh
// databases, one events namespace) behind an in-process gateway with its own Redis prefix.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, signUp, startGatewayForTest, startServicesForTest, uname, type Browser } from '../api/helpers.js';
import { questionsClient, publishQuestion as publish, waitSearchable, type QuestionsClient } from '../api/social-helpers.js';
import type { Clock } from '@mzansi/kit';

export interface SecUser {
  id: string;
  username: string;
  b: Browser;
}

/**
 * The one local push service the security tests' gateway and notification service accept: 127.0.0.1's discard
 * port, so that a publish during a run never pushes anywhere real (a test may name its own fake instead).
 */
export const DEV_PUSH_ORIGIN = 'http://127.0.0.1:9';

export async function startSystem(
  opts: { gatewayEnv?: Record<string, string>; identityEnv?: Record<string, string>; clock?: Clock; notification?: boolean | Record<string, string> } = {},
) {
  const devPush = (typeof opts.notification === 'object' && opts.notification.PUSH_DEV_ORIGIN) || DEV_PUSH_ORIGIN;
  const services = await startServicesForTest({
    clock: opts.clock,
    identity: opts.identityEnv,
    notification: opts.notification
      ? {
          MAIL_DIR: mkdtempSync(path.join(tmpdir(), 'sec-mail-')),
          PUBLIC_URL: 'http://localhost:8080',
          PUSH_DEV_ORIGIN: devPush,
          ...(typeof opts.notification === 'object' ? opts.notification : {}),
        }
      : undefined,
  });
  let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
  try {
    gw = await startGatewayForTest(
      services.identityAddress,
      { ...services.gatewayEnv, EVENTS_NAMESPACE: services.ns, PUBLIC_CACHE_MS: '0', PUSH_DEV_ORIGIN: devPush, ...opts.gatewayEnv },
      { clock: opts.clock },
    );
  } catch (err) {
    await services.cleanup();
    throw err;
  }
  const questions: QuestionsClient = questionsClient(services);
  const admin = gw.browser();
  const login = await admin.post('/api/auth/login', { username: ADMIN_USERNAME, password: ADMIN_PASSWORD });
  expect(login.status, login.text).toBe(200);
  const adminId = login.json.id as string;

  return {
    services,
    gw,
    base: gw.base,
    questions,
    admin,
    adminId,
    browser: (headers: Record<string, string> = {}) => gw.browser(headers),
    /** A new signed-up user (waits until social's directory knows them when `searchable`). */
    async user(stem = 'Sec', searchable = false): Promise<SecUser> {
      const b = gw.browser();
      const u = await signUp(b, uname(stem));
      if (searchable) await waitSearchable(admin, u.username);
      return { id: u.id, username: u.username, b };
    },
    publishQuestion: (text?: string) => publish(services, questions, text),
    async stop() {
      questions.close();
      await gw.stop().catch(() => undefined);
      await services.cleanup();
    },
  };
}

export type System = Awaited<ReturnType<typeof startSystem>>;

/** The sum of a Prometheus series on the gateway's metrics port over the lines containing every `fragment`. */
export async function metricValue(metricsPort: number, name: string, fragments: string[]): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name + '{')) continue;
    if (fragments.every((f) => line.includes(f))) total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

/**
 * A question list as it stands, for "nothing changed" comparisons: without the cards' sparklines, whose last point
 * is the moment of reading (an open question's split "now"), so two reads a second apart differ by design.
 */
export function questionsAsStored(list: unknown): unknown {
  return Array.isArray(list) ? list.map((q) => (q && typeof q === 'object' ? { ...q, sparkline: undefined } : q)) : list;
}
