import { Card, CardDescription, CardHeader, CardTitle } from '../../ui';
import type { User } from '../auth/types';
import { useT } from '../../i18n';
import '../../i18n/later';

/**
 * The profile's reminder while the account has no verified address: without one a forgotten password cannot be
 * reset (reset links go only to verified addresses). An address waiting for its link is named.
 */
export function EmailReminder({ user }: { user: Pick<User, 'email' | 'emailVerified'> }) {
  const t = useT();
  if (user.emailVerified) return null;
  return (
    <Card className="notice-card email-reminder" role="note">
      <CardHeader>
        <CardTitle>{t('account.emailReminderTitle')}</CardTitle>
        <CardDescription>{user.email ? t('account.emailReminderPending', { email: user.email }) : t('account.emailReminderText')}</CardDescription>
      </CardHeader>
    </Card>
  );
}
