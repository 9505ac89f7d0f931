import type { Logger } from '@mzansi/kit';
import { contactOf } from '../../data-access/account-repo.js';
import * as repo from '../../data-access/notification-repo.js';
import { pushTopic, testPushPayload } from '../../domain/messages.js';
import { pushLanguage } from '../../domain/push-text.js';
import type { PushSender } from '../../infra/push.js';
import type { NotificationDb } from '../../context.js';

/**
 * "Send me a test notification", delivered in the background: the request is answered before any push goes out,
 * so its answer and its timing say nothing of what an endpoint does (open, closed, refused, slow). One run per user
 * at a time; asking again while one runs sends nothing more.
 */
export class TestPushes {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly o: { db: NotificationDb; logger: Logger; push: () => PushSender }) {}

  start(userId: string, subscriptions: repo.PushSubscriptionRow[]): void {
    if (this.running.has(userId)) return;
    const run = this.deliver(userId, subscriptions)
      .catch((err: unknown) => this.o.logger.warn({ err: (err as Error).message }, 'test push failed'))
      .finally(() => this.running.delete(userId));
    this.running.set(userId, run);
  }

  private async deliver(userId: string, subscriptions: repo.PushSubscriptionRow[]): Promise<void> {
    const push = this.o.push();
    const payload = testPushPayload(pushLanguage((await contactOf(this.o.db, userId))?.language));
    await Promise.all(
      subscriptions.map(async (s) => {
        const r = await push.send(s, payload, { topic: pushTopic(`test-${userId}`), urgency: 'high' });
        if (r.outcome === 'gone') await repo.deleteGoneSubscription(this.o.db, s.endpoint);
        else if (r.outcome !== 'sent') this.o.logger.warn({ endpoint: s.endpoint, err: r.error }, 'test push failed');
      }),
    );
  }

  /** Waits for the runs in flight (the service is stopping). */
  async stop(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }
}
