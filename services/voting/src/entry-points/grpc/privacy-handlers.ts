import { forbidden, invalid, isUuid, type CallContext, type Clock } from '@mzansi/kit';
import {
  AnswerVisibility,
  type GetPrivacyRequest,
  type GetPrivacyResponse,
  type PrivacySettings,
  type UpdatePrivacyRequest,
  type UpdatePrivacyResponse,
} from '@mzansi/proto/voting/v1/voting';
import * as repo from '../../data-access/voting-repo.js';
import { privacyOrDefault, type AnswerPrivacy } from '../../domain/privacy.js';
import type { VotingContext } from '../../context.js';

type Ctx = VotingContext;

const TO_PROTO = { friends: AnswerVisibility.ANSWER_VISIBILITY_FRIENDS, nobody: AnswerVisibility.ANSWER_VISIBILITY_NOBODY } as const;

function settingsJson(row: repo.AnswerPrivacyRow | undefined): PrivacySettings {
  const p = privacyOrDefault(row as Partial<AnswerPrivacy> | undefined);
  return {
    answerVisibility: TO_PROTO[p.answerVisibility],
    hideUntilResolved: p.hideUntilResolved,
    listOnNationalBoard: p.listOnNationalBoard,
    updatedAt: row?.updatedAt,
  };
}

/** Privacy of these users, defaults filled in: what every read of someone else's answers is filtered with. */
export async function privacyMap(ctx: Ctx, userIds: string[]): Promise<(userId: string) => AnswerPrivacy> {
  const rows = await repo.privacyOf(ctx.db, [...new Set(userIds)]);
  return (userId) => privacyOrDefault(rows.get(userId) as Partial<AnswerPrivacy> | undefined);
}

/** GetPrivacy / UpdatePrivacy: a user's own settings only (not even admins read them: nothing needs it). */
export function privacyHandlers(
  ctx: Ctx,
  clock: Clock,
): {
  getPrivacy(req: GetPrivacyRequest, call: CallContext): Promise<GetPrivacyResponse>;
  updatePrivacy(req: UpdatePrivacyRequest, call: CallContext): Promise<UpdatePrivacyResponse>;
} {
  const own = (call: CallContext, userId: string) => {
    const actor = call.requireActor();
    if (actor.id !== userId) throw forbidden('You can only see your own data');
    return actor;
  };
  return {
    async getPrivacy(req, call) {
      own(call, req.userId);
      if (!isUuid(req.userId)) return { settings: settingsJson(undefined) };
      return { settings: settingsJson((await repo.privacyOf(ctx.db, [req.userId])).get(req.userId)) };
    },

    async updatePrivacy(req, call) {
      const actor = call.requireActor();
      if (!isUuid(actor.id)) throw invalid('Unknown user');
      const patch: { answerVisibility?: 'friends' | 'nobody'; hideUntilResolved?: boolean; listOnNationalBoard?: boolean } = {};
      if (req.answerVisibility === AnswerVisibility.ANSWER_VISIBILITY_FRIENDS) patch.answerVisibility = 'friends';
      else if (req.answerVisibility === AnswerVisibility.ANSWER_VISIBILITY_NOBODY) patch.answerVisibility = 'nobody';
      else if (req.answerVisibility !== AnswerVisibility.ANSWER_VISIBILITY_UNSPECIFIED) throw invalid('Please choose who sees your answers');
      if (req.hideUntilResolved !== undefined) patch.hideUntilResolved = req.hideUntilResolved;
      if (req.listOnNationalBoard !== undefined) patch.listOnNationalBoard = req.listOnNationalBoard;
      return { settings: settingsJson(await repo.upsertPrivacy(ctx.db, actor.id, patch, clock())) };
    },
  };
}
