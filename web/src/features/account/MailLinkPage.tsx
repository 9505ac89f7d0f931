import '../../i18n/later';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../ui';
import { serverMessage } from '../../lib/api';
import { ME_QUERY_KEY } from '../auth/api';
import { PRODUCT_NAME } from '../shell/Brand';
import { MailLinkFrame } from './MailLinkFrame';
import { redeemMailLink, type MailLinkKind } from './api';
import { useT, type MessageKey } from '../../i18n';

/** Each page's words (catalogue keys; English "Confirm your e-mail address"…). */
const COPY: Record<MailLinkKind, { title: MessageKey; description: MessageKey; action: MessageKey; busy: MessageKey }> = {
  'verify-email': {
    title: 'account.mailVerifyTitle',
    description: 'account.mailVerifyText',
    action: 'account.mailVerifyAction',
    busy: 'account.mailConfirming',
  },
  unsubscribe: {
    title: 'account.mailUnsubscribe',
    description: 'account.mailUnsubscribeText',
    action: 'account.mailUnsubscribe',
    busy: 'account.mailUnsubscribing',
  },
  'newsletter-confirm': {
    title: 'account.mailNewsletterTitle',
    description: 'account.mailNewsletterText',
    action: 'account.mailNewsletterAction',
    busy: 'account.mailConfirming',
  },
};

/** What the gateway says it did (its `message`, English), in the reader's language. */
function doneText(t: ReturnType<typeof useT>, kind: MailLinkKind, data: { email?: string; kind?: string }): string {
  const email = data.email ?? '';
  if (kind === 'verify-email') return t('account.mailVerified', { email });
  if (kind === 'newsletter-confirm') return t('account.mailSubscribed', { email });
  return t(data.kind === 'newsletter' ? 'account.mailUnsubscribedNewsletter' : 'account.mailUnsubscribedNotifications');
}

/**
 * /verify-email, /unsubscribe and /newsletter/confirm: the pages our mails link to, signed in or not. Nothing happens
 * on load, only when the button is pressed: mail scanners that open every link must not use up a single-use link
 * or unsubscribe someone.
 */
export function MailLinkPage({ kind }: { kind: MailLinkKind }) {
  const t = useT();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const queryClient = useQueryClient();
  const copy = COPY[kind];
  const redeem = useMutation({
    mutationFn: () => redeemMailLink(kind, token),
    // A signed-in user sees the new state (verified, e-mails off) at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
  return (
    <MailLinkFrame title={t(copy.title)} description={t(copy.description)}>
      {!token ? (
        <p role="alert" className="mail-link__error">
          {t('account.mailIncomplete')}
        </p>
      ) : redeem.isSuccess ? (
        <p role="status" className="mail-link__done">
          {doneText(t, kind, redeem.data)}
        </p>
      ) : (
        <>
          {redeem.isError && (
            <p role="alert" className="mail-link__error">
              {serverMessage(redeem.error, t('account.mailFailed'))}
            </p>
          )}
          <Button block disabled={redeem.isPending} aria-busy={redeem.isPending} onClick={() => redeem.mutate()}>
            {redeem.isPending ? t(copy.busy) : t(copy.action)}
          </Button>
        </>
      )}
      <a className="btn btn--outline btn--md btn--block" href="/">
        {t('account.mailHome', { name: PRODUCT_NAME })}
      </a>
    </MailLinkFrame>
  );
}
