import { expect, test } from 'vitest';
import { STATUS_LABELS, deriveNotificationStatus, urlBase64ToUint8Array } from './browserNotifications';

test('the five browser notification statuses (spec §4)', () => {
  const status = (supported: boolean, permission: NotificationPermission | null, subscribed: boolean) =>
    STATUS_LABELS[deriveNotificationStatus({ supported, permission, subscribed })];
  expect(deriveNotificationStatus({ supported: false, permission: 'granted', subscribed: true })).toBe('unsupported');
  expect(deriveNotificationStatus({ supported: true, permission: null, subscribed: false })).toBe('unsupported');
  expect(status(false, null, false)).toBe('Not Supported');
  expect(status(true, 'default', false)).toBe('Click to Enable');
  expect(status(true, 'granted', false)).toBe('Need Subscribe');
  expect(status(true, 'granted', true)).toBe('Enabled');
  expect(status(true, 'denied', false)).toBe('Blocked');
  expect(status(true, 'denied', true)).toBe('Blocked');
});

test('urlBase64ToUint8Array decodes URL-safe base64 without padding', () => {
  expect([...urlBase64ToUint8Array('AQID')]).toEqual([1, 2, 3]);
  expect([...urlBase64ToUint8Array('-_8')]).toEqual([0xfb, 0xff]);
  expect(urlBase64ToUint8Array('BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U')).toHaveLength(65);
});
