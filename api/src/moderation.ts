import { z } from 'zod';
import { isoDateOrNull, Person } from './common.js';
import { Comment, CommentList } from './social.js';

/** Why someone reports a comment (docs/security.md "Moderation"). */
export const REPORT_REASONS = ['hate_speech', 'harassment', 'personal_information', 'spam', 'other'] as const;
export const ReportReason = z.enum(REPORT_REASONS);

/** POST /api/comments/{id}/reports: once per person and comment; the note is optional (≤ 500 characters). */
export const ReportBody = z.strictObject({
  reason: ReportReason,
  note: z.string().max(2_000).optional(),
});
/** The report's id, and whether the comment is now hidden until a moderator reviews it. */
export const ReportCreated = z.strictObject({ id: z.string(), hidden: z.boolean() });

export const ModerationReport = z.strictObject({
  id: z.string(),
  reason: z.string(),
  note: z.string(),
  /** open, rejected (the comment was kept) or upheld (removed). */
  status: z.enum(['open', 'rejected', 'upheld']),
  createdAt: isoDateOrNull,
  reporter: Person.nullable(),
  /** The reporter's rejected reports: from the limit on, their reports no longer hide anything. */
  reporterRejected: z.number().int(),
});

/** A suspension in force, as the admin lists show it: `until` null means permanently. */
export const ActiveSuspension = z.strictObject({ until: isoDateOrNull, reason: z.string() });

/** One comment waiting for a moderator: its reports, and its author's earlier reported and removed comments. */
export const ModerationItem = z.strictObject({
  comment: Comment,
  reports: z.array(ModerationReport),
  authorHistory: CommentList,
  /** Reports the author's other comments received. */
  authorReports: z.number().int(),
  /** The author's suspension in force now; null when they are not suspended (or the author is gone). */
  authorSuspension: ActiveSuspension.nullable(),
});
export const ModerationQueue = z.strictObject({ items: z.array(ModerationItem) });

/** PUT /api/admin/comments/{id}/moderation: keep (the reports are rejected) or remove (a reason is required). */
export const ModerationBody = z.strictObject({
  action: z.enum(['keep', 'remove']),
  reason: z.string().max(2_000).optional(),
});

/** PUT /api/admin/users/{id}/suspension: 1, 7 or 30 days, or null for permanently; the reason is shown to them. */
export const SuspensionBody = z.strictObject({
  days: z.union([z.literal(1), z.literal(7), z.literal(30), z.null()]),
  reason: z.string().min(1, 'Please give a reason').max(2_000),
});
/** A user's suspension: `until` null with `suspended` true means permanently. */
export const Suspension = z.strictObject({
  userId: z.string(),
  suspended: z.boolean(),
  until: isoDateOrNull,
  reason: z.string().nullable(),
});

/** PUT /api/admin/users/{id}/name: an offensive display name replaced; the person is told the reason. */
export const DisplayNameBody = z.strictObject({
  name: z.string().max(500),
  reason: z.string().min(1, 'Please give a reason').max(2_000),
});

export type ReportBody = z.infer<typeof ReportBody>;
export type ReportCreated = z.infer<typeof ReportCreated>;
export type ModerationReport = z.infer<typeof ModerationReport>;
export type ModerationItem = z.infer<typeof ModerationItem>;
export type ModerationQueue = z.infer<typeof ModerationQueue>;
export type ModerationBody = z.infer<typeof ModerationBody>;
export type SuspensionBody = z.infer<typeof SuspensionBody>;
export type Suspension = z.infer<typeof Suspension>;
export type ActiveSuspension = z.infer<typeof ActiveSuspension>;
export type DisplayNameBody = z.infer<typeof DisplayNameBody>;
