import type { PublicQuestion, PublicQuestionDetail, PublicStatus } from '@mzansi/api';
import type { questions, voting } from '@mzansi/proto';
import type { Composer } from './compose.js';
import { historyJson } from './history.js';
import { provinceBreakdown, visibleResults, type Counts, type ProvinceCounts } from './questions.js';
import { resolutionJson } from './resolution.js';

type Language = PublicQuestion['lang'];

/** A question's state for the public API: resolved, past its close time (the questions service says), or open. */
export const publicStatusOf = (q: Pick<questions.Question, 'isResolved' | 'isClosed'>): PublicStatus => (q.isResolved ? 'resolved' : q.isClosed ? 'closed' : 'open');

/** The question's texts in `lang` where the admin translated it (criteria falling back to English); else English. */
function textsIn(q: questions.Question, lang: Language) {
  const own = lang === 'en' ? undefined : q.translations?.[lang];
  const english = { lang: 'en' as Language, text: q.text, context: q.context || null, resolutionCriteria: q.resolutionCriteria || null, options: q.options.map((o) => ({ id: o.id, text: o.text })) };
  if (!own?.text) return english;
  return {
    lang,
    text: own.text,
    context: own.context || english.context,
    resolutionCriteria: own.resolutionCriteria || english.resolutionCriteria,
    options: q.options.map((o) => ({ id: o.id, text: own.options[o.id] || o.text })),
  };
}

/**
 * A question as the public API shows it to anyone: the blind rule of every shared read (visibleResults with nobody
 * revealed: an open blind question gives its total only), the national figures without the English option texts.
 */
export function publicQuestionJson(q: questions.Question, counts: Counts | undefined, lang: Language, publicUrl: string): PublicQuestion {
  const visible = visibleResults(q, counts, false);
  return {
    id: q.id,
    url: `${publicUrl}/q/${q.id}`,
    ...textsIn(q, lang),
    tags: q.tags,
    status: publicStatusOf(q),
    publishedAt: (q.publishedAt ?? q.date ?? q.createdAt)!.toISOString(),
    closesAt: q.closesAt?.toISOString() ?? null,
    isBlind: q.isBlind,
    correctOptionId: q.correctOptionId || null,
    resolution: resolutionJson(q.resolution),
    resultsHidden: visible.resultsHidden,
    totalVotes: visible.totalVotes,
    results: visible.results.map(({ optionId, votes, percentage }) => ({ optionId, votes, percentage })),
  };
}

/**
 * One question with its province breakdown (provinceBreakdown: the small-cell rule against the national total
 * shown beside it) and its history (historyJson: totals only while the figures are hidden).
 */
export function publicDetailJson(
  q: questions.Question,
  counts: Counts | undefined,
  provinces: ProvinceCounts | undefined,
  history: voting.QuestionHistory | undefined,
  lang: Language,
  publicUrl: string,
): PublicQuestionDetail {
  const base = publicQuestionJson(q, counts, lang, publicUrl);
  return {
    ...base,
    provinces: base.resultsHidden ? null : provinceBreakdown(q.options, provinces, base.totalVotes),
    history: history ? historyJson(history, base.resultsHidden).points : [],
  };
}

/** A page of questions with their national figures: one counts call for the whole page. */
export async function publicPage(composer: Composer, list: questions.Question[], lang: Language, publicUrl: string): Promise<PublicQuestion[]> {
  const counts = await composer.counts(list.map((q) => q.id));
  return list.map((q) => publicQuestionJson(q, counts.get(q.id), lang, publicUrl));
}
