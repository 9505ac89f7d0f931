import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast, toastError } from '../../ui';
import { useLogout, useUser } from '../auth/useSession';
import { updateNotificationPrefs, useStoreUpdatedUser } from './api';
import { BrowserNotificationControl } from './BrowserNotificationControl';
import { SettingRow, Switch } from './Switch';
import './notifications.css';

/** The profile page's Settings tab (spec §2 Profile): email notifications, browser notifications, Logout. */
export function ProfileSettings() {
  const id = useId();
  const user = useUser();
  const storeUser = useStoreUpdatedUser();
  const logout = useLogout();

  const email = useMutation({
    mutationFn: (emailNotifications: boolean) => updateNotificationPrefs(user!.id, { emailNotifications }),
    onSuccess: (updated) => {
      storeUser(updated);
      toast({ title: 'Settings Updated', description: 'Your notification preferences have been saved.' });
    },
    onError: () => toastError('Failed to update notification preferences.'),
  });

  if (!user) return null;
  // emailNotifications defaults to true (spec §3); show the choice being saved while it is in flight.
  const emailOn = email.isPending ? email.variables : user.emailNotifications !== false;

  return (
    <div className="stack profile-settings">
      <Card>
        <CardHeader>
          <CardTitle>Notifications</CardTitle>
          <CardDescription>Choose how we tell you about each day&apos;s question.</CardDescription>
        </CardHeader>
        <CardContent className="settings-list">
          <SettingRow
            id={`${id}-email`}
            title="Email Notifications"
            description={user.email ? `Daily question and results to ${user.email}` : 'Daily question and results by email'}
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
            Email and WhatsApp alert settings
          </Link>
        </CardContent>
      </Card>
      <Button variant="destructive" block disabled={logout.isPending} onClick={() => logout.mutate()}>
        {logout.isPending ? 'Logging out...' : 'Logout'}
      </Button>
    </div>
  );
}
