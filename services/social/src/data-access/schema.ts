import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export { inbox, outbox } from '@mzansi/kit';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The people directory, kept from identity.user.* events. */
export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** A moderator's suspension as identity announced it (domain/moderation.ts isSuspended); until null = permanently. */
    suspended: boolean('suspended').notNull().default(false),
    suspendedUntil: ts('suspended_until'),
  },
  (t) => [
    index('people_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('people_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id').notNull(),
    receiverId: uuid('receiver_id').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'rejected'] }).notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    respondedAt: ts('responded_at'),
  },
  (t) => [
    // At most one pending request per direction (also under concurrent sends).
    uniqueIndex('friend_requests_pending_key').on(t.requesterId, t.receiverId).where(sql`${t.status} = 'pending'`),
    index('friend_requests_receiver_idx').on(t.receiverId).where(sql`${t.status} = 'pending'`),
    index('friend_requests_requester_idx').on(t.requesterId).where(sql`${t.status} = 'pending'`),
  ],
);

/** One row per direction, so "friends of X" is one index range. */
export const friendships = pgTable(
  'friendships',
  {
    userId: uuid('user_id').notNull(),
    friendId: uuid('friend_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id').notNull(),
    userId: uuid('user_id').notNull(),
    content: text('content').notNull().default(''),
    // The re-encoded image (WebP, ≤ 1600 px) and its thumbnail (≤ 480 px); the upload itself is not kept. A row
    // with image_data but no image_width is from before re-encoding: jobs/reencode-images.ts converts it, and
    // until then it shows no image.
    imageMime: text('image_mime'),
    imageData: bytea('image_data'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    thumbData: bytea('thumb_data'),
    thumbWidth: integer('thumb_width'),
    thumbHeight: integer('thumb_height'),
    /** A hash of the encoded bytes: the images' entity tags. */
    imageHash: text('image_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** visible, hidden (enough reports, awaiting review) or removed by a moderator (domain/moderation.ts). */
    moderation: text('moderation', { enum: ['visible', 'hidden', 'removed'] }).notNull().default('visible'),
    /** The moderator's reason for a removal, shown to the author. */
    moderationReason: text('moderation_reason').notNull().default(''),
    moderatedAt: ts('moderated_at'),
    /** The top-level comment this one replies to (one level deep; a reply never has replies). */
    parentId: uuid('parent_id'),
    /** The author chose to show their own answer beside this comment. */
    showPrediction: boolean('show_prediction').notNull().default(false),
    /** Deleted by its author while it had replies: kept as a placeholder (no text, image or agrees) for them. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('comments_parent_idx').on(t.parentId, t.createdAt).where(sql`${t.parentId} IS NOT NULL`),
    check('comments_moderation_check', sql`${t.moderation} IN ('visible', 'hidden', 'removed')`),
    index('comments_moderation_idx').on(t.userId).where(sql`${t.moderation} <> 'visible'`),
    index('comments_question_idx').on(t.questionId, t.createdAt.desc()),
    index('comments_user_idx').on(t.userId, t.questionId),
    // Comments per day (analytics).
    index('comments_created_idx').on(t.createdAt),
    // The few rows still to re-encode, found without a scan.
    index('comments_image_pending_idx').on(t.id).where(sql`${t.imageData} IS NOT NULL AND ${t.imageWidth} IS NULL`),
  ],
);

/** "Agree" on a comment: one per person and comment (the primary key), never on one's own. */
export const commentAgrees = pgTable(
  'comment_agrees',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_agrees_user_idx').on(t.userId)],
);

/**
 * Which questions' comments people may read and post to, kept from questions.question.* events: a published
 * question is visible, an archived one hidden; a draft never has a row and a deleted one loses it, so both are
 * unknown here and their comments are 404 except to admins.
 */
export const questionVisibility = pgTable('question_visibility', {
  questionId: uuid('question_id').primaryKey(),
  visible: boolean('visible').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Reports of comments: one per reporter and comment. `open` until a moderator decides: `rejected` when the comment
 * is kept, `upheld` when it is removed. A reporter's rejected reports decide whether their reports still count
 * toward hiding. Erasing the reporter deletes their reports; the audit log names them only by id.
 */
export const commentReports = pgTable(
  'comment_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'rejected', 'upheld'] }).notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    check('comment_reports_status_check', sql`${t.status} IN ('open', 'rejected', 'upheld')`),
    uniqueIndex('comment_reports_once_key').on(t.commentId, t.reporterId),
    index('comment_reports_reporter_idx').on(t.reporterId, t.status),
    index('comment_reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    // Reports per day (analytics).
    index('comment_reports_created_idx').on(t.createdAt),
  ],
);
