// A question's own link, /q/{id} (spec: "Sharing"). The gateway serves it as the app's page with link-preview tags
// and the question itself as JSON in #shared-question (gateway/src/routes/share.ts), so the landing can show it at
// once.
import type { Question } from '../../entities/question/types';

const SHARED_PATH = /^\/q\/([0-9a-f-]{36})\/?$/i;

/** The question id of a /q/{id} path, lower-cased, or null. */
export function sharedQuestionId(pathname: string): string | null {
  return SHARED_PATH.exec(pathname)?.[1]?.toLowerCase() ?? null;
}

/** The absolute link that shares a question. */
export function questionLink(questionId: string, origin: string = window.location.origin): string {
  return `${origin}/q/${questionId}`;
}

/** The question the page was served for (/q/{id}), if the page carries it and it is that question. */
export function readSharedQuestion(doc: Document = document, pathname: string = window.location.pathname): Question | null {
  const id = sharedQuestionId(pathname);
  const script = doc.getElementById('shared-question');
  if (!id || !script?.textContent) return null;
  try {
    const value = JSON.parse(script.textContent) as Partial<Question> | null;
    if (value && value.id === id && typeof value.text === 'string' && Array.isArray(value.options)) return value as Question;
  } catch {
    // a malformed page: show today's question instead
  }
  return null;
}
