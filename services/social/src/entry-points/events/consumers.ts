import type { ConsumerOptions, EventEnvelope } from '@mzansi/kit';
import * as repo from '../../data-access/social-repo.js';

type UserEvent = 'identity.user.registered' | 'identity.user.updated';

/** Keeps the people directory (search, names) from identity events. */
export function userEventsConsumer(): ConsumerOptions<UserEvent> {
  return {
    name: 'social-on-user-events',
    types: ['identity.user.registered', 'identity.user.updated'],
    async handle(event: EventEnvelope<UserEvent>, tx) {
      const u = event.data.user;
      if (!u) return;
      await repo.upsertPerson(tx, { id: u.id, username: u.username, name: u.name, isAdmin: u.isAdmin });
    },
  };
}

/** A deleted question takes its comments with it. */
export function questionDeletedConsumer(): ConsumerOptions<'questions.question.deleted'> {
  return {
    name: 'social-on-question-deleted',
    types: ['questions.question.deleted'],
    async handle(event, tx) {
      await repo.deleteCommentsOfQuestion(tx, event.data.questionId);
    },
  };
}
