import { Router } from 'express';
import type { Clock } from '@mzansi/kit/base';
import type { PublicCache } from '../cache.js';
import type { Clients } from '../clients.js';
import type { Composer } from '../compose.js';
import type { Config } from '../config.js';
import type { RateLimits } from '../rate-limit.js';
import type { UserSessions } from '../user-sessions.js';
import { accountRoutes } from './account.js';
import { adminOnly, adminQuestionRoutes } from './admin.js';
import { authRoutes } from './auth.js';
import { adminPasswordResetRoutes, passwordResetRoutes } from './password-reset.js';
import { commentBodyParser, commentsRouter, questionCommentRoutes } from './comments.js';
import { friendsFeedRouter } from './feed.js';
import { adminModerationRoutes, reportRoutes } from './moderation.js';
import { newsletterRouter } from './newsletter.js';
import { inboxRoutes } from './inbox.js';
import { notificationsRouter } from './notifications.js';
import { privacyNoticeRouter, privacySettingsRoutes } from './privacy.js';
import { auditRoutes, passwordRoutes } from './profile.js';
import { adminResearchRoutes, officialsRouter, tagsRouter } from './research.js';
import { friendRequestsRouter, friendshipsRouter, peopleRoutes } from './social.js';
import { suggestionsRouter } from './suggestions.js';
import { userSettingsRoutes } from './users.js';
import type { NewestResults } from '../live/newest-results.js';
import { answersRouter, leaderboardRouter, resultsRoutes, userVotingRoutes } from './voting.js';
import { historyRoutes } from './history.js';

export interface ApiDeps {
  config: Config;
  clients: Clients;
  composer: Composer;
  cache: PublicCache;
  newest: NewestResults;
  rateLimits: RateLimits;
  userSessions: UserSessions;
  clock: Clock;
}

/** Adds one module's routes to the router of the URL prefix it serves under. */
type AddRoutes = (r: Router) => void;

/** One router for one URL prefix, holding the routes of every module that serves under it, in this order. */
function prefixRouter(...add: AddRoutes[]): Router {
  const r = Router();
  for (const routes of add) routes(r);
  return r;
}

/** Body parsers that must run ahead of the API's small default JSON parser, by method and path (under /api). */
export function apiBodyParsers(api: Router): void {
  api.post('/questions/:id/comments', commentBodyParser());
}

/**
 * The API's URL map (under /api, after its CSRF, body, session and no-store layers): one router per URL prefix.
 * The hot public reads and one-click unsubscribe are mounted ahead of those layers (app.ts).
 */
export function apiRoutes(api: Router, deps: ApiDeps): void {
  const { config, clients, composer, cache, newest, rateLimits, userSessions, clock } = deps;
  const votingDeps = { clients, composer, cache };
  const socialDeps = { ...votingDeps, rateLimits };
  const researchDeps = { clients, composer, cache, clock };

  // The burst's one write, first: a vote walks no other router.
  api.use('/answers', answersRouter({ clients, newest }));
  api.use('/privacy-notice', privacyNoticeRouter({ config }));
  api.use(
    '/auth',
    prefixRouter(
      (r) => passwordResetRoutes(r, { config, clients, rateLimits, clock, userSessions }),
      (r) => authRoutes(r, { config, clients, rateLimits, clock, userSessions }),
    ),
  );
  api.use(
    '/users',
    prefixRouter(
      (r) => peopleRoutes(r, socialDeps),
      (r) => userSettingsRoutes(r, { clients }),
      (r) => accountRoutes(r, { config, clients, userSessions, clock }),
      (r) => passwordRoutes(r, { clients, userSessions }),
      (r) => privacySettingsRoutes(r, { clients }),
      (r) => inboxRoutes(r, { clients }),
      (r) => userVotingRoutes(r, votingDeps),
    ),
  );
  api.use(
    '/questions',
    prefixRouter(
      (r) => resultsRoutes(r, votingDeps),
      (r) => historyRoutes(r, votingDeps),
      (r) => questionCommentRoutes(r, socialDeps),
    ),
  );
  api.use('/comments', commentsRouter(socialDeps), prefixRouter((r) => reportRoutes(r, socialDeps)));
  api.use('/friendships', friendshipsRouter(socialDeps));
  api.use('/friend-requests', friendRequestsRouter(socialDeps));
  api.use('/feed', friendsFeedRouter(votingDeps));
  api.use('/notifications', notificationsRouter({ clients, rateLimits, pushPolicy: { allowedHosts: config.PUSH_ALLOWED_HOSTS, devOrigin: config.PUSH_DEV_ORIGIN } }));
  api.use('/newsletter', newsletterRouter({ clients }));
  api.use('/leaderboard', leaderboardRouter(votingDeps));
  api.use(
    '/admin',
    prefixRouter(
      (r) => r.use(adminOnly),
      (r) => adminQuestionRoutes(r, votingDeps),
      (r) => auditRoutes(r, { clients }),
      (r) => adminPasswordResetRoutes(r, { clients }),
      (r) => adminResearchRoutes(r, researchDeps),
      (r) => adminModerationRoutes(r, { clients, cache }),
    ),
  );
  api.use('/tags', tagsRouter(researchDeps));
  api.use('/officials', officialsRouter(researchDeps));
  api.use('/question-suggestions', suggestionsRouter({ clients }));
}
