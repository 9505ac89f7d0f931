// Bidi controls, zero-width and mark-only text, stacked marks, draft questions' comments and the spec's text rules:
// through the gateway, against the real services.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@mzansi/kit/testing';
import { createQuestionAs, expectCleanError, PASSWORD, uname } from '../api/helpers.js';
import { commentsOpen, waitSearchable } from '../api/social-helpers.js';
import { startSystem, type SecUser, type System } from './system.js';

let sys: System;
let u: SecUser; // a signed-in user
let v: SecUser; // another one

const BIDI = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const INVISIBLE = ['\u200B', '\u200B\u200C\u200D', '\u2060', '\uFEFF', ' \u200B\n\u200D\t', '\u00AD\u180E', '\u3164', '\u2800\u2800', '\u0301\u0302', '\u3164\u0489\u20DD'];
/** "Zalgo": more than two marks on one letter (after NFC), also with joiners between them. */
const STACKED = ['Z\u0336\u0327\u0300algo', 'q\u0301\u0302\u0303', 'e\u0301\u0302\u0303\u0304', 'q\u0301\u200D\u0302\u200C\u0303'];
const RANGES = '(U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069)';
const BIDI_NAME = `Name cannot contain characters that change the text direction ${RANGES}`;
const BIDI_COMMENT = `Comments cannot contain characters that change the text direction ${RANGES}`;
const marks = (what: string) => `${what} cannot put more than 2 accents or marks on one letter`;

beforeAll(async () => {
  sys = await startSystem({ gatewayEnv: { RATE_COMMENTS_PER_MIN: '1000', RATE_SIGNUP_PER_IP: '1000' } });
  [u, v] = await Promise.all([sys.user('Txt', true), sys.user('Vis', true)]);
});

afterAll(async () => {
  await sys?.stop();
});

const signup = (name: string) => sys.browser().post('/api/auth/signup', { username: uname('nm'), password: PASSWORD, name, consent: true });

describe('display names', () => {
  it('U+202E and every other bidi control in a name → 400 with a clear message; no account is made', async () => {
    const refused: number[] = [];
    for (const c of BIDI) {
      const res = await signup(`Sipho ${c}inimalD`);
      expectCleanError(res, 400, BIDI_NAME);
      refused.push(res.status);
    }
    console.log(`[security] names: ${refused.length}/${BIDI.length} bidi controls refused (400)`);
  });

  it('a name of only invisible characters → 400 like an empty one', async () => {
    for (const name of INVISIBLE) expectCleanError(await signup(name), 400, 'Please fill in all required fields');
    console.log(`[security] names: ${INVISIBLE.length}/${INVISIBLE.length} invisible-only names refused (400)`);
  });

  it('more than two marks on one letter → 400 at signup and on the profile; two (or an accent that composes) are fine', async () => {
    for (const name of STACKED) expectCleanError(await signup(`Sipho ${name}`), 400, marks('Name'));
    for (const name of STACKED) expectCleanError(await u.b.patch(`/api/users/${u.id}`, { name }), 400, marks('Name'));
    for (const c of BIDI) expectCleanError(await u.b.patch(`/api/users/${u.id}`, { name: `Evil${c}eman` }), 400, BIDI_NAME);
    for (const name of INVISIBLE) expect((await u.b.patch(`/api/users/${u.id}`, { name })).status).toBe(400);
    const fine = await u.b.patch(`/api/users/${u.id}`, { name: 'Zoe\u0301\u0308 Nkosi 1\uFE0F\u20E3' });
    expect(fine.status, fine.text).toBe(200);
    expect((await u.b.get('/api/auth/me')).json.name).toBe('Zoé\u0308 Nkosi 1\uFE0F\u20E3');
    console.log(`[security] names: ${STACKED.length}/${STACKED.length} stacked-mark names refused at signup and on the profile (400)`);
  });

  it('a decomposed name comes back composed (NFC), in the signup answer, /me and people search', async () => {
    const b = sys.browser();
    const username = uname('nfc');
    const res = await b.post('/api/auth/signup', { username, password: PASSWORD, name: 'Zoe\u0301 Nkosi\u0301', consent: true });
    expect(res.status, res.text).toBe(201);
    expect(res.json.name).toBe('Zo\u00E9 Nkos\u00ED');
    expect((await b.get('/api/auth/me')).json.name).toBe('Zo\u00E9 Nkos\u00ED');
    await waitSearchable(u.b, username);
    const found = (await u.b.get(`/api/users/search?q=${username}`)).json.find((p: { username: string }) => p.username === username);
    expect(found.name).toBe('Zo\u00E9 Nkos\u00ED');
  });
});

