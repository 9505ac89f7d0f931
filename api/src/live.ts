import { z } from 'zod';
import { InboxLiveMessage } from './inbox.js';
import { OptionResult, Question } from './questions.js';

/** A question just published (no votes yet), in the API's question shape. */
export const NewQuestionMessage = z.strictObject({ type: z.literal('new-question'), question: Question });
/** A question resolved, or (`corrected: true`) its resolution corrected: the option and/or the source changed. */
export const QuestionResolvedMessage = z.strictObject({
  type: z.literal('question-resolved'),
  questionId: z.string(),
  correctOptionId: z.string(),
  corrected: z.literal(true).optional(),
});
/**
 * New totals of a question, at most one per question per interval. For an open blind question only the total
 * (`blind: true`, no `results`): readers who answered it read their figures through the API.
 */
export const ResultsUpdatedMessage = z.union([
  z.strictObject({ type: z.literal('results-updated'), questionId: z.string(), totalVotes: z.number().int().nonnegative(), results: z.array(OptionResult) }),
  z.strictObject({ type: z.literal('results-updated'), questionId: z.string(), totalVotes: z.number().int().nonnegative(), blind: z.literal(true) }),
]);
/** Every message the live channel (/ws) sends. */
export const LiveMessage = z.union([NewQuestionMessage, QuestionResolvedMessage, ResultsUpdatedMessage, InboxLiveMessage]);

export type LiveMessage = z.infer<typeof LiveMessage>;
export type ResultsUpdatedMessage = z.infer<typeof ResultsUpdatedMessage>;
