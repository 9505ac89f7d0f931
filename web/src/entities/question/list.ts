// The public question lists: query keys and parsers.
import type { Comment, CommentsByQuestion, Question } from './types';

export const PUBLIC_QUESTIONS_KEY = ['/api/questions/public'] as const;
export const TODAY_QUESTIONS_KEY = ['/api/questions/today'] as const;
export const PUBLIC_COMMENTS_KEY = ['/api/comments/public'] as const;

function isQuestion(value: unknown): value is Question {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.text === 'string' && Array.isArray(v.options);
}

/** Keeps only well-formed questions from an answer that should be a list of them. */
export function toQuestionList(data: unknown): Question[] {
  return Array.isArray(data) ? data.filter(isQuestion) : [];
}

function isComment(value: unknown): value is Comment {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const user = v.user as Record<string, unknown> | undefined;
  return (
    typeof v.id === 'string' &&
    typeof v.createdAt === 'string' &&
    !!user &&
    typeof user === 'object' &&
    typeof user.name === 'string' &&
    typeof user.username === 'string'
  );
}

/** Keeps only well-formed comment lists from the public comments map (it may be `{}`). */
export function toCommentsMap(data: unknown): CommentsByQuestion {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const out: CommentsByQuestion = {};
  for (const [questionId, list] of Object.entries(data as Record<string, unknown>)) {
    if (Array.isArray(list)) out[questionId] = list.filter(isComment);
  }
  return out;
}
