import { z } from 'zod';

/**
 * Request-part schemas the routes share, built once at start-up: zod compiles a schema on its first parse, so a
 * schema written inline in a handler is compiled again on every request.
 */
export const uuidOr404 = z.string().uuid('Not found');
export const idParams = z.object({ id: uuidOr404 });
export const ownUserId = z.string().uuid('userId must be your own user id').optional();
export const ownUserIdQuery = z.object({ userId: ownUserId });
