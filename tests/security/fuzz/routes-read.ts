// The fuzzed routes (fuzz.test.ts), part 1: the reads, and a user's own privacy settings.
import fc from 'fast-check';
import type { Fixtures } from './fixtures.js';
import { anyText, join, junkQuery, noNul, notUuid, query, req, seg, validTag, wellFormed, withNul, wrongTypes, type Route, type Who } from './arbitraries.js';

export function readRoutes(f: Fixtures): Route[] {
  const { u, q1, q2, imageComment, textComment } = f;
  const uid = () => u.id;
  const simpleGet = (name: string, path: string, who: Who, invalidWho?: Who): Route => ({
    name,
    valid: junkQuery.map((qs) => req(who, 'GET', path + join(path, qs))),
    invalid: invalidWho ? junkQuery.map((qs) => req(invalidWho, 'GET', path + join(path, qs))) : undefined,
  });
  const ownGet = (suffix: string): Route => ({
    name: `GET /api/users/{id}/${suffix}`,
    valid: junkQuery.map((qs) => req('user', 'GET', `/api/users/${uid()}/${suffix}${qs}`)),
    invalid: fc.oneof(
      fc.uuid().map((id) => req('user', 'GET', `/api/users/${id}/${suffix}`)),
      notUuid.map((id) => req('user', 'GET', `/api/users/${seg(id)}/${suffix}`)),
      fc.constant(req('anon', 'GET', `/api/users/${uid()}/${suffix}`)),
    ),
  });
  // An unknown question's comment list is simply empty (200 []), so only malformed ids are invalid there.
  const byQuestion = (suffix: string, who: Who, unknownIs404 = true): Route => ({
    name: `GET /api/questions/{id}/${suffix}`,
    valid: fc.constantFrom(q1, q2).map((id) => req(who, 'GET', `/api/questions/${id}/${suffix}`)),
    invalid: unknownIs404
      ? fc.oneof(fc.uuid().map((id) => req(who, 'GET', `/api/questions/${id}/${suffix}`)), notUuid.map((id) => req(who, 'GET', `/api/questions/${seg(id)}/${suffix}`)))
      : notUuid.map((id) => req(who, 'GET', `/api/questions/${seg(id)}/${suffix}`)),
  });

  return [
    simpleGet('GET /api/questions/today', '/api/questions/today', 'anon'),
    simpleGet('GET /api/questions/public', '/api/questions/public', 'anon'),
    simpleGet('GET /api/comments/public', '/api/comments/public', 'anon'),
    simpleGet('GET /api/tags', '/api/tags', 'anon'),
    simpleGet('GET /api/officials', '/api/officials', 'anon'),
    simpleGet('GET /api/notifications/vapid-public-key', '/api/notifications/vapid-public-key', 'anon'),
    simpleGet('GET /api/auth/me', '/api/auth/me', 'user', 'anon'),
    simpleGet('GET /api/feed/friends', '/api/feed/friends', 'user', 'anon'),
    simpleGet('GET /api/admin/questions', '/api/admin/questions', 'admin', 'user'),
    simpleGet('GET /api/admin/drafts', '/api/admin/drafts', 'admin', 'user'),
    simpleGet('GET /api/admin/analytics', '/api/admin/analytics', 'admin', 'anon'),
    simpleGet('GET /api/admin/analytics/day', '/api/admin/analytics/day', 'admin', 'user'),
    byQuestion('public-results', 'anon'),
    byQuestion('comments', 'anon', false),
    byQuestion('results', 'user'),
    {
      name: 'GET /api/questions/{id}/friend-answers?userId=',
      valid: fc.tuple(fc.constantFrom(q1, q2), fc.boolean()).map(([id, withUser]) => req('user', 'GET', `/api/questions/${id}/friend-answers${withUser ? `?userId=${uid()}` : ''}`)),
      invalid: fc.oneof(
        notUuid.map((id) => req('user', 'GET', `/api/questions/${seg(id)}/friend-answers`)),
        fc.uuid().map((id) => req('user', 'GET', `/api/questions/${q1}/friend-answers?userId=${id}`)),
        anyText().map((x) => req('user', 'GET', `/api/questions/${q1}/friend-answers${query({ userId: x })}`)),
      ),
    },
    {
      name: 'GET /api/questions/{id}/results?userId=',
      valid: fc.constantFrom(q1, q2).map((id) => req('user', 'GET', `/api/questions/${id}/results?userId=${uid()}`)),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('user', 'GET', `/api/questions/${q1}/results?userId=${id}`)),
        anyText().map((x) => req('user', 'GET', `/api/questions/${q1}/results${query({ userId: x })}`)),
      ),
    },
    {
      name: 'GET /api/comments/{id}/image',
      valid: fc.constant(0).map(() => req('anon', 'GET', `/api/comments/${imageComment}/image`)),
      invalid: fc.oneof(
        fc.constant(0).map(() => req('anon', 'GET', `/api/comments/${textComment}/image`)),
        fc.uuid().map((id) => req('anon', 'GET', `/api/comments/${id}/image`)),
        notUuid.map((id) => req('anon', 'GET', `/api/comments/${seg(id)}/image`)),
      ),
    },
    ...(['questions', 'officials', 'predictions'] as const).map(
      (kind): Route => ({
        name: `GET /api/tags/{tag}/${kind}`,
        valid: fc.oneof(validTag, anyText(120)).filter((t) => t.length > 0 && t !== '.' && t !== '..' && noNul(t)).map((t) => req('anon', 'GET', `/api/tags/${seg(t)}/${kind}`)),
        invalid: withNul.map((t) => req('anon', 'GET', `/api/tags/${seg(t)}/${kind}`)),
      }),
    ),
    {
      name: 'GET /api/leaderboard?scope=',
      valid: fc.constantFrom('national', 'friends', undefined).map((s) => req('user', 'GET', `/api/leaderboard${query({ scope: s })}`)),
      invalid: fc.oneof(
        anyText().filter((s) => s !== 'national' && s !== 'friends').map((s) => req('user', 'GET', `/api/leaderboard${query({ scope: s })}`)),
        fc.constant(req('anon', 'GET', '/api/leaderboard')),
      ),
    },
    {
      name: 'GET /api/users/search?q=',
      valid: fc
        .oneof(anyText(100), fc.constantFrom('%', '_%', '%%', "' OR 1=1 --", '\\', '__', 'ad', 'fz'))
        .filter((s) => wellFormed(s).trim().length >= 2 && wellFormed(s).length <= 100 && s !== '_all' && noNul(s))
        .map((s) => req('user', 'GET', `/api/users/search${query({ q: s })}`)),
      invalid: fc.oneof(
        anyText(3).filter((s) => wellFormed(s).trim().length < 2).map((s) => req('user', 'GET', `/api/users/search${query({ q: s })}`)),
        fc.string({ minLength: 101, maxLength: 300 }).map((s) => req('user', 'GET', `/api/users/search${query({ q: s })}`)),
        fc.constant(req('user', 'GET', '/api/users/search?q=_all')),
        withNul.map((s) => req('user', 'GET', `/api/users/search${query({ q: `ab${s}` })}`)),
        fc.constant(req('anon', 'GET', '/api/users/search?q=ab')),
      ),
    },
    { ...simpleGet('GET /api/users/search?q=_all (admin)', '/api/users/search?q=_all', 'admin', 'user') },
    ownGet('stats'),
    ownGet('history'),
    ownGet('friends'),
    ownGet('friend-requests'),
    ownGet('sent-requests'),
    // Download my data: every service asked at once, for the fuzz user's own id only.
    ownGet('export'),
    // Who sees my answers: self only, admins included.
    ownGet('privacy'),
    { ...simpleGet('GET /api/privacy-notice', '/api/privacy-notice', 'anon') },
    {
      name: 'PUT /api/users/{id}/privacy',
      valid: fc
        .record({ answerVisibility: fc.constantFrom('friends', 'nobody'), hideUntilResolved: fc.boolean(), listOnNationalBoard: fc.boolean() }, { requiredKeys: [] })
        .filter((b) => Object.keys(b).length > 0)
        .map((b) => req('user', 'PUT', `/api/users/${uid()}/privacy`, b)),
      invalid: fc.oneof(
        fc.constant(0).map(() => req('user', 'PUT', `/api/users/${uid()}/privacy`, {})),
        anyText(20).filter((s) => s !== 'friends' && s !== 'nobody').map((v) => req('user', 'PUT', `/api/users/${uid()}/privacy`, { answerVisibility: v })),
        wrongTypes(['hideUntilResolved', 'answerVisibility', 'listOnNationalBoard']).map((b) => req('user', 'PUT', `/api/users/${uid()}/privacy`, b)),
        fc.uuid().map((id) => req('user', 'PUT', `/api/users/${id}/privacy`, { answerVisibility: 'nobody' })),
        notUuid.map((id) => req('user', 'PUT', `/api/users/${seg(id)}/privacy`, { hideUntilResolved: true })),
        fc.constant(0).map(() => req('admin', 'PUT', `/api/users/${uid()}/privacy`, { answerVisibility: 'nobody' })),
      ),
    },
    {
      name: 'GET /api/users/{id}/answers/{questionId}',
      valid: fc.constant(req('user', 'GET', `/api/users/${uid()}/answers/${q1}`)),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('user', 'GET', `/api/users/${uid()}/answers/${id}`)),
        fc.uuid().map((id) => req('user', 'GET', `/api/users/${id}/answers/${q1}`)),
        notUuid.map((id) => req('user', 'GET', `/api/users/${uid()}/answers/${seg(id)}`)),
      ),
    },
    {
      name: 'GET /api/question-suggestions?status=&user=',
      valid: fc
        .tuple(fc.constantFrom('pending', 'approved', 'rejected', 'used', '', undefined), fc.constantFrom('me', uid(), '', undefined))
        .map(([status, user]) => req('user', 'GET', `/api/question-suggestions${query({ status, user })}`)),
      invalid: fc.oneof(
        anyText(20).filter((s) => !['', 'pending', 'approved', 'rejected', 'used'].includes(s)).map((status) => req('user', 'GET', `/api/question-suggestions${query({ status })}`)),
        anyText(64).filter((s) => s !== '' && s !== 'me' && s !== uid()).map((user) => req('user', 'GET', `/api/question-suggestions${query({ user })}`)),
      ),
    },
  ];
}
