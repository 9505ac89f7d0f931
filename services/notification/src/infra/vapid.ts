import type { Logger } from '@mzansi/kit';
import * as repo from '../data-access/notification-repo.js';
import { generateVapidKeys, type VapidKeys } from './push.js';
import type { NotificationDb } from '../context.js';

const PUBLIC = 'vapid_public_key';
const PRIVATE = 'vapid_private_key';

/**
 * The VAPID keys: from the configuration when given (always in production); otherwise the pair kept in the
 * service's settings table, generated on the first start, so browsers' subscriptions survive restarts.
 */
export async function resolveVapidKeys(
  db: NotificationDb,
  config: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT: string; NODE_ENV: string },
  logger: Logger,
): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT };
  }
  if (config.NODE_ENV === 'production') throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production');
  let stored = await repo.getSettings(db, [PUBLIC, PRIVATE]);
  if (!stored.get(PUBLIC) || !stored.get(PRIVATE)) {
    const keys = generateVapidKeys();
    // Both in one statement; a replica starting at the same moment may win, so read back what is stored.
    await repo.insertSettingsIfAbsent(db, { [PUBLIC]: keys.publicKey, [PRIVATE]: keys.privateKey });
    stored = await repo.getSettings(db, [PUBLIC, PRIVATE]);
    logger.info('generated development VAPID keys (kept in the settings table)');
  }
  return { publicKey: stored.get(PUBLIC)!, privateKey: stored.get(PRIVATE)!, subject: config.VAPID_SUBJECT };
}
