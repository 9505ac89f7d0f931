import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUp, startGatewayForTest, startServicesForTest, uname, until, type Browser } from './helpers.js';
import { answer, befriend, newUser } from './social-helpers.js';
import { LiveClient, wsUrl, type LiveMessage } from './live-helpers.js';

/**
 * Per-language question text through the API: the admin's isiZulu, Afrikaans and Sesotho text comes back
 * from create and in today's and the public list (signed out too); bad input is a clear 400 before any service call.
 * The admin edits them later (PUT /api/admin/questions/{id}/translations), and the live new-question message carries
 * them. The real services; PUBLIC_CACHE_MS=0 so each read shows the current state.
 */
const PUBLIC_URL = 'http://localhost:5173';
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let adminB: Browser;
let anon: Browser;

beforeAll(async () => {
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, PUBLIC_CACHE_MS: '0', PUBLIC_URL });
  adminB = await signInAdmin(gw);
  anon = gw.browser();
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

const question = (extra: Record<string, unknown>) => ({
  text: `Will the rand strengthen this week ${randomUUID().slice(0, 6)}`,
  context: 'Think about the markets.',
  date: new Date().toISOString(),
  options: [
    { id: 'yes', text: 'Yes' },
    { id: 'no', text: 'No' },
  ],
  ...extra,
});

