import { isUuid } from '@mzansi/kit/errors';
import { hasClosedAt, isLive, type OpenState } from './scoring.js';

/**
 * Answer acceptance (PRODUCT.md "Answering"): which submits are written and, when one is not, which refusal the
 * user is told. Pure rules; the handler translates a refusal into a gRPC error, the answer writer executes the
 * write (its statement repeats scoring.ts `isOpen` and `isOneOfTheOptions` in SQL so that the check and the insert are one
 * atomic step: see data-access/answer-writer.ts, OPEN_QUESTION_SQL, and test/rules-in-sql.test.ts).
 */

/** Longest option id a submit may carry (the questions service's ids are far shorter). */
export const MAX_OPTION_ID_LENGTH = 100;

/** Writes tried for a question that is open yet refused the answer, before it is called closed. */
export const WRITE_ATTEMPTS = 3;

/**
 * Why an answer was not written; the handler maps each to its message and status. `closedAt`: the question's close
 * time has come (the message names it); `closed`: resolved, archived or never published.
 */
export type Refusal = 'questionNotFound' | 'unknownUser' | 'unknownOption' | 'different' | 'closed' | 'closedAt';

export interface Submission {
  questionId: string;
  userId: string;
  optionId: string;
}

/**
 * What the request alone tells, checked in this order before it joins a write batch (a malformed id would fail
 * the whole batch's statement): a question id that is no uuid is no question; a user id that is no uuid is no
 * user; an option id that no question can have (empty, too long, holding NUL) needs the question looked up to say
 * which refusal applies (`refusalForMalformedOption`). `ok`: the write may decide.
 */
export function screenSubmission(s: Submission): 'ok' | 'malformedOption' | { refused: Refusal } {
  if (!isUuid(s.questionId)) return { refused: 'questionNotFound' };
  if (!isUuid(s.userId)) return { refused: 'unknownUser' };
  if (!isWellFormedOptionId(s.optionId)) return 'malformedOption';
  return 'ok';
}

/** An option id the write statement can take: 1–MAX_OPTION_ID_LENGTH characters, no NUL (PostgreSQL text cannot hold it). */
export function isWellFormedOptionId(optionId: string): boolean {
  return optionId.length > 0 && optionId.length <= MAX_OPTION_ID_LENGTH && !optionId.includes('\u0000');
}

/** A malformed option id: no such question comes first, else the option is not one of the question's. */
export function refusalForMalformedOption(questionExists: boolean): Refusal {
  return questionExists ? 'unknownOption' : 'questionNotFound';
}

export interface AnswerableQuestion extends OpenState {
  options: { id: string }[];
}

export function isOneOfTheOptions(q: AnswerableQuestion, optionId: string): boolean {
  return q.options.some((o) => o.id === optionId);
}

/** The answer's fate when the write inserted nothing. */
export type NotWritten = { outcome: 'alreadyAnswered' } | { outcome: 'refused'; reason: Refusal } | { outcome: 'retry' };

/**
 * Why a write inserted nothing, in the order users expect:
 * 1. answered before (perhaps a moment ago, concurrently): the same option and confidence is the same answer again
 *    (idempotent; the confidence is fixed with the answer, like the option); anything else is `different`;
 * 2. no such question (`questionNotFound`);
 * 3. the option is not one of the question's (`unknownOption`);
 * 4. the question is not published, or resolved, or archived (`closed`);
 * 5. its close time has come at `now`, the time the write was given (`closedAt`);
 * 6. otherwise the question became open (voting just learned of its publishing) after the statement's snapshot:
 *    `retry`, up to WRITE_ATTEMPTS writes in all, then `closed`, rather than calling an open question closed at once.
 */
export function whyNotWritten(
  submitted: { optionId: string; confidence: number },
  existing: { optionId: string; confidence: number } | undefined,
  question: AnswerableQuestion | undefined,
  attempt: number,
  now: Date,
): NotWritten {
  if (existing) {
    const same = existing.optionId === submitted.optionId && existing.confidence === submitted.confidence;
    return same ? { outcome: 'alreadyAnswered' } : { outcome: 'refused', reason: 'different' };
  }
  if (!question) return { outcome: 'refused', reason: 'questionNotFound' };
  if (!isOneOfTheOptions(question, submitted.optionId)) return { outcome: 'refused', reason: 'unknownOption' };
  if (!isLive(question)) return { outcome: 'refused', reason: 'closed' };
  if (hasClosedAt(question, now)) return { outcome: 'refused', reason: 'closedAt' };
  if (attempt >= WRITE_ATTEMPTS) return { outcome: 'refused', reason: 'closed' };
  return { outcome: 'retry' };
}
