// The event contracts: every domain event's subject (= type), the generated message type of its `data`, and the
// services that produce them. The kit's envelope and stream machinery (`@mzansi/kit`, events.ts) is generic over
// this catalogue; a new event is added here and in contracts/events/v1/events.proto, never in the kit.
import * as events from './gen/events/v1/events.js';

/** Every domain event: its subject (= type) and the generated message type of its `data`. */
export const EVENT_TYPES = {
  'identity.user.registered': events.UserRegistered,
  'identity.user.updated': events.UserUpdated,
  'identity.user.deleted': events.UserDeleted,
  'identity.email_verification.requested': events.EmailVerificationRequested,
  'identity.password_reset.requested': events.PasswordResetRequested,
  'identity.user.suspended': events.UserSuspended,
  'questions.question.published': events.QuestionPublished,
  'questions.question.resolved': events.QuestionResolved,
  'questions.question.archived': events.QuestionArchived,
  'questions.question.deleted': events.QuestionDeleted,
  'questions.question.closing_changed': events.QuestionClosingChanged,
  'questions.suggestion.used': events.SuggestionUsed,
  // A corrected resolution applied to the scores, with (a part of) the players who answered (notification tells them).
  'voting.resolution.corrected': events.ResolutionCorrected,
  // What reaches a person's inbox (notification consumes them).
  'social.friend_request.created': events.FriendRequestCreated,
  'social.friendship.created': events.FriendshipCreated,
  'social.comment.replied': events.CommentReplied,
  'social.comment.agreed': events.CommentAgreed,
  'social.comment.removed': events.CommentRemoved,
  // Admin actions (kit/audit.ts), one subject per producing service: each service publishes only on its own stream.
  'questions.audit.recorded': events.AuditRecorded,
  'social.audit.recorded': events.AuditRecorded,
} as const;

export type EventType = keyof typeof EVENT_TYPES;
export type EventData<T extends EventType> = ReturnType<(typeof EVENT_TYPES)[T]['fromJSON']>;

/** The services that publish events, one JetStream stream each (the first segment of an event's type). */
export const PRODUCERS = ['identity', 'questions', 'voting', 'social', 'notification'] as const;
export type Producer = (typeof PRODUCERS)[number];

export function producerOf(type: EventType): Producer {
  return type.slice(0, type.indexOf('.')) as Producer;
}

/** The services that keep no audit log of their own publish their admin actions as `<service>.audit.recorded`. */
export type AuditProducer = {
  [P in Producer]: `${P}.audit.recorded` extends EventType ? P : never;
}[Producer];

/**
 * Event types whose outbox row is deleted the moment JetStream has it, instead of being kept a day like the others:
 * they name a person who has just been erased, or carry a secret that identity must not keep (a password reset
 * link's token: identity stores only its hash), and the row's only job was to get the event out.
 */
export const FORGET_ON_PUBLISH: ReadonlySet<string> = new Set<EventType>(['identity.user.deleted', 'identity.password_reset.requested']);
