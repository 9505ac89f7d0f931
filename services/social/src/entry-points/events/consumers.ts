import type { EventEnvelope } from '@mzansi/kit';
import { eraseUser } from '../../data-access/account-repo.js';
import * as repo from '../../data-access/social-repo.js';
import type { SocialConsumer } from '../../context.js';

type UserEvent = 'identity.user.registered' | 'identity.user.updated' | 'identity.user.deleted';

/**
 * Keeps the people directory (search, names) from identity events, and erases a deleted user. One durable consumer
 * for the three, so they apply in stream order: a deletion can never be followed by its own registration.
 */
export function userEventsConsumer(): SocialConsumer<UserEvent> {
  return {
    name: 'social-on-user-events',
    types: ['identity.user.registered', 'identity.user.updated', 'identity.user.deleted'],
    async handle(event: EventEnvelope<UserEvent>, tx) {
      if (event.type === 'identity.user.deleted') {
        const { userId } = (event as EventEnvelope<'identity.user.deleted'>).data;
        if (userId) await eraseUser(tx, userId.toLowerCase());
        return;
      }
      const u = (event as EventEnvelope<'identity.user.registered' | 'identity.user.updated'>).data.user;
      if (!u) return;
      await repo.upsertPerson(tx, { id: u.id, username: u.username, name: u.name, isAdmin: u.isAdmin, suspended: !!u.suspended, suspendedUntil: u.suspendedUntil ?? null });
    },
  };
}

type QuestionEvent = 'questions.question.published' | 'questions.question.archived' | 'questions.question.deleted';

/**
 * Keeps which questions' comments are visible (published: yes; archived: no; drafts are never announced), and a
 * deleted question takes its comments with it. One durable consumer for the three, so they apply in stream order.
 * It replaced `social-on-question-deleted`: a new durable name replays the events the stream still holds.
 */
export function questionEventsConsumer(): SocialConsumer<QuestionEvent> {
  return {
    name: 'social-on-question-events',
    types: ['questions.question.published', 'questions.question.archived', 'questions.question.deleted'],
    async handle(event: EventEnvelope<QuestionEvent>, tx) {
      switch (event.type) {
        case 'questions.question.published': {
          const q = (event as EventEnvelope<'questions.question.published'>).data.question;
          if (q) await repo.setQuestionVisible(tx, q.id, true);
          return;
        }
        case 'questions.question.archived':
          await repo.setQuestionVisible(tx, (event as EventEnvelope<'questions.question.archived'>).data.questionId, false);
          return;
        case 'questions.question.deleted': {
          const { questionId } = (event as EventEnvelope<'questions.question.deleted'>).data;
          await repo.deleteCommentsOfQuestion(tx, questionId);
          await repo.forgetQuestion(tx, questionId);
          return;
        }
      }
    },
  };
}
