import { useId } from 'react';
import { Badge, Button } from '../../ui';
import type { BadgeVariant } from '../../ui/Badge';
import type { BrowserNotificationStatus } from './browserNotifications';
import { useBrowserNotifications, type NotificationContext } from './useBrowserNotifications';
import { SettingRow, Switch } from './Switch';
import { useT, type MessageKey } from '../../i18n';
import './notifications.css';

/** The statuses' labels (STATUS_LABELS in English) in the active language. */
const STATUS_KEYS: Record<BrowserNotificationStatus, MessageKey> = {
  unsupported: 'alerts.unsupported',
  default: 'alerts.default',
  'need-subscribe': 'alerts.needSubscribe',
  enabled: 'alerts.enabled',
  denied: 'alerts.denied',
};

const BADGE: Record<BrowserNotificationStatus, BadgeVariant> = {
  unsupported: 'outline',
  default: 'secondary',
  'need-subscribe': 'gold',
  enabled: 'default',
  denied: 'destructive',
};

export function NotificationStatusBadge({ status }: { status: BrowserNotificationStatus }) {
  const t = useT();
  return (
    <Badge variant={BADGE[status]} className="notify-status" data-status={status}>
      {t(STATUS_KEYS[status])}
    </Badge>
  );
}

function StatusNote({ status, signedIn }: { status: BrowserNotificationStatus; signedIn: boolean }) {
  const t = useT();
  switch (status) {
    case 'unsupported':
      return <p className="notify-note">{t('alerts.noSupport')}</p>;
    case 'denied':
      return (
        <p className="notify-note notify-note--warn" role="note">
          {t('alerts.blocked')} {t('alerts.unblock')}
        </p>
      );
    case 'need-subscribe':
      return signedIn ? (
        <p className="notify-note">{t('alerts.allowedSignedIn')}</p>
      ) : (
        <p className="notify-note">{t('alerts.allowedSignedOut')}</p>
      );
    default:
      return null;
  }
}

/**
 * The browser notification control (spec §4 statuses). In the profile it is a switch row; on the landing page a
 * button (signed-out visitors only grant permission and get a local test notification).
 */
export function BrowserNotificationControl({ context }: { context: NotificationContext }) {
  const t = useT();
  const id = useId();
  const { status, busy, supported, signedIn, enable, disable } = useBrowserNotifications(context);
  const enabled = status === 'enabled';
  const toggle = (next: boolean) => void (next ? enable() : disable());

  if (context === 'profile') {
    return (
      <div className="notify-control">
        <SettingRow
          id={id}
          title={t('alerts.browser')}
          description={
            <>
              {t('alerts.browserText')} <NotificationStatusBadge status={status} />
            </>
          }
        >
          <Switch
            checked={enabled}
            onCheckedChange={toggle}
            disabled={!supported || busy}
            aria-busy={busy}
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-desc`}
          />
        </SettingRow>
        <StatusNote status={status} signedIn={signedIn} />
      </div>
    );
  }

  return (
    <div className="notify-control notify-control--landing">
      <div className="notify-control__status">
        <span className="notify-control__label">{t('alerts.status')}</span>
        <NotificationStatusBadge status={status} />
      </div>
      <StatusNote status={status} signedIn={signedIn} />
      {supported &&
        (enabled ? (
          <Button variant="outline" block disabled={busy} aria-busy={busy} onClick={() => void disable()}>
            {busy ? t('alerts.working') : t('alerts.disable')}
          </Button>
        ) : (
          <Button variant="outline" block disabled={busy} aria-busy={busy} onClick={() => void enable()}>
            {busy ? t('alerts.enabling') : t('alerts.enable')}
          </Button>
        ))}
    </div>
  );
}
