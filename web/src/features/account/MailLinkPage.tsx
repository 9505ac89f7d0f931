import '../../i18n/later';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui';
import { serverMessage } from '../../lib/api';
import { ME_QUERY_KEY } from '../auth/api';
import { BrandMark, FlagStripe, PRODUCT_NAME } from '../shell/Brand';
import { redeemMailLink, type MailLinkKind } from './api';
import './account-settings.css';

const COPY: Record<MailLinkKind, { title: string; description: string; action: string; busy: string }> = {
  'verify-email': {
    title: 'Confirm your e-mail address',
    description: 'Press the button to confirm that this address is yours. Until then we send it nothing.',
    action: 'Confirm my e-mail address',
    busy: 'Confirming...',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    description: 'Stop the e-mails this link came with. You do not need to sign in.',
    action: 'Unsubscribe',
    busy: 'Unsubscribing...',
  },
  'newsletter-confirm': {
    title: 'Confirm your newsletter subscription',
    description: 'Press the button to start getting the Mzansi Predicts newsletter at this address.',
    action: 'Confirm my subscription',
    busy: 'Confirming...',
  },
};

/**
 * /verify-email, /unsubscribe and /newsletter/confirm: the pages our mails link to, signed in or not. Nothing happens
 * on load, only when the button is pressed: mail scanners that open every link must not use up a single-use link
 * or unsubscribe someone.
 */
export function MailLinkPage({ kind }: { kind: MailLinkKind }) {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const queryClient = useQueryClient();
  const copy = COPY[kind];
  const redeem = useMutation({
    mutationFn: () => redeemMailLink(kind, token),
    // A signed-in user sees the new state (verified, e-mails off) at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
  return (
    <main className="mail-link">
      <FlagStripe />
      <p className="brand mail-link__brand">
        <BrandMark />
        <span className="brand__title">{PRODUCT_NAME}</span>
      </p>
      <Card className="mail-link__card">
        <CardHeader>
          <CardTitle>{copy.title}</CardTitle>
          <CardDescription>{copy.description}</CardDescription>
        </CardHeader>
        <CardContent className="stack">
          {!token ? (
            <p role="alert" className="mail-link__error">
              This link is incomplete. Please open it again from the e-mail.
            </p>
          ) : redeem.isSuccess ? (
            <p role="status" className="mail-link__done">
              {redeem.data.message}
            </p>
          ) : (
            <>
              {redeem.isError && (
                <p role="alert" className="mail-link__error">
                  {serverMessage(redeem.error, 'That did not work. Please try again.')}
                </p>
              )}
              <Button block disabled={redeem.isPending} aria-busy={redeem.isPending} onClick={() => redeem.mutate()}>
                {redeem.isPending ? copy.busy : copy.action}
              </Button>
            </>
          )}
          <a className="btn btn--outline btn--md btn--block" href="/">
            Go to Mzansi Predicts
          </a>
        </CardContent>
      </Card>
    </main>
  );
}
