import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast, toastError } from '../../ui';
import { useLogout, useUser } from '../auth/useSession';
import { updateNotificationPrefs, useStoreUpdatedUser } from './api';
import { BrowserNotificationControl } from './BrowserNotificationControl';
import { SettingRow, Switch } from './Switch';
import { useT } from '../../i18n';
import './notifications.css';

/** The profile page's Settings tab (spec §2 Profile): email notifications, browser notifications, Logout. */
export function ProfileSettings() {
  const t = useT();
  const id = useId();
  const user = useUser();
  const storeUser = useStoreUpdatedUser();
  const logout = useLogout();

  const email = useMutation({
    mutationFn: (emailNotifications: boolean) => updateNotificationPrefs(user!.id, { emailNotifications }),
    onSuccess: (updated) => {
      storeUser(updated);
      toast({ title: t('settings.updated'), description: t('settings.updatedText') });
    },
    onError: () => toastError(t('settings.updateFailed')),
  });

  if (!user) return null;
  // emailNotifications defaults to true (spec §3); show the choice being saved while it is in flight.
  const emailOn = email.isPending ? email.variables : user.emailNotifications !== false;

  return (
    <div className="stack profile-settings">
      <Card>
        <CardHeader>
          <CardTitle>{t('settings.notifications')}</CardTitle>
          <CardDescription>{t('settings.notificationsText')}</CardDescription>
        </CardHeader>
        <CardContent className="settings-list">
          <SettingRow
            id={`${id}-email`}
            title={t('settings.email')}
            description={user.email ? t('settings.emailTo', { email: user.email }) : t('settings.emailBy')}
          >
            <Switch
              checked={emailOn}
              onCheckedChange={(next) => email.mutate(next)}
              disabled={email.isPending}
              aria-busy={email.isPending}
              aria-labelledby={`${id}-email-title`}
              aria-describedby={`${id}-email-desc`}
            />
          </SettingRow>
          <BrowserNotificationControl context="profile" />
          <Link className="btn btn--outline btn--md profile-settings__more" to="/notifications">
            {t('settings.more')}
          </Link>
        </CardContent>
      </Card>
      <Button variant="destructive" block disabled={logout.isPending} onClick={() => logout.mutate()}>
        {logout.isPending ? t('settings.loggingOut') : t('settings.logout')}
      </Button>
    </div>
  );
}
