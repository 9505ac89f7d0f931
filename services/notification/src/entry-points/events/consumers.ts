import type { EventEnvelope } from '@mzansi/kit';
import { eraseUser } from '../../data-access/account-repo.js';
import { eraseInbox } from '../../data-access/inbox-repo.js';
import * as repo from '../../data-access/notification-repo.js';
import { noticeTranslations, type QuestionNotice } from '../../domain/messages.js';
import { pushLanguage } from '../../domain/push-text.js';
import type { NotificationConsumer } from '../../context.js';

type UserEvent = 'identity.user.registered' | 'identity.user.updated' | 'identity.user.deleted';

/**
 * Keeps the contact list (address, name, preferences, language, join date) from identity events, and erases a deleted
 * user (their inbox too). One durable
 * consumer for the three, so they apply in stream order: a deletion is never undone by an earlier update.
 */
export function userEventsConsumer(): NotificationConsumer<UserEvent> {
  return {
    name: 'notification-on-user-events',
    types: ['identity.user.registered', 'identity.user.updated', 'identity.user.deleted'],
    async handle(event: EventEnvelope<UserEvent>, tx) {
      if (event.type === 'identity.user.deleted') {
        const { userId } = (event as EventEnvelope<'identity.user.deleted'>).data;
        if (userId) {
          await eraseUser(tx, userId.toLowerCase());
          await eraseInbox(tx, userId.toLowerCase());
        }
        return;
      }
      const u = (event as EventEnvelope<'identity.user.registered' | 'identity.user.updated'>).data.user;
      if (!u?.id) return;
      await repo.upsertContact(tx, {
        userId: u.id,
        email: u.email.trim(),
        name: u.name,
        emailNotifications: u.emailNotifications,
        browserNotifications: u.browserNotifications,
        emailVerified: u.emailVerified,
        // Checked here, at the edge: en, zu, af or st, anything else (or none chosen) English.
        language: pushLanguage(u.language),
        // The inbox shows items for everyone from this date on; an update without one keeps the stored date.
        joinedAt: u.joinDate,
      });
    },
  };
}

/**
 * A published question becomes one notification job, in the consumer's transaction (the inbox makes a redelivery a
 * no-op and the job's primary key is the event id). The delivery worker sends it; the ack does not wait for that.
 */
export function questionPublishedConsumer(onJob: () => void): NotificationConsumer<'questions.question.published'> {
  return {
    name: 'notification-on-question-published',
    types: ['questions.question.published'],
    async handle(event, tx) {
      const q = event.data.question;
      if (!q?.id) return;
      const notice: QuestionNotice = { questionId: q.id, text: q.text, translations: noticeTranslations(q.translations) };
      if (await repo.insertJob(tx, { eventId: event.id, kind: 'question-published', payload: notice })) onJob();
    },
  };
}
