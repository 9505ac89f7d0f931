// The answer a visitor tapped on the landing page before signing up: remembered on the device through
// signup or login, then shown preselected on that question for one tap to confirm. Nothing is sent until then.
import { localStore } from '../../lib/storage';

export const INTENT_STORAGE_KEY = 'mzansi.intent';
/** A choice older than this is forgotten: the day's question will have moved on. */
export const INTENT_TTL_MS = 24 * 60 * 60 * 1000;

export interface AnswerIntent {
  questionId: string;
  optionId: string;
  at: number;
}


export function saveIntent(questionId: string, optionId: string, now = Date.now(), store = localStore()): void {
  try {
    store?.setItem(INTENT_STORAGE_KEY, JSON.stringify({ questionId, optionId, at: now } satisfies AnswerIntent));
  } catch {
    // storage full or disabled: the visitor simply chooses again after signing up
  }
}

/** The remembered choice, or null (none, unreadable or expired). */
export function readIntent(now = Date.now(), store = localStore()): AnswerIntent | null {
  try {
    const raw = store?.getItem(INTENT_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<AnswerIntent>;
    if (typeof value.questionId !== 'string' || typeof value.optionId !== 'string' || typeof value.at !== 'number') return null;
    if (now - value.at > INTENT_TTL_MS || value.at > now + 60_000) return null;
    return { questionId: value.questionId, optionId: value.optionId, at: value.at };
  } catch {
    return null;
  }
}

/** The remembered option for this question, if any. */
export function intentFor(questionId: string, now = Date.now(), store = localStore()): string | null {
  const intent = readIntent(now, store);
  return intent && intent.questionId === questionId ? intent.optionId : null;
}

export function clearIntent(store = localStore()): void {
  try {
    store?.removeItem(INTENT_STORAGE_KEY);
  } catch {
    // nothing to do
  }
}
