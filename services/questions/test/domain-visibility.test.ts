import { describe, expect, it } from 'vitest';
import { isPublic, mayViewQuestion } from '../src/domain/questions.js';

/** Who may see a question (domain/questions.ts): pure, no I/O. */
describe('mayViewQuestion', () => {
  it.each([
    [false, false, false],
    [true, false, true],
    [true, true, false],
    [false, true, false],
  ])('published %s, archived %s: public %s; admins see it either way', (isPublished, isArchived, visible) => {
    const q = { isPublished, isArchived };
    expect(isPublic(q)).toBe(visible);
    expect(mayViewQuestion(q, null)).toBe(visible);
    expect(mayViewQuestion(q, { isAdmin: false })).toBe(visible);
    expect(mayViewQuestion(q, { isAdmin: true })).toBe(true);
  });
});
