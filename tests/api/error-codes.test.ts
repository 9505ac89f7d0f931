import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredMessages, ERROR_CODE_HEADER, ERROR_PARAMS_HEADER, grpc } from '@mzansi/kit';
import { codeOf } from '../../gateway/src/errors.js';
import { createQuestionAs, expectCleanError, signInAdmin, signUp, startGatewayForTest, startServicesForTest, uname, type Browser } from './helpers.js';
import { waitSearchable } from './social-helpers.js';

/**
 * The services' fixed messages travel with a stable code (kit message-codes.ts → gRPC trailing metadata → the
 * gateway's `{message, code, params}`), so that the web shows `error.<code>` in the reader's language.
 */
const en = JSON.parse(readFileSync(new URL('../../web/src/i18n/locales/en.json', import.meta.url), 'utf8')).messages as Record<string, string>;

describe("every service's coded message", () => {
  it("is in the web's English catalogue with the same words (a translation's {argument} stands for a number)", async () => {
    // The modules that declare them (the stack below loads them too; imported here so this test stands alone).
    await Promise.all([
      import('../../services/identity/src/entry-points/grpc/identity-service.js'),
      import('../../services/notification/src/entry-points/grpc/notification-service.js'),
      import('../../services/questions/src/entry-points/grpc/questions-service.js'),
      import('../../services/questions/src/domain/suggestions.js'),
      import('../../services/social/src/entry-points/grpc/social-service.js'),
      import('../../services/voting/src/entry-points/grpc/voting-service.js'),
    ]);
    const declared = declaredMessages();
    expect(declared.length).toBeGreaterThan(70);
    for (const { code, text } of declared) {
      const message = en[`error.${code}`];
      expect(message, code).toBeDefined();
      // An argument may name its style (`{minute, number, twoDigits}`): it is a number all the same.
      const pattern = message!.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+(?:, [\w ,]+)?\}/g, '\\d+');
      expect(text, code).toMatch(new RegExp(`^${pattern}$`));
    }
  });
});

describe('codeOf (what the gateway accepts from a service)', () => {
  const md = (code?: string, params?: string) => {
    const m = new grpc.Metadata();
    if (code !== undefined) m.set(ERROR_CODE_HEADER, code);
    if (params !== undefined) m.set(ERROR_PARAMS_HEADER, params);
    return m;
  };

  it('passes a letters-only code and a flat object of numbers', () => {
    expect(codeOf(md('voteClosed'))).toEqual({ code: 'voteClosed' });
    expect(codeOf(md('confidenceRange', '{"min":50,"max":99}'))).toEqual({ code: 'confidenceRange', params: { min: 50, max: 99 } });
  });

  it('drops a code that is not letters only, and params that are not all numbers', () => {
    expect(codeOf(md())).toEqual({});
    expect(codeOf(md('vote.closed'))).toEqual({});
    expect(codeOf(md('<b>x</b>'))).toEqual({});
    expect(codeOf(md('x'.repeat(65)))).toEqual({});
    expect(codeOf(md('voteClosed', '{"min":"<b>"}'))).toEqual({ code: 'voteClosed' });
    expect(codeOf(md('voteClosed', '{"a.b":1}'))).toEqual({ code: 'voteClosed' });
    expect(codeOf(md('voteClosed', '[1,2]'))).toEqual({ code: 'voteClosed' });
    expect(codeOf(md('voteClosed', 'not json'))).toEqual({ code: 'voteClosed' });
    expect(codeOf(undefined)).toEqual({});
  });
});

describe('a refusal from a service reaches the HTTP answer as {message, code}', () => {
  let system: Awaited<ReturnType<typeof startServicesForTest>>;
  let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
  let admin: Browser;

  beforeAll(async () => {
    system = await startServicesForTest();
    gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_CACHE_MS: '0' });
    admin = await signInAdmin(gw);
  });

  afterAll(async () => {
    await gw?.stop().catch(() => undefined);
    await system?.cleanup();
  });

  it('identity: a taken username', async () => {
    const name = uname('taken');
    await signUp(gw.browser(), name);
    const res = await gw.browser().post('/api/auth/signup', { username: name, password: 'a-good-password-1', name: 'Again', consent: true });
    expectCleanError(res, 409, 'Username already taken');
    expect(res.json.code).toBe('userTaken');
  });

  it('voting: a second, different answer to the same question', async () => {
    const questionId = await createQuestionAs(admin, `Will the coded refusal arrive ${Date.now()}?`);
    await system.projected(questionId);
    const b = gw.browser();
    const me = await signUp(b, uname('voter'));
    expect((await b.post('/api/answers', { userId: me.id, questionId, optionId: 'yes' })).status).toBe(201);
    const again = await b.post('/api/answers', { userId: me.id, questionId, optionId: 'no' });
    expectCleanError(again, 409, 'You have already answered this question');
    expect(again.json).toEqual({ message: 'You have already answered this question', code: 'voteDifferent' });
  });

  it("social: a friend request to oneself; the gateway's own check keeps its code and numbers", async () => {
    const b = gw.browser();
    const me = await signUp(b, uname('self'));
    await waitSearchable(admin, me.username); // social knows the user (identity's event)
    const res = await b.post('/api/friendships', { userId: me.id, friendId: me.id });
    expect(res.json).toEqual({ message: 'You cannot send a friend request to yourself', code: 'socialSelf' });
    const confidence = await b.post('/api/answers', { userId: me.id, questionId: crypto.randomUUID(), optionId: 'yes', confidence: 120 });
    expect(confidence.json).toEqual({ message: 'Confidence must be a whole number from 50 to 99', code: 'confidenceRange', params: { min: 50, max: 99 } });
  });
});
