import { eraseUser } from '../../data-access/account-repo.js';
import type { QuestionsConsumer } from '../../context.js';

/** A deleted account's suggestions go (data-access/account-repo.ts). The inbox makes a redelivery a no-op. */
export function userDeletedConsumer(): QuestionsConsumer<'identity.user.deleted'> {
  return {
    name: 'questions-on-user-deleted',
    types: ['identity.user.deleted'],
    async handle(event, tx) {
      const { userId } = event.data;
      if (userId) await eraseUser(tx, userId.toLowerCase());
    },
  };
}
