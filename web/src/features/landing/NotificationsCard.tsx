import { Card, CardContent } from '../../ui';
import { BrowserNotificationControl } from '../notifications/BrowserNotificationControl';
import { useT } from '../../i18n';

/**
 * Explains the daily alert and offers the browser notification control. Signed-out visitors can allow
 * notifications (and get a local test one); pushes need an account, so the card also offers sign-up.
 * `onEnable` (legacy name) / `onJoin` opens the sign-up dialog.
 */
export function NotificationsCard({ onJoin, onEnable }: { onJoin?: () => void; onEnable?: () => void }) {
  const t = useT();
  const join = onJoin ?? onEnable;
  return (
    // Folded under its title on the landing, like the newsletter: the page stays within about five phone screens.
    <Card className="info-card info-card--notify">
      <details className="info-card__fold">
        <summary className="info-card__summary">
          <h2 className="info-card__title">{t('alerts.cardTitle')}</h2>
        </summary>
      <CardContent>
        <p className="info-card__text">{t('alerts.cardText')}</p>
        <BrowserNotificationControl context="landing" />
        {join && (
          <p className="info-card__text">
            {t('alerts.membersBefore')}{' '}
            <button type="button" className="link-button" onClick={join}>
              {t('alerts.membersLink')}
            </button>{' '}
            {t('alerts.membersAfter')}
          </p>
        )}
      </CardContent>
      </details>
    </Card>
  );
}
