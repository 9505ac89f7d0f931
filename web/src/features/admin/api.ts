import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest, getListFn, serverMessage } from '../../lib/api';
import { toast, toastError } from '../../ui';
import { PUBLIC_QUESTIONS_KEY, TODAY_QUESTIONS_KEY } from '../questions/api';
import type { Question } from '../../entities/question/types';
import type { CreateQuestionPayload, TranslationLanguage, TranslationPayload } from './createQuestion';
import type { DetailsPayload } from './details';
import type { ResolvePayload } from './resolveForm';
import { t } from '../../i18n';
import '../../i18n/later';

export const ADMIN_QUESTIONS_KEY = ['/api/admin/questions'] as const;
export const ADMIN_DRAFTS_KEY = ['/api/admin/drafts'] as const;

const adminQuestionsQuery = queryOptions({ queryKey: ADMIN_QUESTIONS_KEY, queryFn: getListFn<Question>() });
const adminDraftsQuery = queryOptions({ queryKey: ADMIN_DRAFTS_KEY, queryFn: getListFn<Question>() });

export function useAdminQuestions() {
  return useQuery(adminQuestionsQuery);
}

export function useAdminDrafts() {
  return useQuery(adminDraftsQuery);
}

/**
 * After any admin change: the admin lists, today's and the public questions, and the suggestions (publishing a draft
 * made from one marks it used).
 */
function useInvalidateQuestions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      ...[adminQuestionsQuery.queryKey, adminDraftsQuery.queryKey, TODAY_QUESTIONS_KEY, PUBLIC_QUESTIONS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0] ?? '').startsWith('/api/question-suggestions') }),
    ]);
}

const failure = (title: string) => (error: unknown) => toastError(serverMessage(error, t('admin.pleaseTryAgain')), title);

export function useCreateQuestion(onCreated?: (q: Question) => void) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (payload: CreateQuestionPayload) => apiJson<Question>('POST', '/api/admin/questions', payload),
    onSuccess: (question) => {
      toast({ title: t('admin.created'), description: t('admin.createdText') });
      onCreated?.(question);
    },
    onError: (error) => failure(t('admin.createFailed'))(error),
    onSettled: invalidate,
  });
}

export type AdminAction =
  | { kind: 'publish'; id: string }
  | ({ kind: 'resolve'; id: string } & ResolvePayload)
  | ({ kind: 'correct'; id: string; reason: string } & ResolvePayload)
  | { kind: 'archive'; id: string }
  | { kind: 'delete'; id: string }
  | { kind: 'schedule'; id: string; publishAt: string }
  | { kind: 'unschedule'; id: string };

const path = (id: string) => `/api/admin/questions/${encodeURIComponent(id)}`;

function runAction(action: AdminAction): Promise<Response> {
  switch (action.kind) {
    case 'publish':
      return apiRequest('POST', `${path(action.id)}/publish`);
    case 'resolve':
    case 'correct': {
      const { kind, id, ...body } = action;
      return apiRequest('PUT', `${path(id)}/${kind === 'resolve' ? 'resolve' : 'resolution'}`, body);
    }
    case 'archive':
      return apiRequest('PUT', `${path(action.id)}/archive`);
    case 'delete':
      return apiRequest('DELETE', path(action.id));
    case 'schedule':
      return apiRequest('PUT', `${path(action.id)}/schedule`, { publishAt: action.publishAt });
    case 'unschedule':
      return apiRequest('DELETE', `${path(action.id)}/schedule`);
  }
}

const SUCCESS: Record<AdminAction['kind'], () => { title: string; description?: string }> = {
  publish: () => ({ title: t('admin.published') }),
  resolve: () => ({ title: t('admin.resolved') }),
  correct: () => ({ title: t('admin.rsCorrected'), description: t('admin.rsCorrectedText') }),
  archive: () => ({ title: t('admin.archived'), description: t('admin.archivedText') }),
  delete: () => ({ title: t('admin.deleted') }),
  schedule: () => ({ title: t('admin.scSaved') }),
  unschedule: () => ({ title: t('admin.scRemoved') }),
};

const FAILURE: Record<AdminAction['kind'], () => string> = {
  publish: () => t('admin.publishFailed'),
  resolve: () => t('admin.resolveFailed'),
  correct: () => t('admin.rsCorrectFailed'),
  archive: () => t('admin.archiveFailed'),
  delete: () => t('admin.deleteFailed'),
  schedule: () => t('admin.scFailed'),
  unschedule: () => t('admin.scRemoveFailed'),
};

/** Publish / resolve / correct / archive / delete / (un)schedule with the spec's toasts; every outcome refreshes the lists. */
export function useAdminAction() {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: runAction,
    onSuccess: (_res, action) => toast(SUCCESS[action.kind]()),
    onError: (error, action) => failure(FAILURE[action.kind]())(error),
    onSettled: invalidate,
  });
}

/** Changes a question's resolution criteria and close time (only the fields given); refreshes every list. */
export function useUpdateDetails(onSaved?: () => void) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string; payload: DetailsPayload }) => apiJson<Question>('PATCH', path(id), payload),
    onSuccess: () => {
      toast({ title: t('admin.dtSaved') });
      onSaved?.();
    },
    onError: (error) => failure(t('admin.dtFailed'))(error),
    onSettled: invalidate,
  });
}

/** Replaces a question's translations (a language left out shows English again); refreshes every list. */
export function useUpdateTranslations(onSaved?: () => void) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: ({ id, translations }: { id: string; translations: Partial<Record<TranslationLanguage, TranslationPayload>> }) =>
      apiJson<Question>('PUT', `${path(id)}/translations`, { translations }),
    onSuccess: () => {
      toast({ title: t('admin.trSaved') });
      onSaved?.();
    },
    onError: (error) => failure(t('admin.trFailed'))(error),
    onSettled: invalidate,
  });
}