describe('comments', () => {
  let q: string;
  beforeAll(async () => {
    q = await sys.publishQuestion();
  });

  it('zero-width-only and other invisible-only comments → 400 "Please write something or add an image"; nothing stored', async () => {
    for (const content of INVISIBLE) expectCleanError(await u.b.post(`/api/questions/${q}/comments`, { content }), 400, 'Please write something or add an image');
    for (const c of BIDI) expectCleanError(await u.b.post(`/api/questions/${q}/comments`, { content: `Great ${c}question` }), 400, BIDI_COMMENT);
    expect((await sys.browser().get(`/api/questions/${q}/comments`)).json).toEqual([]);
    for (const c of STACKED) expectCleanError(await u.b.post(`/api/questions/${q}/comments`, { content: `Ayoba ${c}` }), 400, marks('Comments'));
    expect((await sys.browser().get(`/api/questions/${q}/comments`)).json).toEqual([]);
    // Visible text with a zero-width character inside is fine.
    expect((await u.b.post(`/api/questions/${q}/comments`, { content: 'Sharp\u200B sharp' })).status).toBe(201);
    console.log(`[security] comments: ${INVISIBLE.length} invisible-only, ${BIDI.length} bidi and ${STACKED.length} stacked-mark comments refused (400), 0 stored`);
  });
});

describe('question suggestions', () => {
  it('bidi controls, invisible-only titles and stacked marks → 400; nothing stored', async () => {
    const suggest = (title: string, description = '') => v.b.post('/api/question-suggestions', { title, description });
    for (const c of BIDI) expectCleanError(await suggest(`Will the ${c}Springboks win in Paris?`), 400, `Question cannot contain characters that change the text direction ${RANGES}`);
    for (const c of BIDI) expectCleanError(await suggest('Will the Springboks win in Paris?', `Because ${c}reasons`), 400, `Description cannot contain characters that change the text direction ${RANGES}`);
    for (const blank of INVISIBLE) expectCleanError(await suggest(blank.repeat(12)), 400, 'Question must be at least 10 characters');
    for (const c of STACKED) expectCleanError(await suggest(`Will ${c} win the race?`), 400, marks('Question'));
    for (const c of STACKED) expectCleanError(await suggest('Will the Springboks win in Paris?', c), 400, marks('Description'));
    expect((await v.b.get('/api/question-suggestions?user=me')).json).toEqual([]);
    console.log(`[security] suggestions: ${2 * BIDI.length} bidi, ${INVISIBLE.length} invisible-only and ${2 * STACKED.length} stacked-mark refused (400), 0 stored`);
  });
});

