// Browser notifications and web push on this device (spec §4 "Browser notification status", §9 8 s auto-close).

export type BrowserNotificationStatus = 'unsupported' | 'default' | 'need-subscribe' | 'enabled' | 'denied';

/** What the status badge says (spec §4). */
export const STATUS_LABELS: Record<BrowserNotificationStatus, string> = {
  unsupported: 'Not Supported',
  default: 'Click to Enable',
  'need-subscribe': 'Need Subscribe',
  enabled: 'Enabled',
  denied: 'Blocked',
};


/** Browser notifications auto-close after 8 s unless persistent (spec §9). */
export const NOTIFICATION_AUTO_CLOSE_MS = 8000;

export const APP_ICON = '/favicon.svg';

export interface StatusInput {
  /** Notification, service worker and push support. */
  supported: boolean;
  permission: NotificationPermission | null;
  /** This device holds a push subscription. */
  subscribed: boolean;
}

/** The five statuses: not supported; default; granted but not subscribed; granted and subscribed; denied. */
export function deriveNotificationStatus({ supported, permission, subscribed }: StatusInput): BrowserNotificationStatus {
  if (!supported || permission === null) return 'unsupported';
  if (permission === 'denied') return 'denied';
  if (permission === 'granted') return subscribed ? 'enabled' : 'need-subscribe';
  return 'default';
}

/** Can this browser show notifications and receive pushes? */
export function notificationsSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

export function currentPermission(): NotificationPermission | null {
  return typeof window !== 'undefined' && 'Notification' in window ? Notification.permission : null;
}

/** Web push keys are URL-safe base64; PushManager wants the raw bytes. */
export function urlBase64ToUint8Array(base64String: string): Uint8Array<ArrayBuffer> {
  const padding = '='.repeat((4 - (base64String.length % 4)) % 4);
  const base64 = (base64String + padding).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return true; // unknown: assume it matches
  const left = new Uint8Array(a);
  return left.length === b.length && left.every((v, i) => v === b[i]);
}

/** The app's service worker registration, if there is one (never waits). */
export async function getRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  try {
    return (await navigator.serviceWorker.getRegistration('/')) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Registers /sw.js when needed and resolves with the active registration. */
export async function ensureRegistration(): Promise<ServiceWorkerRegistration> {
  if (!(await getRegistration())) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** This device's push subscription, or null. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await getRegistration();
  if (!registration || !('pushManager' in registration)) return null;
  try {
    return await registration.pushManager.getSubscription();
  } catch {
    return null;
  }
}

/** Subscribes this device to pushes with the server's VAPID key (re-subscribing if the key changed). */
export async function subscribeToPush(vapidPublicKey: string): Promise<PushSubscription> {
  const registration = await ensureRegistration();
  const key = urlBase64ToUint8Array(vapidPublicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options?.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

export interface ShowOptions {
  body?: string;
  tag?: string;
  /** Where a click takes the user (default '/'). */
  url?: string;
  /** Stays until the user acts (requireInteraction); otherwise closes after 8 s. */
  persistent?: boolean;
}

/**
 * Shows a browser notification when permission is granted: through the service worker when one is active
 * (required on Android), else with `new Notification`. Resolves false when nothing could be shown.
 */
export async function showBrowserNotification(title: string, options: ShowOptions = {}): Promise<boolean> {
  if (currentPermission() !== 'granted') return false;
  const { body, tag, url = '/', persistent = false } = options;
  const init: NotificationOptions = { body, tag, icon: APP_ICON, badge: APP_ICON, requireInteraction: persistent, data: { url } };
  try {
    const registration = await getRegistration();
    if (registration?.active && typeof registration.showNotification === 'function') {
      await registration.showNotification(title, init);
      if (!persistent) {
        setTimeout(() => {
          registration
            .getNotifications(tag ? { tag } : undefined)
            .then((list) => list.forEach((n) => n.close()))
            .catch(() => undefined);
        }, NOTIFICATION_AUTO_CLOSE_MS);
      }
      return true;
    }
    const notification = new Notification(title, init);
    notification.onclick = () => {
      window.focus();
      if (url && url !== window.location.pathname) window.location.assign(url);
      notification.close();
    };
    if (!persistent) setTimeout(() => notification.close(), NOTIFICATION_AUTO_CLOSE_MS);
    return true;
  } catch (error) {
    console.warn('Could not show a notification', error);
    return false;
  }
}
