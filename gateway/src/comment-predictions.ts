import type { Comment } from '@mzansi/api';
import { resultsHiddenFor } from '@mzansi/api/rules';
import { grpc, isGrpcError, type Actor } from '@mzansi/kit/base';
import type { social } from '@mzansi/proto';
import type { Clients } from './clients.js';

type Prediction = NonNullable<Comment['prediction']>;

const orUndefined = <T>(p: Promise<T>): Promise<T | undefined> =>
  p.catch((err: unknown) => {
    if (isGrpcError(err) && err.code === grpc.status.NOT_FOUND) return undefined;
    throw err;
  });

/**
 * The predictions shown beside a page of one question's comments, by author id: only of authors who ticked "show my
 * prediction" on that comment (POPIA: their political opinion is theirs to reveal), and only when the reader may see
 * the question's results (resultsHiddenFor, the rule of GET /api/questions/{id}/results: a blind question's only
 * once they answered it or it resolved, or for admins). One voting call for the whole page, beside the question and
 * the reader's own answer.
 */
export async function predictionsFor(clients: Clients, actor: Actor | undefined, questionId: string, comments: social.Comment[]): Promise<Map<string, Prediction>> {
  const userIds = [...new Set(comments.filter((c) => c.showPrediction && c.user).map((c) => c.user!.id))];
  if (userIds.length === 0) return new Map();
  const [question, disclosed, mine] = await Promise.all([
    orUndefined(clients.questions.getQuestion({ id: questionId }, actor ? { actor } : {})).then((r) => r?.question),
    clients.voting.getDisclosedAnswers({ questionId, userIds }, actor ? { actor } : {}),
    actor && !actor.isAdmin ? orUndefined(clients.voting.getAnswer({ userId: actor.id, questionId }, { actor })).then((r) => r?.answer) : undefined,
  ]);
  if (!question || resultsHiddenFor(question, !!mine || !!actor?.isAdmin)) return new Map();
  return new Map(
    disclosed.answers.map((a) => [
      a.userId,
      { optionId: a.optionId, optionText: question.options.find((o) => o.id === a.optionId)?.text ?? a.optionId, confidence: a.confidence || null },
    ]),
  );
}

/** The prediction of one comment, if it is to be shown. */
export const predictionOf = (predictions: Map<string, Prediction>, c: social.Comment): { prediction?: Prediction } => {
  const p = c.showPrediction && c.user ? predictions.get(c.user.id) : undefined;
  return p ? { prediction: p } : {};
};
