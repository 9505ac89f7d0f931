import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest, serverMessage } from '../../lib/api';
import { toast, toastError } from '../../ui';
import { PUBLIC_QUESTIONS_KEY, TODAY_QUESTIONS_KEY, toQuestionList } from '../questions/api';
import type { Question } from '../questions/types';
import type { CreateQuestionPayload } from './createQuestion';

export const ADMIN_QUESTIONS_KEY = ['/api/admin/questions'] as const;
export const ADMIN_DRAFTS_KEY = ['/api/admin/drafts'] as const;

export function useAdminQuestions() {
  return useQuery({ queryKey: ADMIN_QUESTIONS_KEY, select: toQuestionList });
}

export function useAdminDrafts() {
  return useQuery({ queryKey: ADMIN_DRAFTS_KEY, select: toQuestionList });
}

/** After any admin change: the admin lists, today's and the public questions. */
function useInvalidateQuestions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [ADMIN_QUESTIONS_KEY, ADMIN_DRAFTS_KEY, TODAY_QUESTIONS_KEY, PUBLIC_QUESTIONS_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

const failure = (title: string) => (error: unknown) => toastError(serverMessage(error, 'Please try again.'), title);

export function useCreateQuestion(onCreated?: (q: Question) => void) {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: (payload: CreateQuestionPayload) => apiJson<Question>('POST', '/api/admin/questions', payload),
    onSuccess: (question) => {
      toast({ title: 'Question created as draft', description: 'Publish it when it is ready to go live.' });
      onCreated?.(question);
    },
    onError: failure('Failed to create question'),
    onSettled: invalidate,
  });
}

export type AdminAction =
  | { kind: 'publish'; id: string }
  | { kind: 'resolve'; id: string; correctOptionId: string }
  | { kind: 'archive'; id: string }
  | { kind: 'delete'; id: string };

const path = (id: string) => `/api/admin/questions/${encodeURIComponent(id)}`;

function runAction(action: AdminAction): Promise<Response> {
  switch (action.kind) {
    case 'publish':
      return apiRequest('POST', `${path(action.id)}/publish`);
    case 'resolve':
      return apiRequest('PUT', `${path(action.id)}/resolve`, { correctOptionId: action.correctOptionId });
    case 'archive':
      return apiRequest('PUT', `${path(action.id)}/archive`);
    case 'delete':
      return apiRequest('DELETE', path(action.id));
  }
}

const SUCCESS: Record<AdminAction['kind'], { title: string; description?: string }> = {
  publish: { title: 'Question published! Notifications sent to all users.' },
  resolve: { title: 'Question resolved successfully' },
  archive: { title: 'Question archived', description: 'It is hidden from the public feed; its data is kept.' },
  delete: { title: 'Question deleted permanently' },
};

const FAILURE: Record<AdminAction['kind'], string> = {
  publish: 'Failed to publish question',
  resolve: 'Failed to resolve question',
  archive: 'Failed to archive question',
  delete: 'Failed to delete question',
};

/** Publish / resolve / archive / delete with the spec's toasts; every outcome refreshes the lists. */
export function useAdminAction() {
  const invalidate = useInvalidateQuestions();
  return useMutation({
    mutationFn: runAction,
    onSuccess: (_res, action) => toast(SUCCESS[action.kind]),
    onError: (error, action) => failure(FAILURE[action.kind])(error),
    onSettled: invalidate,
  });
}
