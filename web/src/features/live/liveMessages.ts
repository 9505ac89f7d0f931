// The live channel's messages (spec §4 "Live channel"): what the gateway sends, read defensively (they come from the
// network and are written into the caches as they are: an unknown type or a row without its id or count is dropped),
// and the words the notifications use for them.
import type { Question } from '@mzansi/api';
import type { LiveResultRow } from './liveResults';

/** The new question as the notification needs it (the gateway sends the API's whole question). */
export type LiveQuestion = Pick<Question, 'id' | 'text' | 'translations'> & Partial<Pick<Question, 'options'>>;

export type LiveMessage =
  | { type: 'new-question'; question: LiveQuestion }
  | { type: 'question-resolved'; questionId: string; correctOptionId: string; corrected?: true }
  | { type: 'results-updated'; questionId: string; totalVotes: number; results: LiveResultRow[]; blind?: boolean }
  | { type: 'inbox'; itemId: string };

/** A known live message, or null for anything else (unparseable JSON, unknown type, missing fields). */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'new-question': {
      const q = m.question as Record<string, unknown> | undefined;
      return q && typeof q === 'object' && typeof q.id === 'string' && typeof q.text === 'string'
        ? { type: 'new-question', question: q as unknown as LiveQuestion }
        : null;
    }
    case 'question-resolved':
      return typeof m.questionId === 'string' && typeof m.correctOptionId === 'string'
        ? { type: 'question-resolved', questionId: m.questionId, correctOptionId: m.correctOptionId, ...(m.corrected === true && { corrected: true as const }) }
        : null;
    case 'inbox': {
      // Only the signed-in person's own items reach their socket; the list is read from the API.
      const item = m.item as Record<string, unknown> | undefined;
      return item && typeof item === 'object' && typeof item.id === 'string' ? { type: 'inbox', itemId: item.id } : null;
    }
    case 'results-updated': {
      if (typeof m.questionId !== 'string') return null;
      const results = Array.isArray(m.results) ? m.results.flatMap(toResultRow) : [];
      const sum = results.reduce((n, r) => n + r.votes, 0);
      return {
        type: 'results-updated',
        questionId: m.questionId,
        totalVotes: isCount(m.totalVotes) ? m.totalVotes : sum,
        results,
        ...(m.blind === true && { blind: true }),
      };
    }
    default:
      return null;
  }
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** One option's figures; rows without an id or a count are dropped. `optionText` only when the gateway sends it. */
function toResultRow(value: unknown): LiveResultRow[] {
  if (!value || typeof value !== 'object') return [];
  const r = value as Record<string, unknown>;
  if (typeof r.optionId !== 'string' || !isCount(r.votes)) return [];
  return [
    {
      optionId: r.optionId,
      ...(typeof r.optionText === 'string' && { optionText: r.optionText }),
      votes: r.votes,
      percentage: isCount(r.percentage) ? r.percentage : 0,
    },
  ];
}

/** Question text as shown to people: with its question mark. */
export function withQuestionMark(text: string): string {
  const trimmed = text.trim();
  return /[?？]$/.test(trimmed) ? trimmed : `${trimmed}?`;
}

/** 'Yes' / 'No' (in `words`: the reader's language) for the usual option ids, else the option's own text, else the id. */
export function answerLabel(optionId: string, options?: { id: string; text: string }[], words = { yes: 'Yes', no: 'No' }): string {
  const id = optionId.toLowerCase();
  if (id === 'yes' || id === 'option1') return words.yes;
  if (id === 'no' || id === 'option2') return words.no;
  return options?.find((o) => o.id === optionId)?.text ?? optionId;
}
