import { IdParams, IdTextParams, OwnUserIdBody, Success } from './common.js';
import { route, type Media } from './route.js';
import { Analytics, OfficialBody, Official, OfficialList, PredictionBody, Prediction, PredictionList, Suggestion, SuggestionBody, SuggestionDraft, SuggestionList, SuggestionQuery, SuggestionReviewBody, TagList, TagParams } from './research.js';
import { QuestionList } from './questions.js';
import { DayAnalytics } from './analytics.js';
import {
  Agreement,
  Comment,
  CommentBody,
  CommentsQuery,
  CommentDeleted,
  CommentImageQuery,
  CommentList,
  FriendRequest,
  FriendRequestList,
  FriendRequestSent,
  Friends,
  FriendsFeed,
  FriendshipBody,
  LatestComments,
  ThreadList,
} from './social.js';

const C = 'Comments';
const F = 'Friends';
const R = 'Research';
const S = 'Suggestions';
const IMAGE: Media = { media: 'image/*', description: 'The image (304 when the ETag matches)' };

/** Comments, friends, the feed, research and suggestions. */
export const socialRoutes = {
  'GET /api/questions/{id}/comments': route({
    tag: C,
    access: 'public',
    summary: "A question's comments (`?sort=top|newest|oldest`), each with its first 3 replies",
    params: IdParams,
    query: CommentsQuery,
    responses: { 200: ThreadList },
  }),
  'POST /api/questions/{id}/comments': route({
    tag: C,
    access: 'user',
    summary: 'Comment, with an optional image (a data URL, ≤ 5 MB); rate-limited',
    params: IdParams,
    body: CommentBody,
    responses: { 201: Comment },
  }),
  'GET /api/comments/public': route({ tag: C, access: 'public', summary: 'The latest 3 comments of each public question, by question id', responses: { 200: LatestComments } }),
  'DELETE /api/comments/{id}': route({ tag: C, access: 'user', summary: 'Delete my comment (any, as an admin)', params: IdParams, responses: { 200: CommentDeleted } }),
  'GET /api/comments/{id}/replies': route({ tag: C, access: 'public', summary: "Every reply to a comment, oldest first", params: IdParams, responses: { 200: CommentList } }),
  'PUT /api/comments/{id}/agree': route({ tag: C, access: 'user', summary: 'Agree with a comment (not my own); idempotent', params: IdParams, responses: { 200: Agreement } }),
  'DELETE /api/comments/{id}/agree': route({ tag: C, access: 'user', summary: 'Take my agree back; idempotent', params: IdParams, responses: { 200: Agreement } }),
  'GET /api/comments/{id}/image': route({
    tag: C,
    access: 'public',
    summary: "A comment's image or thumbnail (`?size=thumb`)",
    params: IdParams,
    query: CommentImageQuery,
    responses: { 200: IMAGE, 304: { media: '', description: 'Not Modified' } },
  }),
  'GET /api/users/{id}/friends': route({ tag: F, access: 'user', summary: "A user's friends (self or admin)", params: IdParams, responses: { 200: Friends } }),
  'GET /api/users/{id}/friend-requests': route({ tag: F, access: 'user', summary: 'Pending requests to a user (self or admin)', params: IdParams, responses: { 200: FriendRequestList } }),
  'GET /api/users/{id}/sent-requests': route({ tag: F, access: 'user', summary: 'Pending requests from a user (self or admin)', params: IdParams, responses: { 200: FriendRequestList } }),
  'POST /api/friendships': route({
    tag: F,
    access: 'user',
    summary: 'Ask someone (by id or username) to be friends; friends at once when they had asked too',
    body: FriendshipBody,
    responses: { 201: FriendRequestSent },
  }),
  'PUT /api/friend-requests/{id}/accept': route({ tag: F, access: 'user', summary: 'Accept a friend request', params: IdParams, body: OwnUserIdBody, responses: { 200: FriendRequest } }),
  'PUT /api/friend-requests/{id}/reject': route({ tag: F, access: 'user', summary: 'Decline a friend request', params: IdParams, body: OwnUserIdBody, responses: { 200: FriendRequest } }),
  'DELETE /api/friend-requests/{id}': route({ tag: F, access: 'user', summary: 'Take back a request I sent', params: IdParams, responses: { 200: Success } }),
  'GET /api/feed/friends': route({ tag: F, access: 'user', summary: 'Public questions my friends answered or commented on', responses: { 200: FriendsFeed } }),
  'GET /api/tags': route({ tag: R, access: 'public', summary: 'Topics with their counts', responses: { 200: TagList } }),
  'GET /api/tags/{tag}/questions': route({ tag: R, access: 'public', summary: "A topic's questions", params: TagParams, responses: { 200: QuestionList } }),
  'GET /api/tags/{tag}/officials': route({ tag: R, access: 'public', summary: "A topic's officials", params: TagParams, responses: { 200: OfficialList } }),
  'GET /api/tags/{tag}/predictions': route({ tag: R, access: 'public', summary: "A topic's media predictions", params: TagParams, responses: { 200: PredictionList } }),
  'GET /api/officials': route({ tag: R, access: 'public', summary: 'Every official', responses: { 200: OfficialList } }),
  'POST /api/admin/officials': route({ tag: R, access: 'admin', summary: 'Add an official', body: OfficialBody, responses: { 201: Official } }),
  'PUT /api/admin/officials/{id}': route({ tag: R, access: 'admin', summary: 'Edit an official', params: IdTextParams, body: OfficialBody, responses: { 200: Official } }),
  'DELETE /api/admin/officials/{id}': route({ tag: R, access: 'admin', summary: 'Delete an official', params: IdTextParams, responses: { 200: Success } }),
  'POST /api/admin/predictions': route({ tag: R, access: 'admin', summary: 'Add a media prediction', body: PredictionBody, responses: { 201: Prediction } }),
  'PUT /api/admin/predictions/{id}': route({ tag: R, access: 'admin', summary: 'Edit a media prediction', params: IdTextParams, body: PredictionBody, responses: { 200: Prediction } }),
  'DELETE /api/admin/predictions/{id}': route({ tag: R, access: 'admin', summary: 'Delete a media prediction', params: IdTextParams, responses: { 200: Success } }),
  'GET /api/admin/analytics': route({ tag: 'Admin', access: 'admin', summary: 'Users, answers today, questions by state, suggestions pending', responses: { 200: Analytics } }),
  'GET /api/admin/analytics/day': route({
    tag: 'Admin',
    access: 'admin',
    summary: 'How the day went: predictions per SAST hour, players (new, returning, retention), provinces, deliveries, top questions, comments and reports, today and the 14 days before',
    responses: { 200: DayAnalytics },
  }),
  'POST /api/question-suggestions': route({ tag: S, access: 'user', summary: 'Suggest a question', body: SuggestionBody, responses: { 201: Suggestion } }),
  'GET /api/question-suggestions': route({
    tag: S,
    access: 'user',
    summary: 'Suggestions: my own (`?user=me`), or all (admins), by `status`',
    query: SuggestionQuery,
    responses: { 200: SuggestionList },
  }),
  'PUT /api/question-suggestions/{id}': route({ tag: S, access: 'admin', summary: 'Review a suggestion', params: IdTextParams, body: SuggestionReviewBody, responses: { 200: Suggestion } }),
  'POST /api/question-suggestions/{id}/use': route({
    tag: S,
    access: 'admin',
    summary: 'Make a draft question from a suggestion (409 when it has one); publishing it marks the suggestion used and tells its author',
    params: IdTextParams,
    responses: { 201: SuggestionDraft },
  }),
  'DELETE /api/question-suggestions/{id}': route({ tag: S, access: 'admin', summary: 'Delete a suggestion', params: IdTextParams, responses: { 200: Success } }),
} as const;
