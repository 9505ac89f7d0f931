// Applies a `results-updated` message to every cached figure of its question, in place: the socket carries the
// whole new count, so no query has to ask the gateway again.
import { notifyManager, type QueryClient } from '@tanstack/react-query';
import type { OptionResult } from '@mzansi/api';
import { publicResultsKey, resultsKey } from '../results/api';
import { applyLiveHistory } from '../history/liveHistory';

/** One option's figures; `optionText` is sent by newer gateways, older ones send only the id. */
export type LiveResultRow = Omit<OptionResult, 'optionText'> & Partial<Pick<OptionResult, 'optionText'>>;

export interface LiveResults {
  questionId: string;
  totalVotes: number;
  results: LiveResultRow[];
  /** An open blind question: the message carries only the total (PRODUCT.md: blind questions). */
  blind?: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const rowsOf = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const textOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Counts only grow (an answer is never taken back), while a message and an HTTP answer may cross: a message with
 * fewer votes than the cache holds is older than it and is not applied.
 */
function isOlder(cached: Obj, update: LiveResults): boolean {
  return typeof cached.totalVotes === 'number' && update.totalVotes < cached.totalVotes;
}

/** GET …/public-results: `{ results: [{ optionId, percentage, votes }], totalVotes }`. */
function patchPublicResults(data: unknown, update: LiveResults): unknown {
  if (!isObj(data) || isOlder(data, update)) return undefined;
  return {
    ...data,
    results: update.results.map(({ optionId, percentage, votes }) => ({ optionId, percentage, votes })),
    totalVotes: update.totalVotes,
  };
}

/** GET …/results (signed in): the same rows with each option's `optionText`; the friends and own answer are kept. */
function patchQuestionResults(data: unknown, update: LiveResults): unknown {
  if (!isObj(data) || isOlder(data, update)) return undefined;
  const old = new Map(rowsOf(data.results).map((r) => [r.optionId, r]));
  return {
    ...data,
    results: update.results.map(({ optionId, optionText, percentage, votes }) => ({
      optionId,
      optionText: optionText ?? textOf(old.get(optionId)?.optionText) ?? optionId,
      percentage,
      votes,
    })),
    totalVotes: update.totalVotes,
  };
}

/** A question as the lists carry it (`results: [{ optionId, optionText, votes, percentage }]`, `totalVotes`). */
function isListedQuestion(v: unknown, questionId: string): v is Obj {
  return isObj(v) && v.id === questionId && Array.isArray(v.options) && ('results' in v || 'totalVotes' in v);
}

function patchListedQuestion(question: Obj, update: LiveResults): Obj {
  if (isOlder(question, update)) return question;
  const old = new Map(rowsOf(question.results).map((r) => [r.optionId, r]));
  const optionTexts = new Map(rowsOf(question.options).map((o) => [o.id, textOf(o.text)]));
  return {
    ...question,
    results: update.results.map(({ optionId, optionText, percentage, votes }) => {
      const text = optionText ?? textOf(old.get(optionId)?.optionText) ?? optionTexts.get(optionId);
      return { ...old.get(optionId), optionId, ...(text !== undefined && { optionText: text }), votes, percentage };
    }),
    totalVotes: update.totalVotes,
  };
}

function patchQuestionArray(list: unknown[], update: LiveResults): unknown[] | undefined {
  const i = list.findIndex((q) => isListedQuestion(q, update.questionId));
  if (i < 0) return undefined;
  const patched = patchListedQuestion(list[i] as Obj, update);
  if (patched === list[i]) return undefined;
  const next = [...list];
  next[i] = patched;
  return next;
}

/**
 * Any cached list holding the question: today's, the public archive, the admin's and a tag's questions (arrays),
 * and the friends feed (`{ questions: [...] }`). Undefined when the data does not hold it (left untouched).
 */
export function patchQuestionList(data: unknown, update: LiveResults): unknown {
  if (Array.isArray(data)) return patchQuestionArray(data, update);
  if (isObj(data) && Array.isArray(data.questions)) {
    const questions = patchQuestionArray(data.questions, update);
    return questions && { ...data, questions };
  }
  return undefined;
}

/** A blind question's total, written where the figures stay hidden (no per-option figures arrive). */
function patchTotalOnly(data: unknown, update: LiveResults): unknown {
  if (!isObj(data) || isOlder(data, update)) return undefined;
  return { ...data, totalVotes: update.totalVotes };
}

function patchListTotal(data: unknown, update: LiveResults): unknown {
  const patchArray = (list: unknown[]) => {
    const i = list.findIndex((q) => isListedQuestion(q, update.questionId));
    if (i < 0) return undefined;
    const patched = patchTotalOnly(list[i], update);
    if (patched === undefined) return undefined;
    const next = [...list];
    next[i] = patched;
    return next;
  };
  if (Array.isArray(data)) return patchArray(data);
  if (isObj(data) && Array.isArray(data.questions)) {
    const questions = patchArray(data.questions);
    return questions && { ...data, questions };
  }
  return undefined;
}

/**
 * An open blind question's message carries only the total: it is written into the (hidden) public figures and the
 * lists; a reader who answered it holds revealed results of their own, which are read again through the API.
 */
function applyBlindTotal(queryClient: QueryClient, update: LiveResults): void {
  notifyManager.batch(() => {
    queryClient.setQueryData(publicResultsKey(update.questionId), (data: unknown) => patchTotalOnly(data, update));
    const own = queryClient.getQueryData(resultsKey(update.questionId));
    if (isObj(own) && own.resultsHidden === false) void queryClient.invalidateQueries({ queryKey: resultsKey(update.questionId) });
    else queryClient.setQueryData(resultsKey(update.questionId), (data: unknown) => patchTotalOnly(data, update));
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.state.data === undefined) continue;
      const next = patchListTotal(query.state.data, update);
      if (next !== undefined) queryClient.setQueryData(query.queryKey, next);
    }
  });
}

/** Writes the new figures into every cache entry that shows them; entries not cached yet are not created. */
export function applyLiveResults(queryClient: QueryClient, update: LiveResults): void {
  if (update.blind) return applyBlindTotal(queryClient, update);
  if (update.results.length === 0) return;
  notifyManager.batch(() => {
    applyLiveHistory(queryClient, update);
    queryClient.setQueryData(publicResultsKey(update.questionId), (data: unknown) => patchPublicResults(data, update));
    queryClient.setQueryData(resultsKey(update.questionId), (data: unknown) => patchQuestionResults(data, update));
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.state.data === undefined) continue;
      const next = patchQuestionList(query.state.data, update);
      if (next !== undefined) queryClient.setQueryData(query.queryKey, next);
    }
  });
}
