import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Comment, ModerationQueue, ReportCreated, Suspension } from '@mzansi/api';
import { apiJson } from '../../lib/api';
import { questionCommentsKey } from '../discussion/api';

export const REPORT_REASONS = ['hate_speech', 'harassment', 'personal_information', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The note's limit, as the server counts it (characters). */
export const REPORT_NOTE_MAX = 500;

export const MODERATION_KEY = ['/api/admin/moderation'] as const;

/** Reports a comment; a comment that is now hidden shows as such at once. */
export function useReportComment(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, reason, note }: { commentId: string; reason: ReportReason; note: string }) =>
      apiJson<ReportCreated>('POST', `/api/comments/${encodeURIComponent(commentId)}/reports`, note ? { reason, note } : { reason }),
    onSuccess: (res) => (res.hidden ? queryClient.invalidateQueries({ queryKey: questionCommentsKey(questionId) }) : undefined),
  });
}

export const useModerationQueue = () => useQuery<ModerationQueue>({ queryKey: MODERATION_KEY });

/** Keep or remove a comment, suspend or reinstate its author, replace a display name; the queue reloads after each. */
export function useModerate() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: MODERATION_KEY });
  return {
    decide: useMutation({
      mutationFn: ({ commentId, action, reason }: { commentId: string; action: 'keep' | 'remove'; reason?: string }) =>
        apiJson<Comment>('PUT', `/api/admin/comments/${encodeURIComponent(commentId)}/moderation`, reason ? { action, reason } : { action }),
      onSuccess: refresh,
    }),
    suspend: useMutation({
      mutationFn: ({ userId, days, reason }: { userId: string; days: 1 | 7 | 30 | null; reason: string }) =>
        apiJson<Suspension>('PUT', `/api/admin/users/${encodeURIComponent(userId)}/suspension`, { days, reason }),
      onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['/api/users/search?q=_all'] })]),
    }),
    lift: useMutation({
      mutationFn: ({ userId }: { userId: string }) => apiJson<Suspension>('DELETE', `/api/admin/users/${encodeURIComponent(userId)}/suspension`),
      onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['/api/users/search?q=_all'] })]),
    }),
    rename: useMutation({
      mutationFn: ({ userId, name, reason }: { userId: string; name: string; reason: string }) =>
        apiJson<unknown>('PUT', `/api/admin/users/${encodeURIComponent(userId)}/name`, { name, reason }),
      onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['/api/users/search?q=_all'] })]),
    }),
  };
}
