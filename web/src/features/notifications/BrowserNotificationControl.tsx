import { useId } from 'react';
import { Badge, Button } from '../../ui';
import type { BadgeVariant } from '../../ui/Badge';
import { STATUS_LABELS, UNBLOCK_INSTRUCTIONS, type BrowserNotificationStatus } from './browserNotifications';
import { useBrowserNotifications, type NotificationContext } from './useBrowserNotifications';
import { SettingRow, Switch } from './Switch';
import './notifications.css';

const BADGE: Record<BrowserNotificationStatus, BadgeVariant> = {
  unsupported: 'outline',
  default: 'secondary',
  'need-subscribe': 'gold',
  enabled: 'default',
  denied: 'destructive',
};

export function NotificationStatusBadge({ status }: { status: BrowserNotificationStatus }) {
  return (
    <Badge variant={BADGE[status]} className="notify-status" data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

function StatusNote({ status, signedIn }: { status: BrowserNotificationStatus; signedIn: boolean }) {
  switch (status) {
    case 'unsupported':
      return <p className="notify-note">This browser doesn&apos;t support notifications.</p>;
    case 'denied':
      return (
        <p className="notify-note notify-note--warn" role="note">
          Notifications are blocked for this site. {UNBLOCK_INSTRUCTIONS}
        </p>
      );
    case 'need-subscribe':
      return signedIn ? (
        <p className="notify-note">Notifications are allowed — turn them on to subscribe this device.</p>
      ) : (
        <p className="notify-note">Notifications are allowed on this device. Sign up to get the daily question alert.</p>
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
  const id = useId();
  const { status, busy, supported, signedIn, enable, disable } = useBrowserNotifications(context);
  const enabled = status === 'enabled';
  const toggle = (next: boolean) => void (next ? enable() : disable());

  if (context === 'profile') {
    return (
      <div className="notify-control">
        <SettingRow
          id={id}
          title="Browser Notifications"
          description={
            <>
              Alerts on this device when a new question goes live. <NotificationStatusBadge status={status} />
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
        <span className="notify-control__label">Status</span>
        <NotificationStatusBadge status={status} />
      </div>
      <StatusNote status={status} signedIn={signedIn} />
      {supported &&
        (enabled ? (
          <Button variant="outline" block disabled={busy} aria-busy={busy} onClick={() => void disable()}>
            {busy ? 'Working...' : 'Disable Notifications'}
          </Button>
        ) : (
          <Button variant="outline" block disabled={busy} aria-busy={busy} onClick={() => void enable()}>
            {busy ? 'Enabling...' : 'Enable Notifications'}
          </Button>
        ))}
    </div>
  );
}
