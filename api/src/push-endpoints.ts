/**
 * Which push endpoints the app will store and post to: the gateway checks them at the edge, and the notification
 * service checks them again on subscribe and before every delivery (it trusts no caller). A browser's push
 * subscription names its vendor's push service; anything else (an internal address, a metadata service, another
 * port) would let a user make the service post wherever they like.
 */

/** The browsers' push services: Chrome and Chromium-based Edge (FCM), Firefox, Safari, Windows (WNS). */
export const DEFAULT_PUSH_HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', '*.notify.windows.com'];

export interface PushEndpointPolicy {
  /** Host names, or `*.domain` for any subdomain of domain (not domain itself). */
  allowedHosts: readonly string[];
  /** Development and tests only: the origin of one local fake push service (`http://127.0.0.1:PORT`), taken as it is. */
  devOrigin?: string;
}

export const PUSH_ENDPOINT_INVALID = 'Push subscription endpoint must be an https URL of a known push service';

/** An allow-list entry: a host name, or `*.` and a domain of at least two labels. */
export const PUSH_HOST_PATTERN = /^(\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** `a.example,*.b.example` → its entries, trimmed and lower-cased; undefined when one is not a host pattern. */
export function parsePushHosts(list: string): string[] | undefined {
  const hosts = list
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length > 0 && hosts.every((h) => PUSH_HOST_PATTERN.test(h)) ? hosts : undefined;
}

export function pushHostAllowed(hostname: string, allowedHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return allowedHosts.some((pattern) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern));
}

/** The origin of a URL, or undefined when it is none. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether an endpoint may be stored and posted to: `https:` on port 443, no user name or password, its parsed host
 * on the allow-list; or exactly the configured development origin. Says nothing of where the host's name points:
 * the delivery checks the address it connects to.
 */
export function pushEndpointAllowed(endpoint: string, policy: PushEndpointPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (policy.devOrigin && url.origin === originOf(policy.devOrigin)) return true;
  return url.protocol === 'https:' && url.port === '' && pushHostAllowed(url.hostname, policy.allowedHosts);
}
