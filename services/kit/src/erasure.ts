import { sql } from 'drizzle-orm';
import type { Queryable } from './db.js';

/**
 * Erasure (POPIA: a deleted account leaves nothing behind). Each service erases its own rows when it consumes
 * `identity.user.deleted`; these helpers deal with the copies of personal data the event machinery itself keeps.
 */

/** Event types whose outbox row is deleted the moment JetStream has it: a contract of the events (proto). */
export { FORGET_ON_PUBLISH } from '@mzansi/proto/events';

/**
 * Deletes this service's outbox rows that mention `id` anywhere in their payload: published ones (kept a day for
 * operators) and unpublished ones alike (the person is gone, so nobody needs to hear about them any more). Ids are
 * random UUIDs, so a match is theirs. It scans the outbox, a day of events at most; erasures are rare. Returns how
 * many rows went.
 */
export async function forgetEventsAbout<S extends Record<string, unknown>>(tx: Queryable<S>, id: string): Promise<number> {
  const result = await tx.execute(sql`DELETE FROM outbox WHERE strpos(payload::text, ${id.toLowerCase()}) > 0`);
  return result.rowCount ?? 0;
}
