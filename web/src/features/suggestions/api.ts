import { queryOptions, useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import type { Suggestion, SuggestionDraft } from '@mzansi/api';
import { apiJson, apiRequest, getListFn, serverMessage } from '../../lib/api';
import { toast, toastError } from '../../ui';
import { t } from '../../i18n';
import '../../i18n/later';
import type { SuggestionPayload, SuggestionStatus } from './validation';

/** A question suggestion (spec §3). */
export type { Suggestion };

const BASE = '/api/question-suggestions';
export const MY_SUGGESTIONS_KEY = [`${BASE}?user=me`] as const;
/** Every suggestion (admins), optionally one status. */
export const allSuggestionsKey = (status?: SuggestionStatus) => [status ? `${BASE}?status=${status}` : BASE] as const;
export const ADMIN_ANALYTICS_KEY = ['/api/admin/analytics'] as const;
/** The admin's question lists (features/admin/api.ts), where a draft made from a suggestion shows. */
const ADMIN_LISTS = [['/api/admin/questions'], ['/api/admin/drafts']] as const;

export const mySuggestionsQuery = queryOptions({ queryKey: MY_SUGGESTIONS_KEY, queryFn: getListFn<Suggestion>() });
export const allSuggestionsQuery = (status?: SuggestionStatus) => queryOptions({ queryKey: allSuggestionsKey(status), queryFn: getListFn<Suggestion>() });

export function useMySuggestions(enabled = true) {
  return useQuery({ ...mySuggestionsQuery, enabled });
}

export function useAllSuggestions(status?: SuggestionStatus) {
  return useQuery(allSuggestionsQuery(status));
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

/**
 * POST /api/question-suggestions/{id}/use (admins): a draft question made from the suggestion. The suggestion lists
 * and the admin's question lists refresh (the draft shows under Questions).
 */
export function useUseSuggestion() {
  const invalidate = useInvalidateSuggestions();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<SuggestionDraft>('POST', `${BASE}/${encodeURIComponent(id)}/use`),
    onSuccess: () => toast({ title: t('admin.sgDraftMade'), description: t('admin.sgDraftMadeText') }),
    onError: (error) => toastError(serverMessage(error, t('admin.pleaseTryAgain')), t('admin.sgUseFailed')),
    onSettled: () => Promise.all([invalidate(), ...ADMIN_LISTS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))]),
  });
}
