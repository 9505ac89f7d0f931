import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, readList } from '../../lib/api';
import { PUBLIC_COMMENTS_KEY, PUBLIC_QUESTIONS_KEY } from '../questions/api';
import type { Agreement, Thread } from '@mzansi/api';
import type { Comment } from '../../entities/question/types';

export const questionCommentsKey = (questionId: string) => ['/api/questions', questionId, 'comments'] as const;

/** Image types a comment may carry (the server checks the bytes too). */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Spec §5, §9: comment images up to 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export type CommentSort = 'top' | 'newest';

/** GET /api/questions/{id}/comments?sort=: top-level comments, each with its first replies. */
export const questionCommentsQuery = (questionId: string, sort: CommentSort = 'top') =>
  queryOptions({
    queryKey: [...questionCommentsKey(questionId), sort] as const,
    queryFn: async () => readList<Thread>(await apiJson<unknown>('GET', `/api/questions/${encodeURIComponent(questionId)}/comments?sort=${sort}`)),
    staleTime: 10_000,
  });

export function useQuestionComments(questionId: string, enabled = true, sort: CommentSort = 'top') {
  return useQuery({ ...questionCommentsQuery(questionId, sort), enabled });
}

/** GET /api/comments/{id}/replies: every reply of a comment (when it has more than came with the list). */
export function useReplies(questionId: string, commentId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...questionCommentsKey(questionId), 'replies', commentId] as const,
    queryFn: async () => readList<Comment>(await apiJson<unknown>('GET', `/api/comments/${encodeURIComponent(commentId)}/replies`)),
    enabled,
    staleTime: 10_000,
  });
}

/** PUT / DELETE /api/comments/{id}/agree, then the lists again (counts and the top order change). */
export function useAgree(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, agree }: { commentId: string; agree: boolean }) =>
      apiJson<Agreement>(agree ? 'PUT' : 'DELETE', `/api/comments/${encodeURIComponent(commentId)}/agree`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionCommentsKey(questionId) }),
  });
}

function useRefreshComments(questionId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: questionCommentsKey(questionId) }),
      queryClient.invalidateQueries({ queryKey: PUBLIC_COMMENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: PUBLIC_QUESTIONS_KEY }),
    ]);
}

export function usePostComment(questionId: string) {
  const refresh = useRefreshComments(questionId);
  return useMutation({
    mutationFn: (body: { content: string; imageUrl?: string; parentId?: string; showPrediction?: boolean }) =>
      apiJson<Comment>('POST', `/api/questions/${encodeURIComponent(questionId)}/comments`, body),
    onSuccess: refresh,
  });
}

export function useDeleteComment(questionId: string) {
  const refresh = useRefreshComments(questionId);
  return useMutation({
    mutationFn: (commentId: string) => apiJson<unknown>('DELETE', `/api/comments/${encodeURIComponent(commentId)}`),
    onSuccess: refresh,
  });
}

/** Reads a file as a data URL. */
/**
 * The image type its first bytes say (PNG, JPEG, GIF or WebP), or null. A file's name and its browser-given type
 * can lie (an SVG renamed .png): the server refuses such a file, so the composer does before any preview.
 */
export function sniffImageType(bytes: Uint8Array): (typeof ACCEPTED_IMAGE_TYPES)[number] | null {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** The first bytes of a file (enough for `sniffImageType`). */
export async function headBytes(file: Blob, n = 16): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, n).arrayBuffer());
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
