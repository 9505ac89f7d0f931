import { z } from 'zod';

/** Optional text in isiZulu, Afrikaans and Sesotho, with the English limits. */
export const TranslationsBody = z.partialRecord(
  z.enum(['zu', 'af', 'st']),
  z.strictObject({
    text: z.string().max(300),
    context: z.string().max(2000).nullish(),
    options: z.record(z.string().min(1).max(20), z.string().max(60)).optional(),
  }),
);

export const CreateQuestionBody = z.object({
  text: z.string().trim().min(1).max(300),
  context: z.string().max(2000).nullish(),
  date: z.string().datetime({ offset: true }),
  options: z
    .array(z.object({ id: z.string().min(1).max(20), text: z.string().trim().min(1).max(60) }))
    .length(2),
  tags: z.array(z.string().max(40)).max(10).optional(),
  /** "Hide results until people answer". */
  isBlind: z.boolean().optional(),
  translations: TranslationsBody.optional(),
});

/** Every translation the question keeps: a language left out (or with empty text) shows English again. */
export const TranslationsUpdateBody = z.strictObject({ translations: TranslationsBody });

export const ResolveBody = z.object({ correctOptionId: z.string().min(1).max(20) });

/** A draft's publish time (UTC, with its offset); the service refuses one that is not in the future. */
export const ScheduleBody = z.strictObject({ publishAt: z.string().datetime({ offset: true }) });
