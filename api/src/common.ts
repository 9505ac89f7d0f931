import { z } from 'zod';

/**
 * Building blocks every resource uses. Response objects are strict (`z.strictObject`): the contract tests fail on a
 * field the contract does not name, so the document cannot drift behind the gateway. Request bodies are plain
 * objects: unknown fields are stripped by the parse, never passed on.
 */

/** An ISO 8601 timestamp as the gateway writes it (Date#toISOString), or null when the service has none. */
export const isoDate = z.string().datetime({ offset: true });
export const isoDateOrNull = isoDate.nullable();

/** `{"success": true}`: a write that has nothing else to say. */
export const Success = z.strictObject({ success: z.literal(true) });

/** A write's answer with a sentence for the person (already in English; `code`-less). */
export const SuccessMessage = z.strictObject({ success: z.literal(true), message: z.string() });

/** Every error answer: the English `message`, its stable `code` where it has one, and the numbers it needs. */
export const ApiError = z.strictObject({
  message: z.string(),
  code: z.string().regex(/^[A-Za-z]+$/).optional(),
  params: z.record(z.string(), z.number()).optional(),
});

/** A 429 of login/signup asking for a solved proof-of-work challenge first (the web shows the ALTCHA widget). */
export const ChallengeError = ApiError.extend({ challengeRequired: z.literal(true) });

/** What other users may see of someone (search results, friends, comments' authors). */
export const Person = z.strictObject({ id: z.string(), username: z.string(), name: z.string(), isAdmin: z.boolean() });

/** A UUID in a path or a body: any case, lower-cased (the gateway compares ids as text: cache keys, own user). */
export const uuidAnyCase = (message: string) =>
  z
    .string()
    .uuid(message)
    .transform((s) => s.toLowerCase());
export const uuidOr404 = uuidAnyCase('Not found');
export const IdParams = z.object({ id: uuidOr404 });
export const UserIdParams = z.object({ id: uuidAnyCase('Unknown user') });
/** `userId` in a query or body: optional, and when given it must be the caller's own (checked by the route). */
export const ownUserId = uuidAnyCase('userId must be your own user id').optional();
export const OwnUserIdQuery = z.object({ userId: ownUserId });
export const OwnUserIdBody = z.object({ userId: ownUserId });
/** An id the service validates itself (admin and research routes), lower-cased like the others. */
export const idText = z
  .string()
  .min(1)
  .max(64)
  .transform((s) => s.toLowerCase());
export const IdTextParams = z.object({ id: idText });
/** A mailed link's token (e-mail verification, newsletter confirmation): anything long is not one of ours. */
export const TokenBody = z.object({ token: z.string().trim().min(1).max(200) });

/** The interface languages (the page's, a mail's): English, isiZulu, Afrikaans, Sesotho. */
export const LANGUAGES = ['en', 'zu', 'af', 'st'] as const;

export type ApiError = z.infer<typeof ApiError>;
export type Person = z.infer<typeof Person>;
