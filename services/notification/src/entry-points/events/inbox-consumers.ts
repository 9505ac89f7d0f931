import type { NatsConnection } from 'nats';
import { LIVE_SUBJECTS, type AfterCommit, type EventEnvelope, type EventNames } from '@mzansi/kit';
import * as inbox from '../../data-access/inbox-repo.js';
import { insertJob } from '../../data-access/notification-repo.js';
import type { PersonalNotice } from '../../domain/alerts.js';
import { correctedGroupKey } from '../../domain/inbox.js';
import { noticeTranslations } from '../../domain/messages.js';
import type { NotificationConsumer, NotificationQueryable } from '../../context.js';

/** Where a person's new items go live: core NATS, after the commit; every gateway writes them to that person's sockets. */
export interface InboxLive {
  nc: NatsConnection;
  names: EventNames;
}

/**
 * What the consumer returns for a newly stored personal item: its push and e-mail alert queued as a job in the same
 * transaction (the delivery worker sends it as the person chose), and, after the commit, the item's live message to
 * that person's sockets and a kick for the worker.
 */
async function tell(
  tx: NotificationQueryable,
  live: InboxLive,
  onJob: () => void,
  eventId: string,
  item: inbox.StoredItem | undefined,
  notice: PersonalNotice,
): Promise<AfterCommit | undefined> {
  if (!item) return undefined;
  const queued = await insertJob(tx, { eventId, kind: 'inbox-item', payload: notice });
  return () => {
    live.nc.publish(live.names.subject(`${LIVE_SUBJECTS.inbox}.${notice.userId}`), JSON.stringify({ item }));
    if (queued) onJob();
  };
}

const when = (d: Date | undefined, event: EventEnvelope) => d ?? new Date(event.occurredAt);
const lower = (id: string) => id.toLowerCase();

type SocialInbox = 'social.friend_request.created' | 'social.friendship.created' | 'social.comment.replied' | 'social.comment.agreed' | 'social.comment.removed';

/** Social's events for one person's inbox: friend requests, an accepted one, replies, agrees (grouped), a removal. */
export function socialInboxConsumer(live: InboxLive, onJob: () => void): NotificationConsumer<SocialInbox> {
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
          const userId = lower(d.toUserId);
          const item = await inbox.addPersonal(tx, { id: e.id, userId, kind: 'friend-request', payload, actorId: payload.userId, createdAt: when(d.at, e) });
          return tell(tx, live, onJob, e.id, item, { kind: 'friend-request', userId, name: d.fromName, actorId: payload.userId });
        }
        case 'social.friendship.created': {
          const d = (e as EventEnvelope<'social.friendship.created'>).data;
          if (!d.requesterId || !d.accepterId) return;
          const payload = { userId: lower(d.accepterId), name: d.accepterName };
          const userId = lower(d.requesterId);
          const item = await inbox.addPersonal(tx, { id: e.id, userId, kind: 'friend-accepted', payload, actorId: payload.userId, createdAt: when(d.at, e) });
          return tell(tx, live, onJob, e.id, item, { kind: 'friend-accepted', userId, name: d.accepterName, actorId: payload.userId });
        }
        case 'social.comment.replied': {
          const d = (e as EventEnvelope<'social.comment.replied'>).data;
          if (!d.parentAuthorId || !d.authorId || lower(d.parentAuthorId) === lower(d.authorId)) return;
          const payload = { commentId: d.commentId, parentId: d.parentId, questionId: d.questionId, userId: lower(d.authorId), name: d.authorName };
          const userId = lower(d.parentAuthorId);
          const item = await inbox.addPersonal(tx, { id: e.id, userId, kind: 'comment-replied', payload, actorId: payload.userId, createdAt: when(d.at, e) });
          return tell(tx, live, onJob, e.id, item, { kind: 'comment-replied', userId, name: d.authorName, actorId: payload.userId });
        }
        case 'social.comment.agreed': {
          const d = (e as EventEnvelope<'social.comment.agreed'>).data;
          if (!d.commentAuthorId || !d.agreerId || lower(d.commentAuthorId) === lower(d.agreerId)) return;
          const userId = lower(d.commentAuthorId);
          const item = await inbox.addAgreeItem(tx, {
            id: e.id,
            userId,
            commentId: d.commentId,
            questionId: d.questionId,
            agreerId: lower(d.agreerId),
            agreerName: d.agreerName,
            at: when(d.at, e),
          });
          const count = typeof item?.payload.count === 'number' ? item.payload.count : 1;
          const notice = { kind: 'comment-agreed', userId, name: d.agreerName, others: count - 1, actorId: lower(d.agreerId), commentId: d.commentId } as const;
          return tell(tx, live, onJob, e.id, item, notice);
        }
        case 'social.comment.removed': {
          const d = (e as EventEnvelope<'social.comment.removed'>).data;
          if (!d.authorId) return;
          const payload = { commentId: d.commentId, questionId: d.questionId, reason: d.reason };
          const userId = lower(d.authorId);
          const item = await inbox.addPersonal(tx, { id: e.id, userId, kind: 'comment-removed', payload, createdAt: when(d.at, e) });
          return tell(tx, live, onJob, e.id, item, { kind: 'comment-removed', userId, reason: d.reason });
        }
      }
    },
  };
}

