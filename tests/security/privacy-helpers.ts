// What the answer-privacy security tests do as their users: answer, change the privacy settings, befriend.
import { expect } from 'vitest';
import type { User } from '../api/social-helpers.js';
import type { SecUser } from './system.js';

export const asUser = (u: SecUser): User => ({ ...u, name: '' });

export async function answer(u: SecUser, questionId: string, optionId: string) {
  const res = await u.b.post('/api/answers', { userId: u.id, questionId, optionId });
  expect(res.status, res.text).toBe(201);
}

/** PUT /api/users/{id}/privacy as the user; the saved settings. */
export async function setPrivacy(u: SecUser, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await u.b.put(`/api/users/${u.id}/privacy`, body);
  expect(res.status, res.text).toBe(200);
  return res.json as Record<string, unknown>;
}
