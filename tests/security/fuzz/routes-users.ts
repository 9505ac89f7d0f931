// The fuzzed routes (fuzz.test.ts), part 2: accounts, answers, friendships, comments and suggestions.
import fc from 'fast-check';
import { expect } from 'vitest';
import { PASSWORD } from '../../api/helpers.js';
import type { Fixtures } from './fixtures.js';
import { anyText, commentText, email, junkJson, malformedJson, noNul, notUuid, phone, plan, printable, rawBody, req, seg, shows, suggestionTitle, uniqueUsername, username, VALID_POOL, withNul, wrongTypes, type Plan, type Req, type Route } from './arbitraries.js';

export function userRoutes(f: Fixtures): Route[] {
  const { u, other, q1, q2, adminComment, suggestionId, loginUser, friendTargets, incoming } = f;
  const uid = () => u.id;
  const pooled = (name: string, take: () => string, make: (id: string) => Req, invalid: fc.Arbitrary<Plan>): Route => ({
    name,
    validRuns: VALID_POOL,
    valid: fc.constant(() => Promise.resolve(make(take()))),
    invalid,
  });

  return [
    {
      name: 'POST /api/auth/signup',
      valid: fc
        .record({ username: uniqueUsername, password: fc.string({ unit: 'binary', minLength: 8, maxLength: 64 }).filter(noNul), name: printable(1, 60).filter((n) => n.trim().length > 0 && shows(n)) }, { requiredKeys: ['username', 'password', 'name'] })
        .chain((b) => fc.record({ email: fc.option(email, { nil: undefined }), phoneNumber: fc.option(phone, { nil: undefined }) }).map((x) => ({ ...b, ...x })))
        .map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
      invalid: fc.oneof(
        fc.record({ username: anyText(40).filter((s) => !/^[A-Za-z0-9_]{3,30}$/.test(s.trim())), password: fc.constant(PASSWORD), name: fc.constant('N') }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        fc.record({ username: uniqueUsername, password: fc.string({ maxLength: 7 }), name: fc.constant('N') }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        fc.record({ username: uniqueUsername, password: fc.constant(PASSWORD), name: fc.constantFrom('', '   ', 'x'.repeat(101)) }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        fc.record({ username: uniqueUsername, password: fc.constant(PASSWORD), name: fc.constantFrom('Sipho \u202Eevil', '\u2066x\u2069', '\u200B\u200D', '\uFEFF\u2060') }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        fc.record({ username: uniqueUsername, password: fc.constant(PASSWORD), name: fc.constant('N'), email: anyText(30).filter((e) => e.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e.trim())) }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        fc.constant(0).map(() => req('anon', 'POST', '/api/auth/signup', { username: u.username.toUpperCase(), password: PASSWORD, name: 'Dup', consent: true })),
        fc.record({ username: uniqueUsername, password: fc.constant(PASSWORD), name: withNul.map((n) => `N${n}`) }).map((b) => req('anon', 'POST', '/api/auth/signup', { ...b, consent: true })),
        // POPIA consent: anything but `true` (missing, false, "true", 1, an object) is refused.
        fc
          .record({ username: uniqueUsername, password: fc.constant(PASSWORD), name: fc.constant('N'), consent: fc.constantFrom(undefined, false, 'true', 1, null, {}, [true]) })
          .map((b) => req('anon', 'POST', '/api/auth/signup', b)),
        wrongTypes(['username', 'password', 'name']).map((b) => req('anon', 'POST', '/api/auth/signup', b)),
      ),
    },
    {
      name: 'POST /api/auth/login',
      valid: fc.constantFrom('', ' ', '\t').map((pad) => req('anon', 'POST', '/api/auth/login', { username: `${pad}${loginUser}${pad}`, password: PASSWORD })),
      invalid: fc.oneof(
        fc.record({ username: username, password: fc.string({ minLength: 1, maxLength: 30 }) }).map((b) => req('anon', 'POST', '/api/auth/login', b)),
        fc.record({ username: anyText(60), password: anyText(60) }).map((b) => req('anon', 'POST', '/api/auth/login', b)),
        fc.string({ minLength: 1, maxLength: 30 }).filter((p) => p !== PASSWORD).map((p) => req('anon', 'POST', '/api/auth/login', { username: loginUser, password: p })),
        wrongTypes(['username', 'password']).map((b) => req('anon', 'POST', '/api/auth/login', b)),
      ),
    },
    {
      name: 'POST /api/auth/logout',
      valid: fc.option(junkJson.filter((v) => typeof v === 'object' && v !== null && !JSON.stringify(v).includes('\\u0000')), { nil: undefined }).map((b) => req('anon', 'POST', '/api/auth/logout', b)),
      invalid: fc.string({ minLength: 1 }).map((s) => plan({ who: 'anon', method: 'POST', path: '/api/auth/logout', raw: s })),
    },
    {
      name: 'PUT /api/users/{id}/notifications',
      valid: fc
        // The fuzz user has no phone number, so WhatsApp alerts can only be switched off (on is a 400).
        .record({ emailNotifications: fc.boolean(), browserNotifications: fc.boolean(), whatsappNotifications: fc.constant(false) }, { requiredKeys: [] })
        .filter((b) => Object.keys(b).length > 0)
        .map((b) => req('user', 'PUT', `/api/users/${uid()}/notifications`, b)),
      invalid: fc.oneof(
        fc.constant(0).map(() => req('user', 'PUT', `/api/users/${uid()}/notifications`, {})),
        wrongTypes(['emailNotifications', 'browserNotifications']).map((b) => req('user', 'PUT', `/api/users/${uid()}/notifications`, b)),
        fc.uuid().map((id) => req('user', 'PUT', `/api/users/${id}/notifications`, { emailNotifications: true })),
        notUuid.map((id) => req('user', 'PUT', `/api/users/${seg(id)}/notifications`, { emailNotifications: true })),
      ),
    },
    {
      name: 'PATCH /api/users/{id}',
      valid: fc
        .record(
          {
            email: fc.oneof(email, fc.constant(null), fc.constant('')),
            phoneNumber: fc.oneof(phone, fc.constant(null), fc.constant('')),
            emailNotifications: fc.boolean(),
            whatsappNotifications: fc.constant(false),
          },
          { requiredKeys: [] },
        )
        .filter((b) => Object.keys(b).length > 0)
        .map((b) => req('user', 'PATCH', `/api/users/${uid()}`, b)),
      invalid: fc.oneof(
        anyText(60).filter((e) => e.trim() !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e.trim())).map((e) => req('user', 'PATCH', `/api/users/${uid()}`, { email: e })),
        anyText(30).filter((p) => p.trim() !== '' && !/^\+?[0-9][0-9 ()-]{5,19}$/.test(p.trim())).map((p) => req('user', 'PATCH', `/api/users/${uid()}`, { phoneNumber: p })),
        fc.constant(0).map(() => req('user', 'PATCH', `/api/users/${uid()}`, {})),
        fc.uuid().map((id) => req('user', 'PATCH', `/api/users/${id}`, { emailNotifications: true })),
        wrongTypes(['email', 'phoneNumber', 'emailNotifications']).map((b) => req('user', 'PATCH', `/api/users/${uid()}`, b)),
      ),
    },
    {
      name: 'POST /api/answers',
      valid: fc.boolean().map((withUser) => req('user', 'POST', '/api/answers', { ...(withUser ? { userId: uid() } : {}), questionId: q1, optionId: 'yes' })),
      invalid: fc.oneof(
        fc.constant(0).map(() => req('user', 'POST', '/api/answers', { questionId: q1, optionId: 'no' })),
        anyText(30).filter((o) => o !== 'yes' && o !== 'no').map((o) => req('user', 'POST', '/api/answers', { questionId: q2, optionId: o })),
        fc.uuid().map((id) => req('user', 'POST', '/api/answers', { questionId: id, optionId: 'yes' })),
        notUuid.map((id) => req('user', 'POST', '/api/answers', { questionId: id, optionId: 'yes' })),
        fc.uuid().map((id) => req('user', 'POST', '/api/answers', { userId: id, questionId: q2, optionId: 'yes' })),
        wrongTypes(['questionId', 'optionId', 'userId']).map((b) => req('user', 'POST', '/api/answers', b)),
        malformedJson.map(rawBody),
      ),
    },
    pooled(
      'POST /api/friendships',
      () => friendTargets.shift()!,
      (id) => ({ who: 'user', method: 'POST', path: '/api/friendships', json: { userId: u.id, friendId: id } }),
      fc.oneof(
        fc.uuid().map((id) => req('user', 'POST', '/api/friendships', { friendId: id })),
        anyText(60).filter((n) => n.trim().length > 0).map((n) => req('user', 'POST', '/api/friendships', { friendUsername: `zz${n}` })),
        fc.constant(0).map(() => req('user', 'POST', '/api/friendships', { friendId: u.id })),
        fc.constant(0).map(() => req('user', 'POST', '/api/friendships', { friendUsername: u.username })),
        fc.constant(0).map(() => req('user', 'POST', '/api/friendships', {})),
        fc.uuid().map((id) => req('user', 'POST', '/api/friendships', { userId: id, friendId: other.id })),
        wrongTypes(['friendId', 'friendUsername', 'userId']).map((b) => req('user', 'POST', '/api/friendships', b)),
      ),
    ),
    ...(['accept', 'reject'] as const).map((action) =>
      pooled(
        `PUT /api/friend-requests/{id}/${action}`,
        () => incoming[action].shift()!,
        (id) => ({ who: 'user', method: 'PUT', path: `/api/friend-requests/${id}/${action}`, json: { userId: u.id } }),
        fc.oneof(
          fc.uuid().map((id) => req('user', 'PUT', `/api/friend-requests/${id}/${action}`, {})),
          notUuid.map((id) => req('user', 'PUT', `/api/friend-requests/${seg(id)}/${action}`, {})),
          fc.uuid().map((id) => req('user', 'PUT', `/api/friend-requests/${incoming[action][0] ?? id}/${action}`, { userId: id })),
          wrongTypes(['userId']).map((b) => req('user', 'PUT', `/api/friend-requests/${incoming[action][0]}/${action}`, b)),
        ),
      ),
    ),
    {
      name: 'POST /api/questions/{id}/comments',
      valid: commentText.map((content) => req('user', 'POST', `/api/questions/${q2}/comments`, { content })),
      invalid: fc.oneof(
        fc.constantFrom('', '   ', '\n\t', '\u200B\u200B', ' \u200D\uFEFF ', 'a\u202Eb', '\u2067x').map((content) => req('user', 'POST', `/api/questions/${q2}/comments`, { content })),
        fc.string({ minLength: 2001, maxLength: 2100 }).filter((s) => s.trim().length > 2000).map((content) => req('user', 'POST', `/api/questions/${q2}/comments`, { content })),
        anyText(60).filter((x) => x !== '').map((imageUrl) => req('user', 'POST', `/api/questions/${q2}/comments`, { content: 'x', imageUrl })),
        withNul.map((content) => req('user', 'POST', `/api/questions/${q2}/comments`, { content: `hello ${content}` })),
        fc.uuid().map((id) => req('user', 'POST', `/api/questions/${id}/comments`, { content: 'hello' })),
        notUuid.map((id) => req('user', 'POST', `/api/questions/${seg(id)}/comments`, { content: 'hello' })),
        wrongTypes(['content', 'imageUrl']).map((b) => req('user', 'POST', `/api/questions/${q2}/comments`, b)),
      ),
    },
    {
      name: 'DELETE /api/comments/{id}',
      valid: commentText.map((content) => async () => {
        const c = await u.b.post(`/api/questions/${q2}/comments`, { content });
        expect(c.status, c.text).toBe(201);
        return { who: 'user' as const, method: 'DELETE', path: `/api/comments/${c.json.id}` };
      }),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('user', 'DELETE', `/api/comments/${id}`)),
        notUuid.map((id) => req('user', 'DELETE', `/api/comments/${seg(id)}`)),
        fc.constant(0).map(() => req('user', 'DELETE', `/api/comments/${adminComment}`)),
      ),
    },
    {
      name: 'POST /api/question-suggestions',
      valid: fc
        .record({ title: suggestionTitle, description: fc.option(printable(0, 300).filter((d) => !d.trim() || shows(d)), { nil: undefined }) }, { requiredKeys: ['title'] })
        .map((b) => req('user', 'POST', '/api/question-suggestions', b)),
      invalid: fc.oneof(
        printable(0, 9).filter((t) => [...t.trim()].length < 10).map((title) => req('user', 'POST', '/api/question-suggestions', { title })),
        withNul.map((t) => req('user', 'POST', '/api/question-suggestions', { title: `A long enough title ${t}` })),
        fc.string({ minLength: 201, maxLength: 260 }).filter((t) => [...t.trim()].length > 200).map((title) => req('user', 'POST', '/api/question-suggestions', { title })),
        fc.string({ minLength: 2001, maxLength: 2100 }).filter((d) => [...d.trim()].length > 2000).map((description) => req('user', 'POST', '/api/question-suggestions', { title: 'A perfectly fine title', description })),
        wrongTypes(['title', 'description']).map((b) => req('user', 'POST', '/api/question-suggestions', b)),
      ),
    },
    {
      name: 'PUT /api/question-suggestions/{id}',
      valid: fc
        .record({ status: fc.constantFrom('pending', 'approved', 'rejected', 'used'), adminNotes: fc.option(printable(0, 200), { nil: undefined }) }, { requiredKeys: ['status'] })
        .map((b) => req('admin', 'PUT', `/api/question-suggestions/${suggestionId}`, b)),
      invalid: fc.oneof(
        anyText(20).filter((s) => !['pending', 'approved', 'rejected', 'used'].includes(s)).map((status) => req('admin', 'PUT', `/api/question-suggestions/${suggestionId}`, { status })),
        fc.uuid().map((id) => req('admin', 'PUT', `/api/question-suggestions/${id}`, { status: 'approved' })),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'PUT', `/api/question-suggestions/${seg(id)}`, { status: 'approved' })),
        fc.string({ minLength: 2001, maxLength: 2100 }).filter((n) => [...n.trim()].length > 2000).map((adminNotes) => req('admin', 'PUT', `/api/question-suggestions/${suggestionId}`, { status: 'used', adminNotes })),
        wrongTypes(['status', 'adminNotes']).map((b) => req('admin', 'PUT', `/api/question-suggestions/${suggestionId}`, b)),
        fc.constant(0).map(() => req('user', 'PUT', `/api/question-suggestions/${suggestionId}`, { status: 'approved' })),
      ),
    },
    {
      name: 'POST /api/question-suggestions/{id}/use',
      // Each valid Use on a fresh suggestion; a second Use of one (409) is in tests/api/suggestion-drafts.test.ts.
      valid: suggestionTitle.map((title) => async () => {
        const s = await u.b.post('/api/question-suggestions', { title });
        expect(s.status, s.text).toBe(201);
        return { who: 'admin' as const, method: 'POST', path: `/api/question-suggestions/${s.json.id}/use` };
      }),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('admin', 'POST', `/api/question-suggestions/${id}/use`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('admin', 'POST', `/api/question-suggestions/${seg(id)}/use`)),
        fc.constant(0).map(() => req('user', 'POST', `/api/question-suggestions/${suggestionId}/use`)),
      ),
    },
    {
      name: 'DELETE /api/question-suggestions/{id}',
      // Admin-only: a user's delete is among the refusals below (authz.test.ts tries the author's own).
      valid: suggestionTitle.map((title) => async () => {
        const s = await u.b.post('/api/question-suggestions', { title });
        expect(s.status, s.text).toBe(201);
        return { who: 'admin' as const, method: 'DELETE', path: `/api/question-suggestions/${s.json.id}` };
      }),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('user', 'DELETE', `/api/question-suggestions/${id}`)),
        anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..').map((id) => req('user', 'DELETE', `/api/question-suggestions/${seg(id)}`)),
        fc.constant(0).map(() => req('user', 'DELETE', `/api/question-suggestions/${suggestionId}`)),
      ),
    },
  ];
}
