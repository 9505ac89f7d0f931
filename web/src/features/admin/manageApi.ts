import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { apiRequest, serverMessage } from '../../lib/api';
import { toast, toastError } from '../../ui';
import { t, type MessageKey } from '../../i18n';
import '../../i18n/later';
import { tagPredictionsQuery, useTags, type MediaPrediction } from '../research/api';
import type { OfficialPayload, PredictionPayload } from './manageForms';

export type ManageKind = 'official' | 'prediction';
export type ManageOp =
  | { op: 'create'; body: OfficialPayload | PredictionPayload }
  | { op: 'update'; id: string; body: OfficialPayload | PredictionPayload }
  | { op: 'delete'; id: string };

const PATH: Record<ManageKind, string> = { official: '/api/admin/officials', prediction: '/api/admin/predictions' };

function run(kind: ManageKind, action: ManageOp) {
  const base = PATH[kind];
  switch (action.op) {
    case 'create':
      return apiRequest('POST', base, action.body);
    case 'update':
      return apiRequest('PUT', `${base}/${encodeURIComponent(action.id)}`, action.body);
    case 'delete':
      return apiRequest('DELETE', `${base}/${encodeURIComponent(action.id)}`);
  }
}

/** "Official added", "Prediction deleted"…; and the failure titles. */
const DONE: Record<ManageKind, Record<ManageOp['op'], MessageKey>> = {
  official: { create: 'admin.mgOfficialAdded', update: 'admin.mgOfficialUpdated', delete: 'admin.mgOfficialDeleted' },
  prediction: { create: 'admin.mgPredictionAdded', update: 'admin.mgPredictionUpdated', delete: 'admin.mgPredictionDeleted' },
};
const FAILED: Record<ManageKind, { save: MessageKey; delete: MessageKey }> = {
  official: { save: 'admin.mgOfficialSaveFailed', delete: 'admin.mgOfficialDeleteFailed' },
  prediction: { save: 'admin.mgPredictionSaveFailed', delete: 'admin.mgPredictionDeleteFailed' },
};

/** Create / update / delete an official or a media prediction; refreshes every research list. */
export function useManage(kind: ManageKind, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ManageOp) => run(kind, action),
    onSuccess: (_res, action) => {
      toast({ title: t(DONE[kind][action.op]) });
      onDone?.();
    },
    onError: (error, action) =>
      toastError(
        serverMessage(error, t('admin.pleaseTryAgain')),
        t(FAILED[kind][action.op === 'delete' ? 'delete' : 'save']),
      ),
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: (q) => {
          const first = String(q.queryKey[0] ?? '');
          return first.startsWith('/api/officials') || first.startsWith('/api/tags');
        },
      }),
  });
}

/** There is no "all predictions" call: gather every topic's predictions, once each. */
export function useAllPredictions() {
  const tags = useTags();
  const list = tags.data ?? [];
  const results = useQueries({
    queries: list.map((t) => tagPredictionsQuery(t.tag)),
  });
  const seen = new Map<string, MediaPrediction>();
  for (const r of results) for (const p of r.data ?? []) if (!seen.has(p.id)) seen.set(p.id, p);
  const predictions = [...seen.values()].sort((a, b) => b.sourceDate.localeCompare(a.sourceDate));
  return {
    predictions,
    isPending: tags.isPending || results.some((r) => r.isPending),
    isError: tags.isError || results.some((r) => r.isError),
    refetch: () => {
      void tags.refetch();
      results.forEach((r) => void r.refetch());
    },
  };
}
