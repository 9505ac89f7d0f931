import type { events } from '@mzansi/proto';
import type { QuestionRow } from './schema.js';

/** The stored translations as the contracts carry them (context and options always present). */
export function translationsOf(row: QuestionRow) {
  return Object.fromEntries(
    Object.entries(row.translations ?? {}).flatMap(([language, t]) =>
      t ? [[language, { text: t.text, context: t.context ?? '', options: t.options ?? {}, resolutionCriteria: t.resolutionCriteria }]] : [],
    ),
  );
}

/** A question as its events carry it (`questions.question.published`): what other services project. */
export function toSnapshot(row: QuestionRow): events.QuestionSnapshot {
  return {
    id: row.id,
    text: row.text,
    context: row.context ?? '',
    date: row.date,
    options: row.options,
    publishedAt: row.publishedAt ?? undefined,
    tags: row.tags,
    isBlind: row.isBlind,
    translations: translationsOf(row),
    closesAt: row.closesAt ?? undefined,
    resolutionCriteria: row.resolutionCriteria ?? undefined,
  };
}
