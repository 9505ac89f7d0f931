import type { CallContext, Clock } from '@mzansi/kit';
import type { ExportUserDataRequest, ExportUserDataResponse } from '@mzansi/proto/voting/v1/voting';
import { answersForExport, monthScoresForExport } from '../../data-access/account-repo.js';
import { answerOutcome } from '../../domain/export.js';
import { privacyHandlers } from './privacy-handlers.js';
import type { VotingContext } from '../../context.js';

type Ctx = VotingContext;

/** ExportUserData: everything voting holds about the acting user (download my data). */
export function exportHandlers(
  ctx: Ctx,
  clock: Clock,
): { exportUserData(req: ExportUserDataRequest, call: CallContext): Promise<ExportUserDataResponse> } {
  const privacy = privacyHandlers(ctx, clock);
  return {
    async exportUserData(_req, call) {
      const actor = call.requireActor();
      const [answers, scores, settings] = await Promise.all([
        answersForExport(ctx.db, actor.id),
        monthScoresForExport(ctx.db, actor.id),
        privacy.getPrivacy({ userId: actor.id }, call),
      ]);
      return {
        answers: answers.map((a) => {
          const options = a.options ?? [];
          const textOf = (id: string | null) => options.find((o) => o.id === id)?.text ?? '';
          return {
            answerId: a.answerId,
            questionId: a.questionId,
            questionText: a.text ?? '',
            optionId: a.optionId,
            optionText: textOf(a.optionId),
            submittedAt: a.submittedAt,
            outcome: answerOutcome(a.optionId, a.isResolved ?? false, a.correctOptionId),
            correctOptionId: a.isResolved ? (a.correctOptionId ?? '') : '',
            correctOptionText: a.isResolved ? textOf(a.correctOptionId) : '',
            resolvedAt: a.isResolved ? (a.resolvedAt ?? undefined) : undefined,
            confidence: a.confidence,
          };
        }),
        monthScores: scores,
        privacy: settings.settings,
      };
    },
  };
}
