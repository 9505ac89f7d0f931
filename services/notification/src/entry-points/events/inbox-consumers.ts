import type { NatsConnection } from 'nats';
import { LIVE_SUBJECTS, type AfterCommit, type EventEnvelope, type EventNames } from '@mzansi/kit';
import * as inbox from '../../data-access/inbox-repo.js';
import { noticeTranslations } from '../../domain/messages.js';
import type { NotificationConsumer } from '../../context.js';

/** Where a person's new items go live: core NATS, after the commit; every gateway writes them to that person's sockets. */
export interface InboxLive {
  nc: NatsConnection;
  names: EventNames;
}

/** What the consumer returns: the live message of a stored item, sent after its transaction commits. */
function tell(live: InboxLive, userId: string, item: inbox.StoredItem | undefined): AfterCommit | undefined {
  if (!item) return undefined;
  return () => live.nc.publish(live.names.subject(`${LIVE_SUBJECTS.inbox}.${userId.toLowerCase()}`), JSON.stringify({ item }));
}

const when = (d: Date | undefined, event: EventEnvelope) => d ?? new Date(event.occurredAt);
const lower = (id: string) => id.toLowerCase();

type SocialInbox = 'social.friend_request.created' | 'social.friendship.created' | 'social.comment.replied' | 'social.comment.agreed' | 'social.comment.removed';

/** Social's events for one person's inbox: friend requests, an accepted one, replies, agrees (grouped), a removal. */
export function socialInboxConsumer(live: InboxLive): NotificationConsumer<SocialInbox> {
  return {
    name: 'notification-inbox-on-social',
    types: ['social.friend_request.created', 'social.friendship.created', 'social.comment.replied', 'social.comment.agreed', 'social.comment.removed'],
    async handle(event, tx) {
      const e = event as EventEnvelope<SocialInbox>;
      switch (e.type) {
        case 'social.friend_request.created': {
          const d = (e as EventEnvelope<'social.friend_request.created'>).data;
          if (!d.toUserId || !d.fromUserId) return;
          const payload = { requestId: d.requestId, userId: lower(d.fromUserId), name: d.fromName };
          const item = await inbox.addPersonal(tx, { id: e.id, userId: lower(d.toUserId), kind: 'friend-request', payload, actorId: lower(d.fromUserId), createdAt: when(d.at, e) });
          return tell(live, d.toUserId, item);
        }
        case 'social.friendship.created': {
          const d = (e as EventEnvelope<'social.friendship.created'>).data;
          if (!d.requesterId || !d.accepterId) return;
          const payload = { userId: lower(d.accepterId), name: d.accepterName };
          const item = await inbox.addPersonal(tx, { id: e.id, userId: lower(d.requesterId), kind: 'friend-accepted', payload, actorId: lower(d.accepterId), createdAt: when(d.at, e) });
          return tell(live, d.requesterId, item);
        }
        case 'social.comment.replied': {
          const d = (e as EventEnvelope<'social.comment.replied'>).data;
          if (!d.parentAuthorId || !d.authorId || lower(d.parentAuthorId) === lower(d.authorId)) return;
          const payload = { commentId: d.commentId, parentId: d.parentId, questionId: d.questionId, userId: lower(d.authorId), name: d.authorName };
          const item = await inbox.addPersonal(tx, { id: e.id, userId: lower(d.parentAuthorId), kind: 'comment-replied', payload, actorId: lower(d.authorId), createdAt: when(d.at, e) });
          return tell(live, d.parentAuthorId, item);
        }
        case 'social.comment.agreed': {
          const d = (e as EventEnvelope<'social.comment.agreed'>).data;
          if (!d.commentAuthorId || !d.agreerId || lower(d.commentAuthorId) === lower(d.agreerId)) return;
          const item = await inbox.addAgreeItem(tx, {
            id: e.id,
            userId: lower(d.commentAuthorId),
            commentId: d.commentId,
            questionId: d.questionId,
            agreerId: lower(d.agreerId),
            agreerName: d.agreerName,
            at: when(d.at, e),
          });
          return tell(live, d.commentAuthorId, item);
        }
        case 'social.comment.removed': {
          const d = (e as EventEnvelope<'social.comment.removed'>).data;
          if (!d.authorId) return;
          const payload = { commentId: d.commentId, questionId: d.questionId, reason: d.reason };
          const item = await inbox.addPersonal(tx, { id: e.id, userId: lower(d.authorId), kind: 'comment-removed', payload, createdAt: when(d.at, e) });
          return tell(live, d.authorId, item);
        }
      }
    },
  };
}

/** A suspension reaches its owner's inbox with the reason and its end. */
export function suspensionInboxConsumer(live: InboxLive): NotificationConsumer<'identity.user.suspended'> {
  return {
    name: 'notification-inbox-on-suspension',
    types: ['identity.user.suspended'],
    async handle(e, tx) {
      const d = e.data;
      if (!d.userId) return;
      const payload = { reason: d.reason, until: d.until?.toISOString() ?? null };
      const item = await inbox.addPersonal(tx, { id: e.id, userId: lower(d.userId), kind: 'suspended', payload, createdAt: when(d.at, e) });
      return tell(live, d.userId, item);
    },
  };
}

type QuestionsInbox = 'questions.question.published' | 'questions.question.resolved' | 'questions.suggestion.used';

/**
 * Questions' events: a new question and a resolution (or a corrected one) are stored ONCE for everyone (they go
 * live through the gateway's own broadcast); a used suggestion is its author's.
 */
export function questionsInboxConsumer(live: InboxLive): NotificationConsumer<QuestionsInbox> {
  return {
    name: 'notification-inbox-on-questions',
    types: ['questions.question.published', 'questions.question.resolved', 'questions.suggestion.used'],
    async handle(event, tx) {
      if (event.type === 'questions.question.published') {
        const q = (event as EventEnvelope<'questions.question.published'>).data.question;
        if (!q?.id) return;
        const payload = { questionId: q.id, text: q.text, translations: noticeTranslations(q.translations) };
        await inbox.addBroadcast(tx, { id: event.id, kind: 'question-published', questionId: q.id, payload, createdAt: when(q.publishedAt, event) });
        return;
      }
      if (event.type === 'questions.question.resolved') {
        const d = (event as EventEnvelope<'questions.question.resolved'>).data;
        if (!d.questionId) return;
        const q = await inbox.publishedQuestion(tx, d.questionId);
        const payload = { questionId: d.questionId, correctOptionId: d.correctOptionId, text: q?.text ?? '', translations: q?.translations ?? {} };
        const kind = d.corrected ? 'resolution-corrected' : 'question-resolved';
        await inbox.addBroadcast(tx, { id: event.id, kind, questionId: d.questionId, payload, createdAt: when(d.resolvedAt, event) });
        return;
      }
      const d = (event as EventEnvelope<'questions.suggestion.used'>).data;
      if (!d.userId) return;
      const payload = { suggestionId: d.suggestionId, text: d.text };
      const item = await inbox.addPersonal(tx, { id: event.id, userId: lower(d.userId), kind: 'suggestion-used', payload, createdAt: when(d.at, event) });
      return tell(live, d.userId, item);
    },
  };
}
