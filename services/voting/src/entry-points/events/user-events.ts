import type { ConsumerOptions } from '@mzansi/kit';
import { eraseUser } from '../../data-access/account-repo.js';

/**
 * A deleted account's answers and scores go; the national counts stay (data-access/account-repo.ts). The inbox
 * makes a redelivery a no-op, and a replay under a new event id finds nothing left to erase.
 */
export function userDeletedConsumer(): ConsumerOptions<'identity.user.deleted'> {
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
