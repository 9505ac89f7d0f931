import { PROVINCES, shownProvinces } from '@mzansi/kit/base';
import type { OptionResult, ProvinceBreakdown, Question } from '@mzansi/api';
import { resultsHiddenFor } from '@mzansi/api/rules';
import type { questions } from '@mzansi/proto';
import { resolutionJson } from './resolution.js';

/** One option's votes and share of the total, as voting computed it (percentages are voting's, never computed here). */
export interface Share {
  votes: number;
  percentage: number;
}
/** Per-option figures of a question. */
export type Counts = Map<string, Share>;
/** Per-province per-option figures of a question: province code → figures. */
export type ProvinceCounts = Map<string, Counts>;

const NONE: Share = { votes: 0, percentage: 0 };

/** The question's translations as the API shows them, or undefined when it has none. */
export function translationsJson(q: Pick<questions.Question, 'translations'>): Question['translations'] {
  const entries = Object.entries(q.translations ?? {}).filter(([, t]) => t.text);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([language, t]) => [language, { text: t.text, context: t.context || null, options: { ...t.options }, resolutionCriteria: t.resolutionCriteria || null }]),
  );
}

/**
 * The nine provinces' splits of a question. Voting sends only the provinces that may be shown; the same rule
 * (shownProvinces) is applied again here against `nationalTotal`, the national total shown beside them, which was
 * read a moment apart: national minus the provinces shown must never single out fewer than 30 answers. A hidden
 * province carries no number at all (totalVotes null, results empty): "Not enough predictions yet".
 */
export function provinceBreakdown(options: { id: string }[], byProvince: ProvinceCounts | undefined, nationalTotal: number): ProvinceBreakdown[] {
  const totals = PROVINCES.map(({ code }) => [code, options.reduce((n, o) => n + (byProvince?.get(code)?.get(o.id)?.votes ?? 0), 0)] as const);
  const shown = shownProvinces(nationalTotal, totals);
  return PROVINCES.map(({ code, name }, i) => {
    if (!shown.has(code)) return { code, name, totalVotes: null, shown: false, results: [] };
    const counts = byProvince?.get(code);
    return { code, name, totalVotes: totals[i]![1], shown: true, results: options.map((o) => ({ optionId: o.id, ...(counts?.get(o.id) ?? NONE) })) };
  });
}

/** Every option's figures in the question's order (an option nobody chose shows 0), and the total. */
export function resultsOf(options: { id: string; text: string }[], counts: Counts | undefined): { results: OptionResult[]; totalVotes: number } {
  const results = options.map((o) => ({ optionId: o.id, optionText: o.text, ...(counts?.get(o.id) ?? NONE) }));
  return { results, totalVotes: results.reduce((n, r) => n + r.votes, 0) };
}

/** The results of a question as a reader may see them: everything, or for a hidden blind question only the total. */
export function visibleResults(
  q: Pick<questions.Question, 'isBlind' | 'isResolved' | 'options'>,
  counts: Counts | undefined,
  revealed: boolean,
): { results: OptionResult[]; totalVotes: number; resultsHidden: boolean } {
  const all = resultsOf(q.options, counts);
  if (resultsHiddenFor(q, revealed)) return { results: [], totalVotes: all.totalVotes, resultsHidden: true };
  return { ...all, resultsHidden: false };
}

/** A question as the API shows it; `revealed`: the reader may see a blind question's figures (answered, admin). */
export function questionJson(
  q: questions.Question,
  counts?: Counts,
  commentCount = 0,
  revealed = false,
  provinces?: ProvinceCounts,
): Question {
  const visible = visibleResults(q, counts, revealed);
  const translations = translationsJson(q);
  return {
    id: q.id,
    text: q.text,
    context: q.context || null,
    date: q.date?.toISOString() ?? null,
    options: q.options.map((o) => ({ id: o.id, text: o.text })),
    correctOptionId: q.correctOptionId || null,
    isActive: q.isActive,
    isResolved: q.isResolved,
    isArchived: q.isArchived,
    isPublished: q.isPublished,
    publishedAt: q.publishedAt?.toISOString() ?? null,
    createdAt: q.createdAt?.toISOString() ?? null,
    tags: q.tags,
    isSample: q.isSample,
    isBlind: q.isBlind,
    scheduledFor: q.scheduledFor?.toISOString() ?? null,
    scheduleMissedAt: q.scheduleMissedAt?.toISOString() ?? null,
    resolutionCriteria: q.resolutionCriteria || null,
    closesAt: q.closesAt?.toISOString() ?? null,
    isClosed: q.isClosed,
    resolution: resolutionJson(q.resolution),
    ...visible,
    ...(provinces && { provinces: visible.resultsHidden ? null : provinceBreakdown(q.options, provinces, visible.totalVotes) }),
    commentCount,
    ...(translations && { translations }),
  };
}
