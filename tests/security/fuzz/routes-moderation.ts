// The fuzzed routes (fuzz.test.ts), part 4: reporting a comment and the moderators' routes.
import fc from 'fast-check';
import { expect } from 'vitest';
import { hasBidiControls } from '@mzansi/kit/text';
import type { SecUser } from '../system.js';
import type { Fixtures } from './fixtures.js';
import { anyText, noNul, printable, req, seg, wrongTypes, type Route } from './arbitraries.js';

const REASONS = ['hate_speech', 'harassment', 'personal_information', 'spam', 'other'] as const;
const note = fc.option(
  printable(0, 100).filter((t) => noNul(t) && !hasBidiControls(t)),
  { nil: undefined },
);
const badId = anyText(64).filter((s) => s.length > 0 && s !== '.' && s !== '..');

export function moderationRoutes(f: Fixtures): Route[] {
  const { sys, other, textComment, adminComment } = f;
  // One person to suspend, lift and rename over and over (not a fixture other routes use), made on first use.
  let victim: Promise<SecUser> | undefined;
  const target = async () => (await (victim ??= sys.user('FzSusp'))).id;
  /** A fresh comment by someone else, for `user` to report (each person reports a comment once). */
  const fresh = async () => {
    const res = await other.b.post(`/api/questions/${f.q1}/comments`, { content: 'report me' });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  return [
    {
      name: 'POST /api/comments/{id}/reports',
      valid: fc
        .record({ reason: fc.constantFrom(...REASONS), note })
        .map((b) => async () => ({ who: 'user' as const, method: 'POST', path: `/api/comments/${await fresh()}/reports`, json: b })),
      invalid: fc.oneof(
        anyText(20).filter((r) => !(REASONS as readonly string[]).includes(r)).map((reason) => req('user', 'POST', `/api/comments/${adminComment}/reports`, { reason })),
        fc.string({ minLength: 501, maxLength: 600 }).filter((t) => t.trim().length > 500).map((n) => req('user', 'POST', `/api/comments/${adminComment}/reports`, { reason: 'spam', note: n })),
        fc.constant(0).map(() => req('user', 'POST', `/api/comments/${textComment}/reports`, { reason: 'spam' })), // own comment
        fc.uuid().map((id) => req('user', 'POST', `/api/comments/${id}/reports`, { reason: 'spam' })),
        badId.map((id) => req('user', 'POST', `/api/comments/${seg(id)}/reports`, { reason: 'spam' })),
        fc.constant(0).map(() => req('anon', 'POST', `/api/comments/${adminComment}/reports`, { reason: 'spam' })),
        wrongTypes(['reason', 'note']).map((b) => req('user', 'POST', `/api/comments/${adminComment}/reports`, b)),
      ),
      validRuns: 30,
    },
    {
      name: 'GET /api/admin/moderation',
      valid: fc.constant(0).map(() => req('admin', 'GET', '/api/admin/moderation')),
      invalid: fc.constantFrom('user' as const, 'anon' as const).map((who) => req(who, 'GET', '/api/admin/moderation')),
      validRuns: 20,
    },
    {
      name: 'PUT /api/admin/comments/{id}/moderation',
      valid: fc.constant(0).map(() => req('admin', 'PUT', `/api/admin/comments/${adminComment}/moderation`, { action: 'keep' })),
      invalid: fc.oneof(
        anyText(20).filter((a) => a !== 'keep' && a !== 'remove').map((action) => req('admin', 'PUT', `/api/admin/comments/${adminComment}/moderation`, { action })),
        fc.constantFrom('', '   ', '\u200B').map((reason) => req('admin', 'PUT', `/api/admin/comments/${adminComment}/moderation`, { action: 'remove', reason })),
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/comments/${id}/moderation`, { action: 'keep' })),
        badId.map((id) => req('admin', 'PUT', `/api/admin/comments/${seg(id)}/moderation`, { action: 'keep' })),
        fc.constant(0).map(() => req('user', 'PUT', `/api/admin/comments/${adminComment}/moderation`, { action: 'keep' })),
        wrongTypes(['action', 'reason']).map((b) => req('admin', 'PUT', `/api/admin/comments/${adminComment}/moderation`, b)),
      ),
      validRuns: 20,
    },
    {
      name: 'PUT /api/admin/users/{id}/suspension',
      valid: fc
        .record({ days: fc.constantFrom(1, 7, 30, null), reason: fc.stringMatching(/^[A-Za-z][A-Za-z .,]{0,60}$/) })
        .map((b) => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/users/${await target()}/suspension`, json: b })),
      invalid: fc.oneof(
        fc.integer().filter((d) => ![1, 7, 30].includes(d)).map((days) => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/users/${await target()}/suspension`, json: { days, reason: 'x' } })),
        fc.constantFrom('', '   ').map((reason) => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/users/${await target()}/suspension`, json: { days: 1, reason } })),
        fc.constant(0).map(() => req('admin', 'PUT', `/api/admin/users/${sys.adminId}/suspension`, { days: 1, reason: 'no admins' })),
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/users/${id}/suspension`, { days: 1, reason: 'x' })),
        badId.map((id) => req('admin', 'PUT', `/api/admin/users/${seg(id)}/suspension`, { days: 1, reason: 'x' })),
        fc.constant(0).map(() => req('user', 'PUT', `/api/admin/users/${other.id}/suspension`, { days: 1, reason: 'x' })),
        wrongTypes(['days', 'reason']).map((b) => req('admin', 'PUT', `/api/admin/users/${other.id}/suspension`, b)),
      ),
      validRuns: 20,
    },
    {
      name: 'DELETE /api/admin/users/{id}/suspension',
      valid: fc.constant(0).map(() => async () => ({ who: 'admin' as const, method: 'DELETE', path: `/api/admin/users/${await target()}/suspension` })),
      invalid: fc.oneof(
        fc.uuid().map((id) => req('admin', 'DELETE', `/api/admin/users/${id}/suspension`)),
        fc.constant(0).map(() => req('user', 'DELETE', `/api/admin/users/${other.id}/suspension`)),
      ),
      validRuns: 20,
    },
    {
      name: 'PUT /api/admin/users/{id}/name',
      valid: fc
        .record({ name: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,40}[A-Za-z]$/), reason: fc.stringMatching(/^[A-Za-z][A-Za-z .,]{0,60}$/) })
        .map((b) => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/users/${await target()}/name`, json: b })),
      invalid: fc.oneof(
        fc.constantFrom('', '   ', 'x'.repeat(101)).map((name) => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/users/${await target()}/name`, json: { name, reason: 'Offensive' } })),
        fc.constant(0).map(() => async () => ({ who: 'admin' as const, method: 'PUT', path: `/api/admin/users/${await target()}/name`, json: { name: 'Member', reason: '' } })),
        fc.uuid().map((id) => req('admin', 'PUT', `/api/admin/users/${id}/name`, { name: 'Member', reason: 'x' })),
        fc.constant(0).map(() => req('user', 'PUT', `/api/admin/users/${other.id}/name`, { name: 'Member', reason: 'x' })),
        wrongTypes(['name', 'reason']).map((b) => req('admin', 'PUT', `/api/admin/users/${other.id}/name`, b)),
      ),
      validRuns: 20,
    },
  ];
}
