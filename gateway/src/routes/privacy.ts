import { Router } from 'express';
import type { voting } from '@mzansi/proto';
import { AnswerVisibility } from '@mzansi/proto/voting/v1/voting';
import { PrivacyBody, UserIdParams, type PrivacySettings } from '@mzansi/api';
import type { Clients } from '../clients.js';
import type { Config } from '../config.js';
import { parse } from '../errors.js';
import { send } from '../respond.js';
import { PRIVACY_NOTICE_VERSION } from '../privacy.js';
import { requireActor, requireSelf } from '../session.js';

export function privacyJson(s: voting.PrivacySettings | undefined): PrivacySettings {
  return {
    answerVisibility: s?.answerVisibility === AnswerVisibility.ANSWER_VISIBILITY_NOBODY ? 'nobody' : 'friends',
    hideUntilResolved: s?.hideUntilResolved ?? false,
    listOnNationalBoard: s?.listOnNationalBoard ?? false,
    updatedAt: s?.updatedAt?.toISOString() ?? null,
  };
}

/** GET /api/privacy-notice: what the /privacy page needs from configuration (public, no session). */
export function privacyNoticeRouter({ config }: { config: Config }): Router {
  const r = Router();
  r.get('/', (_req, res) => {
    send(res, 'GET /api/privacy-notice', 200, {
      version: PRIVACY_NOTICE_VERSION,
      informationOfficer: { name: config.PRIVACY_OFFICER_NAME, email: config.PRIVACY_OFFICER_EMAIL },
    });
  });
  return r;
}

/**
 * GET/PUT /api/users/{id}/privacy: who sees the user's answers and figures, and whether the national boards name
 * them. Self only — not even admins (nothing needs it).
 * Voting owns the settings and applies them to every read of someone else's answers (friend answers, the friends
 * feed, results panels, leaderboards), so the routes that show them need no check of their own.
 */
export function privacySettingsRoutes(r: Router, { clients }: { clients: Clients }): void {

  r.get('/:id/privacy', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const { settings } = await clients.voting.getPrivacy({ userId: actor.id }, { actor });
    send(res, 'GET /api/users/{id}/privacy', 200, privacyJson(settings));
  });

  r.put('/:id/privacy', async (req, res) => {
    requireActor(res);
    const actor = requireSelf(res, parse(UserIdParams, req.params).id);
    const body = parse(PrivacyBody, req.body);
    const answerVisibility =
      body.answerVisibility === 'nobody'
        ? AnswerVisibility.ANSWER_VISIBILITY_NOBODY
        : body.answerVisibility === 'friends'
          ? AnswerVisibility.ANSWER_VISIBILITY_FRIENDS
          : AnswerVisibility.ANSWER_VISIBILITY_UNSPECIFIED;
    const { settings } = await clients.voting.updatePrivacy(
      { answerVisibility, hideUntilResolved: body.hideUntilResolved, listOnNationalBoard: body.listOnNationalBoard },
      { actor },
    );
    send(res, 'PUT /api/users/{id}/privacy', 200, privacyJson(settings));
  });

}
