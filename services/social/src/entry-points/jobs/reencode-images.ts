import { AppError } from '@mzansi/kit';
import * as repo from '../../data-access/social-repo.js';
import { sniffImage } from '../../domain/comments.js';
import { reencodeImage } from '../../domain/images.js';
import type { SocialContext } from '../../context.js';

/**
 * Images stored before re-encoding existed (migration 0001) are converted in the background after start-up, one row
 * per transaction, `FOR UPDATE SKIP LOCKED` so that replicas share the work. Until its turn a comment shows no image
 * (lists and the image route only know re-encoded ones), so an original is never served. An image that cannot be
 * re-encoded (unreadable, too large) is removed from its comment, as it would be refused today.
 */
export function startImageBackfill(ctx: SocialContext): { done: Promise<number>; stop(): Promise<void> } {
  let stopping = false;
  const done = (async () => {
    let converted = 0;
    while (!stopping) {
      const found = await ctx.db.transaction(async (tx) => {
        const row = await repo.claimLegacyImage(tx);
        if (!row) return false;
        const type = sniffImage(row.data);
        const image = type
          ? await reencodeImage(row.data, type).catch((err: unknown) => {
              if (err instanceof AppError) return undefined;
              throw err;
            })
          : undefined;
        if (!image) ctx.logger.warn({ commentId: row.id }, 'stored image could not be re-encoded: removed');
        await repo.setCommentImage(tx, row.id, image);
        return true;
      });
      if (!found) break;
      converted++;
    }
    if (converted > 0) ctx.logger.info({ converted }, 'stored images re-encoded');
    return converted;
  })();
  done.catch((err: unknown) => ctx.logger.error({ err }, 'image re-encoding stopped; it resumes at the next start'));
  return {
    done,
    async stop() {
      stopping = true;
      await done.catch(() => undefined);
    },
  };
}
