import type { ConsumerOptions, EventEnvelope } from '@mzansi/kit';
import * as repo from '../../data-access/notification-repo.js';
import type { QuestionNotice } from '../../domain/messages.js';

type UserEvent = 'identity.user.registered' | 'identity.user.updated';

/** Keeps the contact list (address, name, preferences) from identity events. */
export function userEventsConsumer(): ConsumerOptions<UserEvent> {
  return {
    name: 'notification-on-user-events',
    types: ['identity.user.registered', 'identity.user.updated'],
    async handle(event: EventEnvelope<UserEvent>, tx) {
      const u = event.data.user;
      if (!u?.id) return;
      await repo.upsertContact(tx, {
        userId: u.id,
        email: u.email.trim(),
        name: u.name,
        emailNotifications: u.emailNotifications,
        browserNotifications: u.browserNotifications,
      });
    },
  };
}

/**
 * A published question becomes one notification job, in the consumer's transaction (the inbox makes a redelivery a
 * no-op and the job's primary key is the event id). The delivery worker sends it; the ack does not wait for that.
 */
export function questionPublishedConsumer(onJob: () => void): ConsumerOptions<'questions.question.published'> {
  return {
    name: 'notification-on-question-published',
    types: ['questions.question.published'],
    async handle(event, tx) {
      const q = event.data.question;
      if (!q?.id) return;
      const notice: QuestionNotice = { questionId: q.id, text: q.text };
      if (await repo.insertJob(tx, { eventId: event.id, kind: 'question-published', payload: notice })) onJob();
    },
  };
}
