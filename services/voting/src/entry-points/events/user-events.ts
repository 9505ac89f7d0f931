import { isProvince, type EventEnvelope } from '@mzansi/kit';
import { eraseUser } from '../../data-access/account-repo.js';
import { setUserProvince } from '../../data-access/voting-repo.js';
import type { VotingConsumer } from '../../context.js';

/** Each user's province (registered, updated), so answers are counted by province as they are written. */
export function userProvinceConsumer(): VotingConsumer<'identity.user.registered' | 'identity.user.updated'> {
  return {
    name: 'voting-on-user-province',
    types: ['identity.user.registered', 'identity.user.updated'],
    async handle(event: EventEnvelope<'identity.user.registered' | 'identity.user.updated'>, tx) {
      const user = event.data.user;
      if (!user?.id) return;
      await setUserProvince(tx, user.id.toLowerCase(), isProvince(user.province ?? '') ? user.province! : null);
    },
  };
}

/**
 * A deleted account's answers and scores go; the national counts stay (data-access/account-repo.ts). The inbox
 * makes a redelivery a no-op, and a replay under a new event id finds nothing left to erase.
 */
export function userDeletedConsumer(): VotingConsumer<'identity.user.deleted'> {
  return {
    name: 'voting-on-user-deleted',
    types: ['identity.user.deleted'],
    async handle(event, tx) {
      const { userId } = event.data;
      if (!userId) return;
      await eraseUser(tx, userId.toLowerCase());
    },
  };
}
