import type { Question } from './types';

/** Demo content is marked wherever it is shown. */
export const SAMPLE_BADGE = { label: 'Sample data', title: 'Demo content, not real predictions' } as const;

/** The question text followed by exactly one question mark. */
export function questionWithMark(text: string): string {
  const trimmed = text.trim();
  return trimmed.endsWith('?') ? trimmed : `${trimmed}?`;
}

export interface OptionResult {
  optionId: string;
  text: string;
  count: number;
  /** Exact share of the votes, 0–100 (0 when nobody voted). */
  percentage: number;
  isCorrect: boolean;
}

/** Share of `count` in `total` as 0–100; 0 when there are no votes. */
export function percentOf(count: number, total: number): number {
  if (!Number.isFinite(count) || !Number.isFinite(total) || total <= 0 || count <= 0) return 0;
  return (count / total) * 100;
}

/** Landing page: one decimal, e.g. "66.7%". */
export function formatPercentOneDecimal(percentage: number): string {
  return `${percentage.toFixed(1)}%`;
}

/** Feed: whole percent, e.g. "67%". */
export function formatPercentRounded(percentage: number): string {
  return `${Math.round(percentage)}%`;
}

/**
 * One row per option of the question (in option order), with its vote count and a percentage computed
 * from the counts (not trusted from the server), and whether it is the correct option of a resolved question.
 */
export function optionResults(question: Pick<Question, 'options' | 'results' | 'correctOptionId' | 'isResolved'>): OptionResult[] {
  const results = Array.isArray(question.results) ? question.results : [];
  const countFor = (optionId: string) => {
    const count = Number(results.find((r) => r.optionId === optionId)?.votes ?? 0);
    return Number.isFinite(count) && count > 0 ? count : 0;
  };
  const counts = question.options.map((o) => countFor(o.id));
  const total = counts.reduce((sum, c) => sum + c, 0);
  return question.options.map((option, i) => ({
    optionId: option.id,
    text: option.text,
    count: counts[i] ?? 0,
    percentage: percentOf(counts[i] ?? 0, total),
    isCorrect: question.isResolved && question.correctOptionId === option.id,
  }));
}

/** Total predictions: the server's total, else the sum of the option counts. */
export function totalPredictions(question: Pick<Question, 'totalVotes' | 'options' | 'results' | 'correctOptionId' | 'isResolved'>): number {
  if (Number.isFinite(question.totalVotes) && question.totalVotes >= 0) return question.totalVotes;
  return optionResults(question).reduce((sum, r) => sum + r.count, 0);
}

/**
 * An answer's colour, the same on every screen, so it is recognised at a glance: YES green, NO blue, a third option
 * gold. Red is kept for errors and deletion, so a correct answer is never red. By id ('yes'/'option1', 'no'/'option2'),
 * else by position in the question's options.
 */
export const ANSWER_COLORS = ['green', 'blue', 'gold'] as const;
export type BarColor = (typeof ANSWER_COLORS)[number];

export function barColor(index: number, optionId?: string): BarColor {
  const id = optionId?.trim().toLowerCase();
  if (id === 'yes' || id === 'option1') return 'green';
  if (id === 'no' || id === 'option2') return 'blue';
  return ANSWER_COLORS[Math.min(Math.max(index, 0), ANSWER_COLORS.length - 1)]!;
}

/** "1 South African voted" / "2 South Africans voted". */
export const votedText = (count: number) => `${pluralize(count, 'South African', 'South Africans')} voted`;

/** "1 prediction" / "12 predictions". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-ZA')} ${count === 1 ? singular : plural}`;
}

/** YES / NO share of a question's votes (options 'yes'/'option1' and 'no'/'option2'; else first and second). */
export function yesNoPercentages(question: Pick<Question, 'options' | 'results' | 'correctOptionId' | 'isResolved'>): { yes: number; no: number } {
  const rows = optionResults(question);
  const yes = rows.find((r) => r.optionId === 'yes' || r.optionId === 'option1') ?? rows[0];
  const no = rows.find((r) => r.optionId === 'no' || r.optionId === 'option2') ?? rows[1];
  return { yes: yes?.percentage ?? 0, no: no?.percentage ?? 0 };
}

export type QuestionStatus = 'Draft' | 'Published' | 'Resolved' | 'Archived';

/** Admin status badge: archived wins, then resolved, then published, else draft. */
export function questionStatus(q: Pick<Question, 'isArchived' | 'isResolved' | 'isPublished'>): QuestionStatus {
  if (q.isArchived) return 'Archived';
  if (q.isResolved) return 'Resolved';
  if (q.isPublished) return 'Published';
  return 'Draft';
}
