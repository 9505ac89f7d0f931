import type { InboxItem } from '@mzansi/api';
import type { notification } from '@mzansi/proto';

/** A stored item as notification hands it over (a call's answer, or the live subject's JSON). */
export interface StoredInboxItem {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  createdAt: string;
  read: boolean;
}

export const fromGrpc = (i: notification.InboxItem): StoredInboxItem => ({
  id: i.id,
  kind: i.kind,
  payload: safeJson(i.payloadJson),
  createdAt: (i.createdAt ?? new Date(0)).toISOString(),
  read: i.read,
});

function safeJson(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const isoOrNull = (v: unknown) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const record = (v: unknown): Record<string, string> =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};

/** The question ids of resolutions in a page: the viewer's answers to them give each its outcome (one batched call). */
export const resolvedQuestionIds = (items: StoredInboxItem[]) =>
  [...new Set(items.filter((i) => i.kind === 'question-resolved' || i.kind === 'resolution-corrected').map((i) => str(i.payload.questionId)).filter(Boolean))];

/**
 * The API's item of a stored one; `answers` maps a question id to the viewer's chosen option (a resolution's
 * outcome). Undefined for a kind this gateway does not know (a newer notification): it is left out.
 */
export function inboxItemJson(i: StoredInboxItem, answers: ReadonlyMap<string, string> = new Map()): InboxItem | undefined {
  const p = i.payload;
  const base = { id: i.id, createdAt: i.createdAt, read: i.read };
  const question = () => ({ id: str(p.questionId), text: str(p.text), translations: record(p.translations) });
  switch (i.kind) {
    case 'friend-request':
      return { ...base, kind: 'friend-request', requestId: str(p.requestId), from: { id: str(p.userId), name: str(p.name) } };
    case 'friend-accepted':
      return { ...base, kind: 'friend-accepted', friend: { id: str(p.userId), name: str(p.name) } };
    case 'comment-replied':
      return { ...base, kind: 'comment-replied', commentId: str(p.commentId), parentId: str(p.parentId), questionId: str(p.questionId), from: { id: str(p.userId), name: str(p.name) } };
    case 'comment-agreed':
      return {
        ...base,
        kind: 'comment-agreed',
        commentId: str(p.commentId),
        questionId: str(p.questionId),
        latest: { name: str(p.latestName) },
        others: Math.max(num(p.count) - 1, 0),
      };
    case 'comment-removed':
      return { ...base, kind: 'comment-removed', commentId: str(p.commentId), questionId: str(p.questionId), reason: str(p.reason) };
    case 'suspended':
      return { ...base, kind: 'suspended', reason: str(p.reason), until: typeof p.until === 'string' ? p.until : null };
    case 'suggestion-used':
      return { ...base, kind: 'suggestion-used', suggestionId: str(p.suggestionId), text: str(p.text), questionId: str(p.questionId) || null };
    case 'question-published':
      return { ...base, kind: 'question-published', question: question() };
    case 'question-resolved':
    case 'resolution-corrected': {
      const correctOptionId = str(p.correctOptionId);
      const mine = answers.get(str(p.questionId));
      const outcome = mine === undefined ? undefined : mine === correctOptionId ? ('called-it' as const) : ('not-this-time' as const);
      // Stored items from before resolutions named a source have none (and no resolvedAt).
      const source = str(p.sourceUrl) && str(p.sourceTitle) ? { url: str(p.sourceUrl), title: str(p.sourceTitle) } : null;
      const resolvedAt = isoOrNull(p.resolvedAt);
      return { ...base, kind: i.kind, question: question(), correctOptionId, source, resolvedAt, ...(outcome ? { outcome } : {}) };
    }
    default:
      return undefined;
  }
}
