import { useCallback, useEffect, useRef, useState } from 'react';
import { toast, toastError } from '../../ui';
import { useUser } from '../auth/useSession';
import { useHydrated } from '../../lib/useHydrated';
import {
  currentPermission,
  currentPushSubscription,
  deriveNotificationStatus,
  notificationsSupported,
  showBrowserNotification,
  subscribeToPush,
  type BrowserNotificationStatus,
} from './browserNotifications';
import { t, type MessageKey } from '../../i18n';
import {
  fetchVapidPublicKey,
  sendPushSubscription,
  sendPushUnsubscribe,
  updateNotificationPrefs,
  useStoreUpdatedUser,
  type PushSubscriptionBody,
} from './api';

/** Where the control lives: the wording of the enable failure differs (spec §8). */
export type NotificationContext = 'profile' | 'landing';

export const ENABLE_FAILED: Record<NotificationContext, MessageKey> = {
  profile: 'alerts.enableFailedProfile',
  landing: 'alerts.enableFailedLanding',
};

const PERMISSION_HINT_MS = 6000;

/** The local test notification, in the active language. */
const testNotification = () => [t('alerts.testTitle'), { body: t('alerts.testBody'), tag: 'mzansi-test' }] as const;

function toSubscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * The browser notification status of this device and the enable / disable flows (spec §4):
 * enabling asks permission, subscribes to push with the VAPID key, sends the subscription, shows a test
 * notification and sets browserNotifications; disabling undoes that. Signed out, enabling only asks
 * permission and shows a local test notification.
 */
export function useBrowserNotifications(context: NotificationContext) {
  const user = useUser();
  const storeUser = useStoreUpdatedUser();
  // Not known on the server: a page rendered there says so until hydrated, then this device's status shows.
  const supported = useHydrated() && notificationsSupported();
  const [status, setStatus] = useState<BrowserNotificationStatus>(() =>
    deriveNotificationStatus({ supported, permission: currentPermission(), subscribed: false }),
  );
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);

  const refresh = useCallback(async () => {
    const permission = currentPermission();
    const subscribed = supported && permission === 'granted' ? !!(await currentPushSubscription()) : false;
    if (mounted.current) setStatus(deriveNotificationStatus({ supported, permission, subscribed }));
  }, [supported]);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    // Permission can change in the browser's settings while the page is open.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      mounted.current = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const enable = useCallback(async () => {
    if (!supported || busy) return;
    if (currentPermission() === 'denied') {
      toast({ variant: 'destructive', title: t('alerts.blockedTitle'), description: t('alerts.unblock'), duration: PERMISSION_HINT_MS });
      return;
    }
    setBusy(true);
    try {
      let permission = currentPermission();
      if (permission !== 'granted') permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        toast({
          variant: 'destructive',
          title: t('alerts.permissionTitle'),
          description: permission === 'denied' ? `${t('alerts.wereBlocked')} ${t('alerts.unblock')}` : t('alerts.pleaseAllow'),
          duration: PERMISSION_HINT_MS,
        });
        return;
      }
      if (!user) {
        await showBrowserNotification(...testNotification());
        toast({ title: t('alerts.allowedTitle'), description: t('alerts.allowedText') });
        return;
      }
      try {
        const key = await fetchVapidPublicKey();
        const subscription = await subscribeToPush(key);
        await sendPushSubscription(toSubscriptionBody(subscription));
        await showBrowserNotification(...testNotification());
        storeUser(await updateNotificationPrefs(user.id, { browserNotifications: true }));
        toast({ title: t('alerts.enabledTitle'), description: t('alerts.enabledText') });
      } catch (error) {
        console.error('Enabling notifications failed', error);
        toastError(t(ENABLE_FAILED[context]));
      }
    } catch (error) {
      console.error('Notification permission request failed', error);
      toastError(t(ENABLE_FAILED[context]));
    } finally {
      if (mounted.current) setBusy(false);
      await refresh();
    }
  }, [supported, busy, user, storeUser, context, refresh]);

  const disable = useCallback(async () => {
    if (busy) return;
    setBusy(true);
    try {
      const subscription = await currentPushSubscription();
      if (subscription) {
        const { endpoint } = subscription;
        await subscription.unsubscribe();
        if (user) await sendPushUnsubscribe(endpoint);
      }
      if (user) storeUser(await updateNotificationPrefs(user.id, { browserNotifications: false }));
      toast({ title: t('alerts.disabledTitle'), description: t('alerts.disabledText') });
    } catch (error) {
      console.error('Disabling notifications failed', error);
      toastError(t('alerts.disableFailed'));
    } finally {
      if (mounted.current) setBusy(false);
      await refresh();
    }
  }, [busy, user, storeUser, refresh]);

  return { status, busy, supported, signedIn: !!user, enable, disable, refresh };
}
