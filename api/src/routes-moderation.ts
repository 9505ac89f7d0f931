import { IdParams, UserIdParams } from './common.js';
import { DisplayNameBody, ModerationBody, ModerationQueue, ReportBody, ReportCreated, Suspension, SuspensionBody } from './moderation.js';
import { route } from './route.js';
import { Comment } from './social.js';
import { User } from './users.js';

const M = 'Moderation';

/** Reports of comments and the moderators' tools (docs/security.md "Moderation"). */
export const moderationRoutes = {
  'POST /api/comments/{id}/reports': route({
    tag: M,
    access: 'user',
    summary: 'Report a comment (once); enough reports hide it until reviewed. 403 while suspended',
    params: IdParams,
    body: ReportBody,
    responses: { 201: ReportCreated },
  }),
  'GET /api/admin/moderation': route({ tag: M, access: 'admin', summary: 'Reported and hidden comments, with their reports and author history', responses: { 200: ModerationQueue } }),
  'PUT /api/admin/comments/{id}/moderation': route({
    tag: M,
    access: 'admin',
    summary: 'Keep a reported comment (its reports are rejected) or remove it (the author sees the reason)',
    params: IdParams,
    body: ModerationBody,
    responses: { 200: Comment },
  }),
  'PUT /api/admin/users/{id}/suspension': route({
    tag: M,
    access: 'admin',
    summary: 'Suspend a user for 1, 7 or 30 days or permanently (null): no comments, suggestions, reports or friend requests',
    params: UserIdParams,
    body: SuspensionBody,
    responses: { 200: Suspension },
  }),
  'DELETE /api/admin/users/{id}/suspension': route({ tag: M, access: 'admin', summary: 'Lift a suspension', params: UserIdParams, responses: { 200: Suspension } }),
  'PUT /api/admin/users/{id}/name': route({
    tag: M,
    access: 'admin',
    summary: 'Replace an offensive display name; the person is told why',
    params: UserIdParams,
    body: DisplayNameBody,
    responses: { 200: User },
  }),
} as const;