describe('comments of unpublished or deleted questions', () => {
  it('a draft: 404 "Question not found" to a user and signed out (read and post); 200 to the admin', async () => {
    const draft = await createQuestionAs(sys.admin, `Will the draft stay hidden ${uname('q')}?`, false);
    const adminPost = await sys.admin.post(`/api/questions/${draft}/comments`, { content: 'Note for the other admins' });
    expect(adminPost.status, adminPost.text).toBe(201);

    const checks = [
      expectCleanError(await u.b.get(`/api/questions/${draft}/comments`), 404, 'Question not found'),
      expectCleanError(await sys.browser().get(`/api/questions/${draft}/comments`), 404, 'Question not found'),
      expectCleanError(await u.b.post(`/api/questions/${draft}/comments`, { content: 'first!' }), 404, 'Question not found'),
      // The same answer in another case of the id (ids are case-insensitive).
      expectCleanError(await sys.browser().get(`/api/questions/${draft.toUpperCase()}/comments`), 404),
    ];
    const asAdmin = await sys.admin.get(`/api/questions/${draft}/comments`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json.map((c: { id: string }) => c.id)).toEqual([adminPost.json.id]);

    // Published: open to everyone (once social has the event).
    expect((await sys.admin.post(`/api/admin/questions/${draft}/publish`)).status).toBe(200);
    await commentsOpen(sys.services, draft);
    expect((await sys.browser().get(`/api/questions/${draft}/comments`)).json.map((c: { id: string }) => c.id)).toEqual([adminPost.json.id]);
    console.log(`[security] draft comments: ${checks.length}/${checks.length} non-admin reads and posts 404, admin 200`);
  });

  it('deleted: 404 to users as soon as social has the event; the admin gets an empty list', async () => {
    const q = await sys.publishQuestion();
    expect((await u.b.post(`/api/questions/${q}/comments`, { content: 'Before the end' })).status).toBe(201);
    const del = await sys.admin.req('DELETE', `/api/admin/questions/${q}`);
    expect(del.status, del.text).toBeLessThan(300);
    await eventually(async () => {
      expect((await u.b.get(`/api/questions/${q}/comments`)).status, 'social learns of the deletion').toBe(404);
      return true;
    }, 10_000);
    expectCleanError(await sys.browser().get(`/api/questions/${q}/comments`), 404, 'Question not found');
    expectCleanError(await u.b.post(`/api/questions/${q}/comments`, { content: 'Too late' }), 404);
    expect((await sys.admin.get(`/api/questions/${q}/comments`)).json).toEqual([]);
  });
});

describe('the spec: suggestion delete and friend requests', () => {
  it('the author deleting their own suggestion → 403 and it remains; the admin → 200 and it is gone', async () => {
    const s = await u.b.post('/api/question-suggestions', { title: 'Will the Springboks win in Paris?' });
    expect(s.status, s.text).toBe(201);
    expectCleanError(await u.b.req('DELETE', `/api/question-suggestions/${s.json.id}`), 403);
    expectCleanError(await v.b.req('DELETE', `/api/question-suggestions/${s.json.id}`), 403);
    expect((await u.b.get('/api/question-suggestions?user=me')).json.map((x: { id: string }) => x.id)).toEqual([s.json.id]);
    const byAdmin = await sys.admin.req('DELETE', `/api/question-suggestions/${s.json.id}`);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect((await u.b.get('/api/question-suggestions?user=me')).json).toEqual([]);
  });

  it("an admin reads another user's friend requests (200, the real list); a user gets 403", async () => {
    const sent = await u.b.post('/api/friendships', { userId: u.id, friendId: v.id });
    expect(sent.status, sent.text).toBe(201);
    const incoming = await sys.admin.get(`/api/users/${v.id}/friend-requests`);
    expect(incoming.status).toBe(200);
    expect(incoming.json.map((r: { id: string; requester: { id: string } }) => [r.id, r.requester.id])).toEqual([[sent.json.id, u.id]]);
    const outgoing = await sys.admin.get(`/api/users/${u.id}/sent-requests`);
    expect(outgoing.status).toBe(200);
    expect(outgoing.json.map((r: { id: string }) => r.id)).toEqual([sent.json.id]);
    expectCleanError(await u.b.get(`/api/users/${v.id}/friend-requests`), 403);
    expectCleanError(await v.b.get(`/api/users/${u.id}/sent-requests`), 403);
  });
});
