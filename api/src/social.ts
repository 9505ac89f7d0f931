import { z } from 'zod';
import { isoDateOrNull, ownUserId, Person, uuidAnyCase } from './common.js';
import { OptionResult, Question, QuestionOption } from './questions.js';
import { Sparkline } from './history.js';

/** A comment; an image comes as a link to its full size (≤ 1600 px) and thumbnail (≤ 480 px) with their sizes. */
export const Comment = z.strictObject({
  id: z.string(),
  questionId: z.string(),
  userId: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
  thumbUrl: z.string().nullable(),
  thumbWidth: z.number().int().nullable(),
  thumbHeight: z.number().int().nullable(),
  createdAt: isoDateOrNull,
  user: Person.nullable(),
  /**
   * hidden: reported by enough people, awaiting a moderator; removed: by a moderator. Others than the author and
   * admins get such a comment without its text and image (the web shows "Comment hidden" / "Comment removed").
   */
  moderation: z.enum(['visible', 'hidden', 'removed']),
  /** Why a moderator removed it, for its author; null otherwise. */
  moderationReason: z.string().nullable(),
  /** The top-level comment this one replies to (replies are one level deep); null for a top-level comment. */
  parentId: z.string().nullable(),
  replyCount: z.number().int(),
  agreeCount: z.number().int(),
  /** Whether the reader agrees with it (false when signed out). */
  agreedByMe: z.boolean(),
  /**
   * The author's own answer to the question: only when they ticked "show my prediction" on this comment AND the
   * reader may see that question's results (a blind question's only once they answered it, or it resolved).
   */
  prediction: z.strictObject({ optionId: z.string(), optionText: z.string(), confidence: z.number().int().nullable() }).optional(),
  /** Deleted by its author while it had replies: a placeholder ("comment deleted") without author, text or image. */
  deleted: z.literal(true).optional(),
});
export const CommentList = z.array(Comment);
/**
 * GET /api/questions/{id}/comments: top-level comments, each with its first replies (oldest first, at most
 * REPLIES_PER_COMMENT); when `replyCount` is larger, GET /api/comments/{id}/replies has them all.
 */
export const Thread = Comment.extend({ replies: CommentList });
export const ThreadList = z.array(Thread);
export const REPLIES_PER_COMMENT = 3;
/** oldest (the default), newest, or top: most agrees first, then newest. */
export const CommentsQuery = z.object({ sort: z.enum(['oldest', 'newest', 'top'], { message: 'Sort must be top, newest or oldest' }).default('oldest') });
/** PUT / DELETE /api/comments/{id}/agree: the comment's agrees now. */
export const Agreement = z.strictObject({ agreeCount: z.number().int(), agreedByMe: z.boolean() });
/** GET /api/comments/public: the latest three comments of each public question, by question id. */
export const LatestComments = z.record(z.string(), CommentList);

/** The image travels as a data URL (base64 JSON, ≤ 5 MB decoded: checked before anything else reads it). */
export const CommentBody = z.object({
  content: z.string().max(10_000).default(''),
  imageUrl: z.string().max(8_000_000).nullish(),
  /** A reply under this top-level comment of the same question. */
  parentId: uuidAnyCase('The comment you are replying to was not found on this question').nullish(),
  /** Show my own answer to this question beside the comment (to readers who may see its results). */
  showPrediction: z.boolean().default(false),
});
export const CommentImageQuery = z.object({ size: z.enum(['full', 'thumb']).default('full') });
export const CommentDeleted = z.strictObject({ success: z.literal(true), questionId: z.string() });

export const FriendRequest = z.strictObject({
  id: z.string(),
  createdAt: isoDateOrNull,
  status: z.string(),
  requester: Person.nullable(),
  receiver: Person.nullable(),
});
export const FriendRequestList = z.array(FriendRequest);
export const FriendRequestSent = FriendRequest.extend({ becameFriends: z.boolean(), message: z.string() });
export const Friends = z.strictObject({ friends: z.array(Person.nullable()) });

export const FriendshipBody = z
  .object({
    userId: ownUserId,
    friendId: uuidAnyCase('User not found').optional(),
    friendUsername: z.string().trim().max(60).optional(),
  })
  .refine((b) => b.friendId || b.friendUsername, 'Please enter a username');

/** GET /api/feed/friends: public questions friends answered or commented on. */
export const FriendsFeed = z.strictObject({
  friendCount: z.number().int(),
  questions: z.array(
    z.strictObject({
      id: z.string(),
      text: z.string(),
      context: z.string().nullable(),
      resolutionCriteria: Question.shape.resolutionCriteria,
      date: isoDateOrNull,
      publishedAt: isoDateOrNull,
      isResolved: z.boolean(),
      correctOptionId: z.string().nullable(),
      options: z.array(QuestionOption),
      isSample: z.boolean(),
      isBlind: z.boolean(),
      resultsHidden: z.boolean(),
      results: z.array(OptionResult),
      totalVotes: z.number().int(),
      /** As on the other lists' cards: null for an open blind question the reader has not answered. */
      sparkline: Sparkline,
      friendAnswers: z.array(
        z.strictObject({ userId: z.string(), name: z.string(), username: z.string(), optionId: z.string(), optionText: z.string() }),
      ),
      friendComments: CommentList,
      friendCommentCount: z.number().int(),
      // The admin's isiZulu, Afrikaans and Sesotho texts, where given: the reader's language picks one.
      translations: Question.shape.translations,
    }),
  ),
});

export type Comment = z.infer<typeof Comment>;
export type Thread = z.infer<typeof Thread>;
export type Agreement = z.infer<typeof Agreement>;
export type FriendRequest = z.infer<typeof FriendRequest>;
export type FriendsFeed = z.infer<typeof FriendsFeed>;
export type LatestComments = z.infer<typeof LatestComments>;
export type Friends = z.infer<typeof Friends>;
export type FriendRequestSent = z.infer<typeof FriendRequestSent>;