/** A suspension reaches its owner's inbox with the reason and its end. */
export function suspensionInboxConsumer(live: InboxLive, onJob: () => void): NotificationConsumer<'identity.user.suspended'> {
  return {
    name: 'notification-inbox-on-suspension',
    types: ['identity.user.suspended'],
    async handle(e, tx) {
      const d = e.data;
      if (!d.userId) return;
      const payload = { reason: d.reason, until: d.until?.toISOString() ?? null };
      const userId = lower(d.userId);
      const item = await inbox.addPersonal(tx, { id: e.id, userId, kind: 'suspended', payload, createdAt: when(d.at, e) });
      return tell(tx, live, onJob, e.id, item, { kind: 'suspended', userId, reason: d.reason });
    },
  };
}

type QuestionsInbox = 'questions.question.published' | 'questions.question.resolved' | 'questions.suggestion.used';

/**
 * Questions' events: a new question and a resolution (or a corrected one) are stored ONCE for everyone (they go
 * live through the gateway's own broadcast); a used suggestion is its author's.
 */
export function questionsInboxConsumer(live: InboxLive, onJob: () => void): NotificationConsumer<QuestionsInbox> {
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
        const resolvedAt = when(d.resolvedAt, event);
        const source = d.sourceUrl && d.sourceTitle ? { sourceUrl: d.sourceUrl, sourceTitle: d.sourceTitle } : {};
        if (d.corrected) {
          // Everyone's resolution item now says what the resolution says; those who answered hear of the correction
          // from voting's voting.resolution.corrected (votingInboxConsumer), not from here.
          await inbox.reviseResolution(tx, d.questionId, { correctOptionId: d.correctOptionId, ...source, correctedAt: when(d.correctedAt, event).toISOString() });
          return;
        }
        const q = await inbox.publishedQuestion(tx, d.questionId);
        const payload = { questionId: d.questionId, correctOptionId: d.correctOptionId, text: q?.text ?? '', translations: q?.translations ?? {}, ...source, resolvedAt: resolvedAt.toISOString() };
        await inbox.addBroadcast(tx, { id: event.id, kind: 'question-resolved', questionId: d.questionId, payload, createdAt: resolvedAt });
        // Its push and e-mail go to everyone who wants resolutions (a question never seen published has no text to say).
        if (!q?.text || !d.correctOptionId) return;
        const notice = { questionId: d.questionId, text: q.text, translations: q.translations ?? {}, correctOptionId: d.correctOptionId, sourceTitle: d.sourceTitle, resolvedAt: resolvedAt.toISOString() };
        return (await insertJob(tx, { eventId: event.id, kind: 'question-resolved', payload: notice })) ? onJob : undefined;
      }
      const d = (event as EventEnvelope<'questions.suggestion.used'>).data;
      if (!d.userId) return;
      const payload = { suggestionId: d.suggestionId, text: d.text, ...(d.questionId && { questionId: d.questionId }) };
      const userId = lower(d.userId);
      const item = await inbox.addPersonal(tx, { id: event.id, userId, kind: 'suggestion-used', payload, createdAt: when(d.at, event) });
      return tell(tx, live, onJob, event.id, item, { kind: 'suggestion-used', userId, text: d.text });
    },
  };
}

/**
 * A corrected resolution, for the players voting names (voting.resolution.corrected, up to 500 per event): each gets a
 * personal `resolution-corrected` item (once per question, whatever the redeliveries), live on their sockets, and one
 * job sends the push and e-mail to those of them who want resolution alerts.
 */
export function votingInboxConsumer(live: InboxLive, onJob: () => void): NotificationConsumer<'voting.resolution.corrected'> {
  return {
    name: 'notification-inbox-on-voting',
    types: ['voting.resolution.corrected'],
    async handle(event, tx) {
      const d = event.data;
      if (!d.questionId || !d.correctOptionId) return;
      const q = await inbox.publishedQuestion(tx, d.questionId);
      const resolvedAt = d.resolvedAt?.toISOString();
      const source = d.sourceUrl && d.sourceTitle ? { sourceUrl: d.sourceUrl, sourceTitle: d.sourceTitle } : {};
      const payload = {
        questionId: d.questionId,
        correctOptionId: d.correctOptionId,
        previousCorrectOptionId: d.previousCorrectOptionId,
        text: q?.text ?? '',
        translations: q?.translations ?? {},
        ...source,
        resolvedAt,
      };
      const userIds = [...new Set(d.userIds.map(lower))];
      const items = await inbox.addPersonalMany(tx, { userIds, kind: 'resolution-corrected', groupKey: correctedGroupKey(d.questionId), payload, createdAt: when(d.correctedAt, event) });
      if (items.length === 0) return;
      const told = items.map((i) => i.userId);
      const notice = { questionId: d.questionId, text: q?.text ?? '', translations: q?.translations ?? {}, correctOptionId: d.correctOptionId, sourceTitle: d.sourceTitle, resolvedAt, userIds: told };
      const queued = q?.text ? await insertJob(tx, { eventId: event.id, kind: 'resolution-corrected', payload: notice }) : false;
      return () => {
        for (const { userId, ...item } of items) live.nc.publish(live.names.subject(`${LIVE_SUBJECTS.inbox}.${userId}`), JSON.stringify({ item }));
        if (queued) onJob();
      };
    },
  };
}
