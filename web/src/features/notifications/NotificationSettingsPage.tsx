import { ScreenHeader } from '../shell/ScreenHeader';

export function NotificationSettingsPage() {
  return <ScreenHeader title="Notification Settings" />;
}
