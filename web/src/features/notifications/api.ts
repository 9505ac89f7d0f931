// Notification calls (spec §7; docs/api.md). The notification routes may 404 until the gateway serves them.
import { apiJson } from '../../lib/api';
import { isUser } from '../auth/session';
import { useSetUser } from '../auth/useSession';
import type { User } from '../auth/types';

export interface NotificationPrefs {
  emailNotifications?: boolean;
  browserNotifications?: boolean;
  whatsappNotifications?: boolean;
}

export interface ProfileSettingsInput {
  email: string;
  phoneNumber: string;
  emailNotifications: boolean;
  whatsappNotifications: boolean;
}

/** The browser's PushSubscription as JSON. */
export interface PushSubscriptionBody {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export interface TestAlertResponse {
  success: boolean;
  message: string;
}

/** PUT /api/users/{id}/notifications → the updated User. */
export const updateNotificationPrefs = (userId: string, prefs: NotificationPrefs) =>
  apiJson<User>('PUT', `/api/users/${encodeURIComponent(userId)}/notifications`, prefs);

/** PATCH /api/users/{id} → the updated User. */
export const updateProfileSettings = (userId: string, input: ProfileSettingsInput) =>
  apiJson<User>('PATCH', `/api/users/${encodeURIComponent(userId)}`, input);

export const fetchVapidPublicKey = async (): Promise<string> => {
  const body = await apiJson<{ publicKey?: unknown }>('GET', '/api/notifications/vapid-public-key');
  if (!body || typeof body.publicKey !== 'string' || !body.publicKey) throw new Error('No VAPID public key');
  return body.publicKey;
};

export const sendPushSubscription = (subscription: PushSubscriptionBody) =>
  apiJson<unknown>('POST', '/api/notifications/subscribe', subscription);

export const sendPushUnsubscribe = (endpoint: string) =>
  apiJson<unknown>('POST', '/api/notifications/unsubscribe', { endpoint });

export const sendTestAlert = () => apiJson<TestAlertResponse>('POST', '/api/notifications/test', { test: true });

/**
 * Records the User a settings call returned as the session user (local storage + the /api/auth/me cache),
 * so the UI and /api/auth/me agree. A malformed answer leaves the session alone.
 */
export function useStoreUpdatedUser(): (user: unknown) => void {
  const setUser = useSetUser();
  return (user) => {
    if (isUser(user)) void setUser(user);
  };
}
