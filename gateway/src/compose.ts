import type { Actor } from '@mzansi/kit';
import type { questions } from '@mzansi/proto';
import type { Clients } from './clients.js';
import { questionJson, type Counts, type QuestionJson } from './questions.js';

/**
 * Composes question lists for the web app: the questions, then — in parallel, one call per service for the whole
 * list, never one per question — their vote counts (voting) and comment counts (social). A service that is not
 * part of the system yet contributes nothing (zero counts), so it slots in without touching the routes.
 */
export interface Composer {
  /** Vote counts per option for many questions at once. */
  counts(questionIds: string[], actor?: Actor): Promise<Map<string, Counts>>;
  /** Comment counts for many questions at once. */
  commentCounts(questionIds: string[], actor?: Actor): Promise<Map<string, number>>;
}

export function createComposer(_clients: Clients): Composer {
  return {
    async counts() {
      return new Map();
    },
    async commentCounts() {
      return new Map();
    },
  };
}

export async function composeQuestions(composer: Composer, list: questions.Question[], actor?: Actor): Promise<QuestionJson[]> {
  if (list.length === 0) return [];
  const ids = list.map((q) => q.id);
  const [counts, comments] = await Promise.all([composer.counts(ids, actor), composer.commentCounts(ids, actor)]);
  return list.map((q) => questionJson(q, counts.get(q.id), comments.get(q.id) ?? 0));
}
