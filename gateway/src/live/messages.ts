import type { EventEnvelope, ResultsChanged } from '@mzansi/kit/base';
import { questionJson } from '../questions.js';
import type { LiveMessage } from './fanout.js';

/**
 * Event → live message. `questions.question.published` → `new-question` (the question as the API shows it, no votes
 * yet), `questions.question.resolved` → `question-resolved` (`corrected` for a correction); other question events say nothing to the sockets.
 */
export function questionEventMessage(e: EventEnvelope): LiveMessage | undefined {
  if (e.type === 'questions.question.published') {
    const q = (e as EventEnvelope<'questions.question.published'>).data.question;
    if (!q) return undefined;
    const question = questionJson({
      ...q,
      context: q.context,
      correctOptionId: '',
      isActive: true,
      isResolved: false,
      isArchived: false,
      isPublished: true,
      createdAt: undefined,
      isSample: false,
      isBlind: q.isBlind ?? false,
      // The admin's text in other languages, so a client in isiZulu shows the live question in isiZulu.
      translations: q.translations ?? {},
      scheduledFor: undefined,
      scheduleMissedAt: undefined,
      suggestionId: '',
      resolutionCriteria: q.resolutionCriteria ?? '',
      closesAt: q.closesAt,
      // Just published: a question is never published past its close time (the questions service refuses it).
      isClosed: false,
      resolution: undefined,
    });
    return { type: 'new-question', question };
  }
  if (e.type === 'questions.question.resolved') {
    const d = (e as EventEnvelope<'questions.question.resolved'>).data;
    return { type: 'question-resolved', questionId: d.questionId, correctOptionId: d.correctOptionId, ...(d.corrected && { corrected: true as const }) };
  }
  return undefined;
}

/**
 * Voting's results → `results-updated`, the shape the web applies to its cache as is:
 * `{type, questionId, totalVotes, results: [{optionId, optionText, votes, percentage}]}` (percentage to one decimal,
 * as /api/questions/{id}/public-results gives it). For an open blind question only
 * `{type, questionId, totalVotes, blind: true}`: clients that answered it read their figures through the API.
 */
export function resultsUpdatedMessage(m: ResultsChanged): LiveMessage {
  // A blind question still open: only the number of predictions goes to the (anonymous, shared) sockets.
  if (m.blind) return { type: 'results-updated', questionId: m.questionId, totalVotes: m.totalVotes, blind: true };
  return {
    type: 'results-updated',
    questionId: m.questionId,
    totalVotes: m.totalVotes,
    results: m.results.map((r) => ({ optionId: r.optionId, optionText: r.optionText, votes: r.votes, percentage: r.percentage })),
  };
}
