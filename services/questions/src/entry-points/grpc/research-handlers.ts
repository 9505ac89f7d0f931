import { audited, isUuid, notFound, type Clock } from '@mzansi/kit';
import type { MediaPrediction, Official } from '@mzansi/proto/questions/v1/questions';
import * as repo from '../../data-access/research-repo.js';
import type { MediaPredictionRow, OfficialRow } from '../../data-access/schema.js';
import { lookupTag, RESEARCH_MESSAGES as M, tagLabel, validateMediaPrediction, validateOfficial } from '../../domain/research.js';
import { questionsAudit, requireAdmin, toQuestions, type Ctx, type QuestionsHandlers } from './common.js';
import type { QuestionsTx } from '../../context.js';

export function toOfficial(row: OfficialRow): Official {
  return { id: row.id, name: row.name, title: row.title, bio: row.bio, avatar: row.avatar, tags: row.tags, isSample: row.isSample };
}

export function toMediaPrediction(row: MediaPredictionRow): MediaPrediction {
  return {
    id: row.id,
    statement: row.statement,
    prediction: row.prediction,
    confidence: row.confidence,
    sourceTitle: row.sourceTitle,
    sourceDate: row.sourceDate,
    sourceUrl: row.sourceUrl,
    tags: row.tags,
    isSample: row.isSample,
  };
}

/** An id that can exist, else NOT_FOUND with `message` (after the caller is checked). */
function existingId(id: string, message: string): string {
  if (!isUuid(id)) throw notFound(message);
  return id;
}

/** Research: topics (tags), officials and media predictions. Reads are public; changes are for admins. */
export function researchHandlers(
  ctx: Ctx,
  clock: Clock,
): Pick<
  QuestionsHandlers,
  | 'listTags'
  | 'listQuestionsByTag'
  | 'listOfficials'
  | 'createOfficial'
  | 'updateOfficial'
  | 'deleteOfficial'
  | 'listMediaPredictions'
  | 'createMediaPrediction'
  | 'updateMediaPrediction'
  | 'deleteMediaPrediction'
> {
  const audit = questionsAudit(ctx, clock);
  /** An admin change to the research pages, audited (kit/audit.ts) with its outcome. */
  const change = <T>(actorId: string, action: string, targetType: string, targetId: string, label: string, fn: (tx: QuestionsTx, target: { targetId: string; targetLabel?: string }) => Promise<T>) =>
    audited(audit, { actorId, action, target: { targetType, targetId, targetLabel: label } }, fn);
  return {
    async listTags() {
      const tags = await repo.tagCounts(ctx.db);
      return { tags: tags.map((t) => ({ ...t, label: tagLabel(t.tag) })) };
    },

    async listQuestionsByTag(req) {
      const tag = lookupTag(req.tag);
      return { questions: tag ? toQuestions(await repo.publicQuestionsByTag(ctx.db, tag), clock()) : [] };
    },

    async listOfficials(req) {
      const tag = req.tag.trim() ? lookupTag(req.tag) : null;
      if (req.tag.trim() && !tag) return { officials: [] };
      return { officials: (await repo.listOfficials(ctx.db, tag)).map(toOfficial) };
    },

    async createOfficial(req, call) {
      const actor = requireAdmin(call);
      const row = await change(actor.id, 'official.create', 'official', '', req.name, async (tx, target) => {
        const created = await repo.insertOfficial(tx, { ...validateOfficial(req), createdAt: clock() });
        target.targetId = created.id;
        return created;
      });
      return { official: toOfficial(row) };
    },

    async updateOfficial(req, call) {
      const actor = requireAdmin(call);
      const row = await change(actor.id, 'official.update', 'official', req.id, req.name, async (tx) => {
        const updated = await repo.updateOfficial(tx, existingId(req.id, M.officialNotFound), validateOfficial(req));
        if (!updated) throw notFound(M.officialNotFound);
        return updated;
      });
      return { official: toOfficial(row) };
    },

    async deleteOfficial(req, call) {
      const actor = requireAdmin(call);
      await change(actor.id, 'official.delete', 'official', req.id, '', async (tx) => {
        if (!(await repo.deleteOfficial(tx, existingId(req.id, M.officialNotFound)))) throw notFound(M.officialNotFound);
      });
      return {};
    },

    async listMediaPredictions(req) {
      const tag = req.tag.trim() ? lookupTag(req.tag) : null;
      if (req.tag.trim() && !tag) return { predictions: [] };
      return { predictions: (await repo.listMediaPredictions(ctx.db, tag)).map(toMediaPrediction) };
    },

    async createMediaPrediction(req, call) {
      const actor = requireAdmin(call);
      const row = await change(actor.id, 'prediction.create', 'prediction', '', req.statement, async (tx, target) => {
        const created = await repo.insertMediaPrediction(tx, { ...validateMediaPrediction(req), createdAt: clock() });
        target.targetId = created.id;
        return created;
      });
      return { prediction: toMediaPrediction(row) };
    },

    async updateMediaPrediction(req, call) {
      const actor = requireAdmin(call);
      const row = await change(actor.id, 'prediction.update', 'prediction', req.id, req.statement, async (tx) => {
        const updated = await repo.updateMediaPrediction(tx, existingId(req.id, M.predictionNotFound), validateMediaPrediction(req));
        if (!updated) throw notFound(M.predictionNotFound);
        return updated;
      });
      return { prediction: toMediaPrediction(row) };
    },

    async deleteMediaPrediction(req, call) {
      const actor = requireAdmin(call);
      await change(actor.id, 'prediction.delete', 'prediction', req.id, '', async (tx) => {
        if (!(await repo.deleteMediaPrediction(tx, existingId(req.id, M.predictionNotFound)))) throw notFound(M.predictionNotFound);
      });
      return {};
    },
  };
}
