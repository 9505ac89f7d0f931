import type { Actor } from '@mzansi/kit/base';
import type { questions } from '@mzansi/proto';
import type { Clients } from './clients.js';
import { SPARKLINE_MAX_POINTS, type Question, type Sparkline } from '@mzansi/api';
import { resultsHiddenFor } from '@mzansi/api/rules';
import { historiesOf, sparklineOf } from './history.js';
import { questionJson, type Counts, type ProvinceCounts } from './questions.js';

/**
 * Composes question lists for the web app: the questions, then — in parallel, one call per service for the whole
 * list, never one per question — their vote counts (voting) and comment counts (social). A service that is not
 * part of the system yet contributes nothing (zero counts, no friends), so it slots in without touching the routes.
 */
export interface Composer {
  /** Votes and shares (voting's percentages) per option for many questions at once. */
  counts(questionIds: string[]): Promise<Map<string, Counts>>;
  /** Per-province votes and shares for many questions at once (question → province → option → figures). */
  provinceCounts(questionIds: string[]): Promise<Map<string, ProvinceCounts>>;
  /** Comment counts for many questions at once. */
  commentCounts(questionIds: string[], actor?: Actor): Promise<Map<string, number>>;
  /** The ids of the actor's friends. */
  friendIds(actor: Actor): Promise<string[]>;
  /** Cards' sparklines (≤ 24 points) for many questions at once; published questions only. */
  sparklines(questionIds: string[]): Promise<Map<string, NonNullable<Sparkline>>>;
}

export function createComposer(clients: Clients): Composer {
  return {
    async counts(questionIds) {
      const out = new Map<string, Counts>();
      if (questionIds.length === 0) return out;
      const { results } = await clients.voting.getResults({ questionIds });
      for (const r of results) out.set(r.questionId, new Map(r.counts.map((c) => [c.optionId, { votes: c.count, percentage: c.percentage }])));
      return out;
    },
    async provinceCounts(questionIds) {
      const out = new Map<string, ProvinceCounts>();
      if (questionIds.length === 0) return out;
      const { results } = await clients.voting.getProvinceResults({ questionIds });
      for (const r of results) {
        let byProvince = out.get(r.questionId);
        if (!byProvince) out.set(r.questionId, (byProvince = new Map()));
        byProvince.set(r.province, new Map(r.counts.map((c) => [c.optionId, { votes: c.count, percentage: c.percentage }])));
      }
      return out;
    },
    async commentCounts(questionIds) {
      if (questionIds.length === 0) return new Map();
      const { questions } = await clients.social.listLatestComments({ questionIds, perQuestion: 0 });
      return new Map(questions.map((q) => [q.questionId, q.total]));
    },
    async friendIds(actor) {
      const { friends } = await clients.social.listFriends({ userId: actor.id }, { actor });
      return friends.map((f) => f.id);
    },
    async sparklines(questionIds) {
      const histories = await historiesOf(clients, questionIds, SPARKLINE_MAX_POINTS);
      return new Map([...histories].map(([id, h]) => [id, sparklineOf(h)]));
    },
  };
}

/**
 * Questions with their figures and comment counts. `revealed(id)` says which blind questions' figures the reader may
 * see (they answered it; admins all); public, shared reads reveal none.
 */
export async function composeQuestions(
  composer: Composer,
  list: questions.Question[],
  actor?: Actor,
  revealed: (questionId: string) => boolean = () => false,
): Promise<Question[]> {
  if (list.length === 0) return [];
  const ids = list.map((q) => q.id);
  const [counts, comments, provinces, sparklines] = await Promise.all([
    composer.counts(ids),
    composer.commentCounts(ids, actor),
    composer.provinceCounts(ids),
    composer.sparklines(ids),
  ]);
  return list.map((q) => ({
    ...questionJson(q, counts.get(q.id), comments.get(q.id) ?? 0, revealed(q.id), provinces.get(q.id) ?? new Map()),
    // The same rule as the figures: an open blind question's movement is withheld from whoever may not see them.
    sparkline: resultsHiddenFor(q, revealed(q.id)) ? null : (sparklines.get(q.id) ?? null),
  }));
}
