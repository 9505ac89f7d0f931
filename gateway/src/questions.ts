import { percentageOf, PROVINCE_MIN_ANSWERS, PROVINCES } from '@mzansi/kit/base';
import type { questions } from '@mzansi/proto';

export interface ResultJson {
  optionId: string;
  optionText: string;
  count: number;
  percentage: number;
}

export interface QuestionJson {
  id: string;
  text: string;
  context: string | null;
  date: string | null;
  options: { id: string; text: string }[];
  correctOptionId: string | null;
  isActive: boolean;
  isResolved: boolean;
  isArchived: boolean;
  isPublished: boolean;
  publishedAt: string | null;
  createdAt: string | null;
  tags: string[];
  isSample: boolean;
  /** Blind question (an admin's choice): per-option figures hidden from those who have not answered until it resolves. */
  isBlind: boolean;
  /** True when `results` is withheld (empty): an open blind question for this reader; only `totalVotes` is given. */
  resultsHidden: boolean;
  results: ResultJson[];
  /** The province breakdown (when asked for; null while the results are hidden). */
  provinces?: ProvinceJson[] | null;
  totalVotes: number;
  commentCount: number;
  /** The admin's text in isiZulu, Afrikaans, Sesotho where given (issue #20); absent without any. */
  translations?: Record<string, TranslationJson>;
}

export interface TranslationJson {
  text: string;
  context: string | null;
  options: Record<string, string>;
}

/** The question's translations as the API shows them, or undefined when it has none. */
function translationsJson(q: questions.Question): Record<string, TranslationJson> | undefined {
  const entries = Object.entries(q.translations ?? {}).filter(([, t]) => t.text);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([language, t]) => [language, { text: t.text, context: t.context || null, options: { ...t.options } }]));
}

/** Per-option counts of a question (from the voting service once it exists). */
export type Counts = Map<string, number>;
/** Per-province per-option counts of a question: province code → counts. */
export type ProvinceCounts = Map<string, Counts>;

export interface ProvinceJson {
  code: string;
  name: string;
  /** Answers from the province. */
  totalVotes: number;
  /** False below PROVINCE_MIN_ANSWERS answers: no split is given ("Not enough predictions yet"). */
  shown: boolean;
  results: { optionId: string; votes: number; percentage: number }[];
}

/**
 * The nine provinces' splits of a question, each withheld (shown false, results empty) until it has at least
 * PROVINCE_MIN_ANSWERS answers; null when the question's results are hidden from the reader (blind).
 */
export function provinceBreakdown(options: { id: string }[], byProvince: ProvinceCounts | undefined): ProvinceJson[] {
  return PROVINCES.map(({ code, name }) => {
    const counts = byProvince?.get(code);
    const totalVotes = options.reduce((n, o) => n + (counts?.get(o.id) ?? 0), 0);
    const shown = totalVotes >= PROVINCE_MIN_ANSWERS;
    return {
      code,
      name,
      totalVotes,
      shown,
      results: shown ? options.map((o) => ({ optionId: o.id, votes: counts?.get(o.id) ?? 0, percentage: percentageOf(counts?.get(o.id) ?? 0, totalVotes) })) : [],
    };
  });
}

/** Percentages to one decimal; they sum to 100 (±0.1 rounding) whenever there are votes. */
export function resultsOf(options: { id: string; text: string }[], counts: Counts | undefined): { results: ResultJson[]; totalVotes: number } {
  const totalVotes = options.reduce((n, o) => n + (counts?.get(o.id) ?? 0), 0);
  const results = options.map((o) => {
    const count = counts?.get(o.id) ?? 0;
    return { optionId: o.id, optionText: o.text, count, percentage: totalVotes ? Math.round((count / totalVotes) * 1000) / 10 : 0 };
  });
  return { results, totalVotes };
}

/**
 * Whether a question's per-option figures are withheld from a reader: an open (unresolved) blind question, unless
 * the reader answered it (or is an admin). Public, shared reads pass `revealed = false`.
 */
export function resultsHiddenFor(q: Pick<questions.Question, 'isBlind' | 'isResolved'>, revealed: boolean): boolean {
  return q.isBlind && !q.isResolved && !revealed;
}

/** The results of a question as a reader may see them: everything, or for a hidden blind question only the total. */
export function visibleResults(
  q: Pick<questions.Question, 'isBlind' | 'isResolved' | 'options'>,
  counts: Counts | undefined,
  revealed: boolean,
): { results: ResultJson[]; totalVotes: number; resultsHidden: boolean } {
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
): QuestionJson {
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
    ...visible,
    ...(provinces && { provinces: visible.resultsHidden ? null : provinceBreakdown(q.options, provinces) }),
    commentCount,
    ...(translations && { translations }),
  };
}
