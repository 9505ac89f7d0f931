import { z } from 'zod';

/**
 * Request-part schemas the routes share, built once at start-up: zod compiles a schema on its first parse, so a
 * schema written inline in a handler is compiled again on every request.
 *
 * Ids are UUIDs, accepted in any case and lower-cased here: the gateway compares them as text (own user, cache
 * keys, vote counts by question), so `ABC…` and `abc…` must be one id before they reach a cache or a service.
 */
export const uuidAnyCase = (message: string) =>
  z
    .string()
    .uuid(message)
    .transform((s) => s.toLowerCase());
export const uuidOr404 = uuidAnyCase('Not found');
export const idParams = z.object({ id: uuidOr404 });
export const ownUserId = uuidAnyCase('userId must be your own user id').optional();
export const ownUserIdQuery = z.object({ userId: ownUserId });
/** An id the service validates itself (admin and research routes), lower-cased like the others. */
export const idText = z
  .string()
  .min(1)
  .max(64)
  .transform((s) => s.toLowerCase());
/** A mailed link's token (e-mail verification, newsletter confirmation): tokens are short; anything long is not one of ours (and is not sent on). */
export const tokenBody = z.object({ token: z.string().trim().min(1).max(200) });