describe('question translations', () => {
  it('round-trips through create, publish, today and the public list', async () => {
    const translations = {
      zu: { text: 'Ngabe irandi lizoqina kuleli sonto?', context: 'Cabanga ngezimakethe.', options: { yes: 'Yebo', no: 'Cha' } },
      af: { text: 'Sal die rand hierdie week sterker word', options: { yes: 'Ja', no: 'Nee' } },
      st: { text: 'Na randa e tla matlafala bekeng ena' },
    };
    const created = await adminB.post('/api/admin/questions', question({ translations }));
    expect(created.status, created.text).toBe(201);
    expect(created.json.translations).toEqual({
      zu: { text: 'Ngabe irandi lizoqina kuleli sonto', context: 'Cabanga ngezimakethe.', options: { yes: 'Yebo', no: 'Cha' }, resolutionCriteria: null },
      af: { text: 'Sal die rand hierdie week sterker word', context: null, options: { yes: 'Ja', no: 'Nee' }, resolutionCriteria: null },
      st: { text: 'Na randa e tla matlafala bekeng ena', context: null, options: {}, resolutionCriteria: null },
    });
    const id = created.json.id as string;
    expect((await adminB.post(`/api/admin/questions/${id}/publish`)).status).toBe(200);
    const today = (await anon.get('/api/questions/today')).json.find((q: { id: string }) => q.id === id);
    expect(today.translations).toEqual(created.json.translations);
    const listed = (await anon.get('/api/questions/public')).json.find((q: { id: string }) => q.id === id);
    expect(listed.translations.af.options).toEqual({ yes: 'Ja', no: 'Nee' });

    // Without translations the field is absent (English only).
    const plain = await adminB.post('/api/admin/questions', question({}));
    expect(plain.status).toBe(201);
    expect(plain.json).not.toHaveProperty('translations');
  });

  it('refuses bad translations with a 400', async () => {
    const bad: [unknown, RegExp][] = [
      [{ xh: { text: 'Ingaba' } }, /./],
      [{ zu: { text: 'x'.repeat(301) } }, /./],
      [{ af: { text: 'Vraag', context: 'x'.repeat(2001) } }, /./],
      [{ st: { text: 'Potso', options: { yes: 'x'.repeat(61) } } }, /./],
      [{ st: { text: 'Potso', options: { maybe: 'Mohlomong' } } }, /two options/],
      [{ zu: { text: '', context: 'Only context' } }, /needs the question text/],
      [{ zu: { text: 'Umbuzo', extra: true } }, /./],
      [{ zu: 'Umbuzo' }, /./],
    ];
    for (const [translations, message] of bad) {
      const res = await adminB.post('/api/admin/questions', question({ translations }));
      expect(res.status, JSON.stringify(translations)).toBe(400);
      expect(res.json.message, JSON.stringify(translations)).toMatch(message);
    }
  });

  it('the admin edits them after create; bad input is a 400 and changes nothing; others are refused', async () => {
    const created = await adminB.post('/api/admin/questions', question({ translations: { zu: { text: 'Umbuzo' } } }));
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const put = (b: Browser, body: unknown) => b.put(`/api/admin/questions/${id}/translations`, body);
    const current = async () => (await adminB.get('/api/admin/questions')).json.find((q: { id: string }) => q.id === id).translations;

    const edited = await put(adminB, { translations: { zu: { text: 'Ngabe irandi lizoqina?', options: { yes: 'Yebo' } }, af: { text: 'Sal die rand sterker word' } } });
    expect(edited.status, edited.text).toBe(200);
    const after = {
      zu: { text: 'Ngabe irandi lizoqina', context: null, options: { yes: 'Yebo' }, resolutionCriteria: null },
      af: { text: 'Sal die rand sterker word', context: null, options: {}, resolutionCriteria: null },
    };
    expect(edited.json.translations).toEqual(after);
    expect(await current()).toEqual(after);

    for (const body of [
      { translations: { xh: { text: 'Ingaba' } } },
      { translations: { zu: { text: 'x'.repeat(301) } } },
      { translations: { af: { text: 'Vraag', context: 'x'.repeat(2001) } } },
      { translations: { st: { text: 'Potso', options: { maybe: 'Mohlomong' } } } },
      { translations: 'zu' },
      {},
    ]) {
      const res = await put(adminB, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toEqual(expect.any(String));
    }
    expect(await current()).toEqual(after);

    const member = gw.browser();
    await signUp(member, uname('tr'));
    // Refusals carry the gateway's stable codes, which the web shows in the reader's language.
    const refused = await put(member, { translations: {} });
    expect([refused.status, refused.json]).toEqual([403, { message: 'Admin access required', code: 'adminOnly' }]);
    const signedOut = await put(anon, { translations: {} });
    expect([signedOut.status, signedOut.json]).toEqual([401, { message: 'Please sign in to continue', code: 'signInRequired' }]);
    expect((await adminB.put(`/api/admin/questions/${randomUUID()}/translations`, { translations: {} })).status).toBe(404);
    expect(await current()).toEqual(after);

    // Removing every translation: English only again.
    const cleared = await put(adminB, { translations: {} });
    expect(cleared.status).toBe(200);
    expect(cleared.json).not.toHaveProperty('translations');
  });

  it('a question published live reaches the sockets with its translations, criteria and close time', async () => {
    const socket = await new LiveClient(wsUrl(gw.base), { origin: PUBLIC_URL }).open();
    try {
      const translations = { zu: { text: 'Ngabe lizona kusasa', context: 'Isimo sezulu.', options: { yes: 'Yebo', no: 'Cha' }, resolutionCriteria: 'Ngokwe-SAWS.' } };
      // With its resolution criteria and close time, which a live card shows too.
      const closesAt = new Date(Date.now() + 3600_000).toISOString();
      const created = await adminB.post('/api/admin/questions', question({ translations, resolutionCriteria: 'By the weather service.', closesAt }));
      const id = created.json.id as string;
      expect((await adminB.post(`/api/admin/questions/${id}/publish`)).status).toBe(200);
      const m = await socket.next((x: LiveMessage) => x.type === 'new-question' && x.question?.id === id, 5_000);
      expect(m.question.translations).toEqual(translations);
      expect(m.question).toMatchObject({ resolutionCriteria: 'By the weather service.', closesAt, isClosed: false });
    } finally {
      socket.close();
    }
  });

  it('the profile history and the friends feed carry them, so the reader sees their language', async () => {
    const translations = { zu: { text: 'Ngabe kuzona namuhla', context: null, options: { yes: 'Yebo', no: 'Cha' } } };
    const created = await adminB.post('/api/admin/questions', question({ translations }));
    const plain = await adminB.post('/api/admin/questions', question({}));
    const [id, plainId] = [created.json.id as string, plain.json.id as string];
    for (const q of [id, plainId]) expect((await adminB.post(`/api/admin/questions/${q}/publish`)).status).toBe(200);
    const me = await newUser(gw.browser(), uname('trh'), adminB);
    const friend = await newUser(gw.browser(), uname('trf'), adminB);
    await befriend(me, friend);
    for (const q of [id, plainId]) {
      await until(async () => ((await friend.b.post('/api/answers', { userId: friend.id, questionId: q, optionId: 'yes' })).status === 201 ? true : undefined), 10_000);
    }
    await answer(me, id, 'no');

    const history = await friend.b.get(`/api/users/${friend.id}/history`);
    expect(history.status, history.text).toBe(200);
    const byId = new Map((history.json as { questionId: string }[]).map((i) => [i.questionId, i]));
    expect(byId.get(id)).toMatchObject({ questionText: created.json.text, selectedOptionId: 'yes', translations: { zu: { text: translations.zu.text, options: { yes: 'Yebo', no: 'Cha' } } } });
    // A question without translations: English only, no field.
    expect(byId.get(plainId)).not.toHaveProperty('translations');

    const feed = await me.b.get('/api/feed/friends');
    expect(feed.status, feed.text).toBe(200);
    const card = (feed.json.questions as { id: string }[]).find((q) => q.id === id);
    expect(card).toMatchObject({ text: created.json.text, translations: { zu: { text: translations.zu.text } } });
    expect((feed.json.questions as { id: string }[]).find((q) => q.id === plainId)).not.toHaveProperty('translations');
  });
});
