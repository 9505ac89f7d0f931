import { Router } from 'express';
import type { voting } from '@mzansi/proto';
import { AnswerVisibility } from '@mzansi/proto/voting/v1/voting';
import { z } from 'zod';
import type { Clients } from '../clients.js';
import type { Config } from '../config.js';
import { parse } from '../errors.js';
import { uuidAnyCase } from '../params.js';
import { PRIVACY_NOTICE_VERSION } from '../privacy.js';
import { requireActor, requireSelf } from '../session.js';

const idParam = z.object({ id: uuidAnyCase('Unknown user') });

const privacyBody = z
  .object({
    answerVisibility: z.enum(['friends', 'nobody'], 'answerVisibility must be "friends" or "nobody"').optional(),
    hideUntilResolved: z.boolean('hideUntilResolved must be true or false').optional(),
  })
  .refine((b) => b.answerVisibility !== undefined || b.hideUntilResolved !== undefined, 'Nothing to update');

export function privacyJson(s: voting.PrivacySettings | undefined) {
  return {
    answerVisibility: s?.answerVisibility === AnswerVisibility.ANSWER_VISIBILITY_NOBODY ? 'nobody' : 'friends',
    hideUntilResolved: s?.hideUntilResolved ?? false,
    updatedAt: s?.updatedAt?.toISOString() ?? null,
  };
}

/** GET /api/privacy-notice: what the /privacy page needs from configuration (public, no session). */
export function privacyNoticeRouter({ config }: { config: Config }): Router {
  const r = Router();
  r.get('/', (_req, res) => {
    res.json({
      version: PRIVACY_NOTICE_VERSION,
      informationOfficer: { name: config.PRIVACY_OFFICER_NAME, email: config.PRIVACY_OFFICER_EMAIL },
    });
  });
  return r;
}

/**
 * GET/PUT /api/users/{id}/privacy: who sees the user's answers. Self only — not even admins (nothing needs it).
 * Voting owns the settings and applies them to every read of someone else's answers (friend answers, the friends
 * feed, results panels, leaderboards), so the routes that show them need no check of their own.
 */
export function privacySettingsRoutes(r: Router, { clients }: { clients: Clients }): void {

  r.get('/:id/privacy', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(idParam, req.params).id);
    const { settings } = await clients.voting.getPrivacy({ userId: actor.id }, { actor });
    res.json(privacyJson(settings));
  });

  r.put('/:id/privacy', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(idParam, req.params).id);
    const body = parse(privacyBody, req.body);
    const answerVisibility =
      body.answerVisibility === 'nobody'
        ? AnswerVisibility.ANSWER_VISIBILITY_NOBODY
        : body.answerVisibility === 'friends'
          ? AnswerVisibility.ANSWER_VISIBILITY_FRIENDS
          : AnswerVisibility.ANSWER_VISIBILITY_UNSPECIFIED;
    const { settings } = await clients.voting.updatePrivacy({ answerVisibility, hideUntilResolved: body.hideUntilResolved }, { actor });
    res.json(privacyJson(settings));
  });

}
