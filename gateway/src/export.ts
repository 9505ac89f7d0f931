import { sastDate, type Actor } from '@mzansi/kit/base';
import type { identity, notification, questions, social, voting } from '@mzansi/proto';
import { SuggestionStatus } from '@mzansi/proto/questions/v1/questions';
import type { Clients } from './clients.js';
import { privacyJson } from './routes/privacy.js';

/**
 * "Download my data" (POPIA: a person may see everything held about them): one JSON document assembled from every
 * service's ExportUserData, asked in parallel. Each service answers for what it holds, so nothing is left out when
 * a service gains data; a service that cannot answer fails the whole export (503) rather than hand out a partial
 * document that looks complete.
 */

export const EXPORT_FORMAT = 'mzansi-predicts-export/1';

const iso = (d: Date | undefined | null) => (d ? d.toISOString() : null);

const SUGGESTION_STATUS: Partial<Record<SuggestionStatus, string>> = {
  [SuggestionStatus.SUGGESTION_STATUS_PENDING]: 'pending',
  [SuggestionStatus.SUGGESTION_STATUS_APPROVED]: 'approved',
  [SuggestionStatus.SUGGESTION_STATUS_REJECTED]: 'rejected',
  [SuggestionStatus.SUGGESTION_STATUS_USED]: 'used',
};

const personJson = (p: social.Person | undefined) => (p ? { id: p.id, username: p.username, name: p.name } : null);

export interface ExportParts {
  identity: identity.ExportUserDataResponse;
  voting: voting.ExportUserDataResponse;
  social: social.ExportUserDataResponse;
  questions: questions.ExportUserDataResponse;
  notification: notification.ExportUserDataResponse;
}

/** Asks every service for its part, at once. */
export async function fetchExportParts(clients: Clients, actor: Actor): Promise<ExportParts> {
  const [id, vote, soc, q, notif] = await Promise.all([
    clients.identity.exportUserData({}, { actor }),
    clients.voting.exportUserData({}, { actor }),
    clients.social.exportUserData({}, { actor }),
    clients.questions.exportUserData({}, { actor }),
    clients.notification.exportUserData({}, { actor }),
  ]);
  return { identity: id, voting: vote, social: soc, questions: q, notification: notif };
}

/** The document, from the services' parts. `publicUrl` makes the image links absolute (they outlive the page). */
export function exportDocument(parts: ExportParts, opts: { publicUrl: string; now: Date }) {
  const u = parts.identity.user!;
  const base = opts.publicUrl.replace(/\/$/, '');
  const n = parts.notification;
  return {
    format: EXPORT_FORMAT,
    exportedAt: opts.now.toISOString(),
    profile: {
      id: u.id,
      username: u.username,
      name: u.name,
      email: u.email || null,
      emailVerified: u.emailVerified,
      phoneNumber: u.phoneNumber || null,
      joinDate: iso(u.joinDate),
      isAdmin: u.isAdmin,
      updatedAt: iso(parts.identity.updatedAt),
    },
    consents: u.privacyNoticeVersion ? [{ kind: 'privacy-notice', noticeVersion: u.privacyNoticeVersion, acceptedAt: iso(u.privacyConsentAt) }] : [],
    settings: {
      privacy: privacyJson(parts.voting.privacy),
      notifications: {
        emailNotifications: u.emailNotifications,
        browserNotifications: u.browserNotifications,
        whatsappNotifications: u.whatsappNotifications,
      },
    },
    answers: parts.voting.answers.map((a) => ({
      answerId: a.answerId,
      questionId: a.questionId,
      questionText: a.questionText,
      optionId: a.optionId,
      answer: a.optionText,
      submittedAt: iso(a.submittedAt),
      outcome: a.outcome,
      confidence: a.confidence,
      correctOptionId: a.correctOptionId || null,
      correctAnswer: a.correctOptionText || null,
      resolvedAt: iso(a.resolvedAt),
    })),
    monthlyScores: parts.voting.monthScores.map((m) => ({ month: m.month, answered: m.answered, resolved: m.resolved, correct: m.correct })),
    directoryEntry: personJson(parts.social.person),
    comments: parts.social.comments.map((c) => ({
      id: c.id,
      questionId: c.questionId,
      content: c.content,
      createdAt: iso(c.createdAt),
      imageUrl: c.hasImage ? `${base}/api/comments/${c.id}/image` : null,
      thumbUrl: c.hasImage ? `${base}/api/comments/${c.id}/image?size=thumb` : null,
    })),
    friends: parts.social.friends.map((f) => ({ ...personJson(f.friend)!, since: iso(f.since) })),
    friendRequests: {
      sent: parts.social.sentRequests.map((r) => ({ id: r.id, to: personJson(r.receiver), status: r.status, createdAt: iso(r.createdAt) })),
      received: parts.social.receivedRequests.map((r) => ({ id: r.id, from: personJson(r.requester), status: r.status, createdAt: iso(r.createdAt) })),
    },
    commentReports: parts.social.reports.map((r) => ({ id: r.id, commentId: r.commentId, reason: r.reason, note: r.note || null, status: r.status, createdAt: iso(r.createdAt) })),
    suggestions: parts.questions.suggestions.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description || null,
      status: SUGGESTION_STATUS[s.status] ?? 'pending',
      adminNotes: s.adminNotes || null,
      createdAt: iso(s.createdAt),
      updatedAt: iso(s.updatedAt),
    })),
    notifications: {
      contact: n.contact
        ? { email: n.contact.email || null, name: n.contact.name, emailNotifications: n.contact.emailNotifications, browserNotifications: n.contact.browserNotifications }
        : null,
      pushSubscriptions: n.pushSubscriptions.map((p) => ({ endpointHost: p.endpointHost, createdAt: iso(p.createdAt) })),
      alertPreferences: n.alertPreferences.map(({ kind, push, email }) => ({ kind, push, email })),
    },
    newsletter: n.newsletter ? { email: n.newsletter.email, name: n.newsletter.name || null, source: n.newsletter.source, subscribedAt: iso(n.newsletter.subscribedAt) } : null,
  };
}

export type ExportDocument = ReturnType<typeof exportDocument>;

/** `mzansi-predicts-<username>-<YYYY-MM-DD>.json`, the date in SAST (usernames are [A-Za-z0-9_]: safe in a header). */
export function exportFilename(username: string, now: Date): string {
  return `mzansi-predicts-${username.replace(/[^A-Za-z0-9_]/g, '_')}-${sastDate(now)}.json`;
}
