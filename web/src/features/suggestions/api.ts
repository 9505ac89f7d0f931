import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { apiJson, apiRequest, serverMessage } from '../../lib/api';
import { toast, toastError } from '../../ui';
import { t } from '../../i18n';
import '../../i18n/later';
import { isSuggestionStatus, type SuggestionPayload, type SuggestionStatus } from './validation';

/** A question suggestion (spec §3). */
export interface Suggestion {
  id: string;
  title: string;
  description: string | null;
  status: SuggestionStatus;
  adminNotes: string | null;
  user: { id: string; name: string; username: string };
  createdAt: string;
  updatedAt: string;
}

const BASE = '/api/question-suggestions';
export const MY_SUGGESTIONS_KEY = [`${BASE}?user=me`] as const;
/** Every suggestion (admins), optionally one status. */
export const allSuggestionsKey = (status?: SuggestionStatus) => [status ? `${BASE}?status=${status}` : BASE] as const;
export const ADMIN_ANALYTICS_KEY = ['/api/admin/analytics'] as const;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const optStr = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

export function toSuggestionList(data: unknown): Suggestion[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw) => {
    if (!raw || typeof raw !== 'object') return [];
    const s = raw as Record<string, unknown>;
    if (typeof s.id !== 'string' || typeof s.title !== 'string') return [];
    const user = (s.user && typeof s.user === 'object' ? s.user : {}) as Record<string, unknown>;
    return [
      {
        id: s.id,
        title: s.title,
        description: optStr(s.description),
        status: isSuggestionStatus(s.status) ? s.status : 'pending',
        adminNotes: optStr(s.adminNotes),
        user: { id: str(user.id), name: str(user.name), username: str(user.username) },
        createdAt: str(s.createdAt),
        updatedAt: str(s.updatedAt),
      },
    ];
  });
}

export function useMySuggestions(enabled = true) {
  return useQuery({ queryKey: MY_SUGGESTIONS_KEY, select: toSuggestionList, enabled });
}

export function useAllSuggestions(status?: SuggestionStatus) {
  return useQuery({ queryKey: allSuggestionsKey(status), select: toSuggestionList });
}

const isSuggestionQuery = (query: Query) => {
  const first = String(query.queryKey[0] ?? '');
  return first.startsWith(BASE) || first === ADMIN_ANALYTICS_KEY[0];
};

function useInvalidateSuggestions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: isSuggestionQuery });
}

/** POST /api/question-suggestions. */
export function useCreateSuggestion(onCreated?: () => void) {
  const invalidate = useInvalidateSuggestions();
  return useMutation({
    mutationFn: (payload: SuggestionPayload) => apiJson<Suggestion>('POST', BASE, payload),
    onSuccess: () => {
      toast({ title: t('suggest.sentTitle'), description: t('suggest.sentText') });
      onCreated?.();
    },
    onError: (error) => toastError(serverMessage(error, t('discuss.tryAgain')), t('suggest.submitFailed')),
    onSettled: invalidate,
  });
}

/** DELETE /api/question-suggestions/{id} (admins only). */
export function useDeleteSuggestion(onDeleted?: () => void) {
  const invalidate = useInvalidateSuggestions();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${BASE}/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast({ title: t('suggest.deleted') });
      onDeleted?.();
    },
    onError: (error) => toastError(serverMessage(error, t('admin.pleaseTryAgain')), t('suggest.deleteFailed')),
    onSettled: invalidate,
  });
}

/** PUT /api/question-suggestions/{id} {status, adminNotes} (admins). */
export function useReviewSuggestion(onReviewed?: () => void) {
  const invalidate = useInvalidateSuggestions();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; status: SuggestionStatus; adminNotes: string }) =>
      apiJson<Suggestion>('PUT', `${BASE}/${encodeURIComponent(id)}`, body),
    onSuccess: () => {
      toast({ title: t('admin.sgUpdated') });
      onReviewed?.();
    },
    onError: () => toastError(t('admin.sgUpdateFailedText'), t('admin.sgUpdateFailed')),
    onSettled: invalidate,
  });
}
