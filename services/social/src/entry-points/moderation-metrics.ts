import { prom, type Clock } from '@mzansi/kit';
import { oldestQueuedSince } from '../data-access/moderation-repo.js';
import type { SocialContext } from '../context.js';

/**
 * How long the moderation queue's oldest comment has waited for a moderator, read at every scrape (0 when the queue
 * is empty, NaN when the database does not answer): the ModerationQueueStale alert (docs/operations.md).
 */
export function registerModerationMetrics(ctx: SocialContext, clock: Clock): void {
  new prom.Gauge({
    name: 'social_moderation_queue_oldest_seconds',
    help: 'Age of the oldest comment waiting in the moderation queue (0 when empty)',
    registers: [ctx.metrics.registry],
    async collect() {
      const since = await oldestQueuedSince(ctx.db).catch(() => Number.NaN);
      this.set(since === null ? 0 : Math.max(0, clock().getTime() / 1000 - since));
    },
  });
}
