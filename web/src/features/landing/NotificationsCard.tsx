import { Card, CardContent } from '../../ui';
import { BrowserNotificationControl } from '../notifications/BrowserNotificationControl';

/**
 * Explains the daily alert and offers the browser notification control. Signed-out visitors can allow
 * notifications (and get a local test one); pushes need an account, so the card also offers sign-up.
 * `onEnable` (legacy name) / `onJoin` opens the sign-up dialog.
 */
export function NotificationsCard({ onJoin, onEnable }: { onJoin?: () => void; onEnable?: () => void }) {
  const join = onJoin ?? onEnable;
  return (
    <Card className="info-card info-card--notify">
      <CardContent>
        <h2 className="info-card__title">Never miss a question</h2>
        <p className="info-card__text">
          A new question drops every day at lunchtime. Turn on notifications and we&apos;ll alert you the moment it goes
          live, so you never miss a prediction.
        </p>
        <BrowserNotificationControl context="landing" />
        {join && (
          <p className="info-card__text">
            Daily alerts are sent to members.{' '}
            <button type="button" className="link-button" onClick={join}>
              Create a free account
            </button>{' '}
            to get them on this device.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
