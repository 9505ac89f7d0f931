/**
 * A push subscription's endpoint is a capability: whoever holds it can push to that browser. The export names only
 * the push service it points at (e.g. fcm.googleapis.com), which is enough to recognise the device's browser.
 */
export function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}
