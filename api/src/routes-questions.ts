import { IdParams, IdTextParams, OwnUserIdQuery, Success } from './common.js';
import { AccuracyHistory, Answer, AnswerBody, AnswerRecorded, Calibration, History, Leaderboard, LeaderboardQuery, UserQuestionParams, UserStats } from './answers.js';
import { CorrectResolutionBody, CreateQuestionBody, QuestionDetailsBody, ResolveBody, ScheduleBody, TranslationsUpdateBody } from './admin.js';
import { ArchivePage, ArchiveQuery, FriendAnswers, PublicResults, Question, QuestionList, Results } from './questions.js';
import { ResultsHistory } from './history.js';
import { route } from './route.js';

const Q = 'Questions';
const V = 'Answers and results';
const A = 'Admin: questions';

/** Questions, answers and results. */
export const questionRoutes = {
  'GET /api/questions/today': route({ tag: Q, access: 'public', summary: "Today's questions with their figures (cached ≤ 1 s, shared)", responses: { 200: QuestionList } }),
  'GET /api/questions/public': route({ tag: Q, access: 'public', summary: 'The latest 30 published questions (cached ≤ 1 s, shared)', responses: { 200: QuestionList } }),
  'GET /api/questions/archive': route({
    tag: Q,
    access: 'public',
    summary: 'The archive: searchable (every word a prefix), paged with `nextCursor`',
    query: ArchiveQuery,
    responses: { 200: ArchivePage },
  }),
  'GET /api/questions/{id}/public-results': route({
    tag: V,
    access: 'public',
    summary: "A question's national split (an open blind question's figures are never in it)",
    params: IdParams,
    responses: { 200: PublicResults },
  }),
  'GET /api/questions/{id}/history': route({
    tag: V,
    access: 'public',
    summary:
      'How the nation moved: the national split over time, ≤ 200 points from publication (zero) to the latest (cached ≤ 1 s, shared, except an open blind question: its figures only for those who answered it)',
    params: IdParams,
    responses: { 200: ResultsHistory },
  }),
  'GET /api/questions/{id}/results': route({
    tag: V,
    access: 'user',
    summary: "The reader's results panel: split, provinces, friends' answers, own answer",
    params: IdParams,
    query: OwnUserIdQuery,
    responses: { 200: Results },
  }),
  'GET /api/questions/{id}/friend-answers': route({
    tag: V,
    access: 'user',
    summary: "The reader's friends' answers to a question",
    params: IdParams,
    query: OwnUserIdQuery,
    responses: { 200: FriendAnswers },
  }),
  'POST /api/answers': route({
    tag: V,
    access: 'user',
    summary: 'Answer a question (201; 200 with the first answer when already answered)',
    body: AnswerBody,
    responses: { 200: AnswerRecorded, 201: AnswerRecorded },
  }),
  'GET /api/users/{id}/answers/{questionId}': route({ tag: V, access: 'user', summary: "A user's answer to a question (self or admin)", params: UserQuestionParams, responses: { 200: Answer } }),
  'GET /api/users/{id}/stats': route({ tag: V, access: 'user', summary: "A user's totals, accuracy, rank and streak (self or admin)", params: IdParams, responses: { 200: UserStats } }),
  'GET /api/users/{id}/calibration': route({ tag: V, access: 'user', summary: "A user's calibration by confidence bucket (self or admin)", params: IdParams, responses: { 200: Calibration } }),
  'GET /api/users/{id}/accuracy-history': route({
    tag: V,
    access: 'user',
    summary: "A user's accuracy and calibration per month, the last 12 months (self or admin)",
    params: IdParams,
    responses: { 200: AccuracyHistory },
  }),
  'GET /api/users/{id}/history': route({ tag: V, access: 'user', summary: "A user's last 50 answers (self or admin)", params: IdParams, responses: { 200: History } }),
  'GET /api/leaderboard': route({
    tag: V,
    access: 'user',
    summary: "This SAST month's standings: national, among friends, or by calibration",
    query: LeaderboardQuery,
    responses: { 200: Leaderboard },
  }),
  'GET /api/admin/questions': route({ tag: A, access: 'admin', summary: 'Every question with its figures', responses: { 200: QuestionList } }),
  'GET /api/admin/drafts': route({ tag: A, access: 'admin', summary: 'Draft questions', responses: { 200: QuestionList } }),
  'POST /api/admin/questions': route({ tag: A, access: 'admin', summary: 'Create a draft question', body: CreateQuestionBody, responses: { 201: Question } }),
  'POST /api/admin/questions/{id}/publish': route({ tag: A, access: 'admin', summary: 'Publish a draft', params: IdTextParams, responses: { 200: Question } }),
  'PUT /api/admin/questions/{id}/resolve': route({
    tag: A,
    access: 'admin',
    summary: 'Resolve with the correct option and the source it was judged on (an http(s) address and a title; 400 without one), with an optional note',
    params: IdTextParams,
    body: ResolveBody,
    responses: { 200: Question },
  }),
  'PUT /api/admin/questions/{id}/resolution': route({
    tag: A,
    access: 'admin',
    summary:
      "Correct a resolution once, within 24 hours, with a reason: the option and/or the source. Scores, accuracy, boards and calibration are recomputed and those who answered are told. 409 after 24 hours or a second time",
    params: IdTextParams,
    body: CorrectResolutionBody,
    responses: { 200: Question },
  }),
  'PUT /api/admin/questions/{id}/archive': route({ tag: A, access: 'admin', summary: 'Archive a question', params: IdTextParams, responses: { 200: Question } }),
  'PUT /api/admin/questions/{id}/translations': route({
    tag: A,
    access: 'admin',
    summary: "Replace a question's translations",
    params: IdTextParams,
    body: TranslationsUpdateBody,
    responses: { 200: Question },
  }),
  'PUT /api/admin/questions/{id}/schedule': route({
    tag: A,
    access: 'admin',
    summary: 'Schedule a draft to publish itself (or move its schedule); its date becomes that time. 400 unless in the future, 409 once published',
    params: IdTextParams,
    body: ScheduleBody,
    responses: { 200: Question },
  }),
  'DELETE /api/admin/questions/{id}/schedule': route({
    tag: A,
    access: 'admin',
    summary: "Take a draft's schedule away (409 once published)",
    params: IdTextParams,
    responses: { 200: Question },
  }),
  'PATCH /api/admin/questions/{id}': route({
    tag: A,
    access: 'admin',
    summary:
      "Change a draft's or published question's resolution criteria and close time (a published question's close time only later, never into the past; 409 once resolved or archived)",
    params: IdTextParams,
    body: QuestionDetailsBody,
    responses: { 200: Question },
  }),
  'DELETE /api/admin/questions/{id}': route({ tag: A, access: 'admin', summary: 'Delete a question', params: IdTextParams, responses: { 200: Success } }),
} as const;
