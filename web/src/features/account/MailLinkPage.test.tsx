import { afterEach, expect, test, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setLanguage } from '../../i18n';
import { json, stubFetch } from '../../test/fixtures';
import { renderSignedIn } from '../friends/testUtils';
import { MailLinkPage } from './MailLinkPage';

afterEach(async () => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  await setLanguage('en', { remember: false });
});

/** Opens the page with a token, presses its button, and gives back what it says it did. */
async function redeem(kind: Parameters<typeof MailLinkPage>[0]['kind'], answer: Record<string, unknown>, button: RegExp) {
  window.history.replaceState(null, '', '/x?token=t0k3n');
  stubFetch(() => json(200, answer));
  renderSignedIn(<MailLinkPage kind={kind} />, { user: null });
  fireEvent.click(screen.getByRole('button', { name: button }));
  return (await screen.findByRole('status')).textContent;
}

test('what happened, in English as the gateway words it', async () => {
  expect(await redeem('verify-email', { success: true, email: 'a@b.co', message: 'a@b.co is verified.' }, /Confirm my e-mail/)).toBe('a@b.co is verified.');
});

test('what happened, in the reader’s language (not the gateway’s English message)', async () => {
  await setLanguage('af', { remember: false });
  const message = 'You are unsubscribed from the newsletter.';
  expect(await redeem('unsubscribe', { success: true, kind: 'newsletter', message }, /^Teken uit$/)).toBe('Jy is van die nuusbrief uitgeteken.');
});
