// Test helpers for the social features: providers with a signed-in user, the toast queue.
import { getToastState } from '../../ui/toast';

export { renderSignedIn, thandi } from '../../test/render';

/** The toast on screen (at most one), as plain strings. */
export function currentToast() {
  const t = getToastState().toasts[0];
  return t ? { title: t.title, description: t.description, variant: t.variant ?? 'default' } : undefined;
}
