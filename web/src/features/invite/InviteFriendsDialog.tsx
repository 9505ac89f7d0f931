import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../lib/api';
import { Button, Dialog, Input, Label, toast, toastError } from '../../ui';
import { useUser } from '../auth/useSession';
import { useAddFriend } from '../friends/api';
import { SHARE_WINDOW_FEATURES, shareUrl } from '../share/shareText';
import './invite.css';
import { useT } from '../../i18n';

/** PRODUCT.md "Name and voice": the fixed invite text. */
export const INVITE_TEXT =
  "Join me on Mzansi Predicts, South Africa's daily political prediction game! One question a day — can you call it?";

/** Invite Friends dialog (spec §2): WhatsApp / Twitter invites and add-by-username. */
export function InviteFriendsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('results.invite')}
      description={t('friends.inviteText')}
      className="invite-dialog"
    >
      <InviteBody onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function InviteBody({ onClose }: { onClose: () => void }) {
  const t = useT();
  const user = useUser();
  const [username, setUsername] = useState('');
  const add = useAddFriend(user?.id ?? '');
  const origin = window.location.origin;

  const share = (platform: 'whatsapp' | 'twitter') => {
    window.open(shareUrl(platform, INVITE_TEXT, origin), '_blank', SHARE_WINDOW_FEATURES);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const friendUsername = username.trim();
    if (!friendUsername) {
      toastError(t('friends.inviteEnterUsername'));
      return;
    }
    if (!user) return;
    add.mutate(
      { friendUsername },
      {
        onSuccess: (result) => {
          setUsername('');
          toast({ title: t('friends.inviteSuccess'), description: t(result?.becameFriends === undefined ? 'friends.inviteAdded' : result.becameFriends ? 'friends.nowFriends' : 'friends.requestSent') });
        },
        onError: (error) => toastError(serverMessage(error, t('friends.inviteFailed'))),
      },
    );
  };

  return (
    <div className="invite">
      <div className="invite__share">
        <Button className="invite__btn invite__btn--whatsapp" block onClick={() => share('whatsapp')}>
          <WhatsAppIcon />
          {t('friends.inviteWhatsApp')}
        </Button>
        <Button className="invite__btn invite__btn--twitter" block onClick={() => share('twitter')}>
          <XIcon />
          {t('friends.inviteTwitter')}
        </Button>
      </div>
      <div className="invite__divider" role="presentation">
        <span>{t('friends.inviteOr')}</span>
      </div>
      <form className="invite__form" onSubmit={onSubmit} aria-label={t('friends.inviteForm')}>
        <Label htmlFor="invite-username" className="visually-hidden">
          {t('friends.inviteUsername')}
        </Label>
        <Input
          id="invite-username"
          placeholder={t('friends.invitePlaceholder')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <Button type="submit" className="invite__send" aria-label={t('friends.inviteSend')} disabled={add.isPending}>
          <SendIcon />
        </Button>
      </form>
      <div className="dialog-actions">
        <Button variant="outline" block onClick={onClose}>
          {t('friends.inviteClose')}
        </Button>
      </div>
    </div>
  );
}

const svgProps = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
} as const;

function WhatsAppIcon() {
  return (
    <svg {...svgProps} fill="currentColor">
      <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.4.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
    </svg>
  );
}

function XIcon() {
  return (
    <svg {...svgProps} fill="currentColor">
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
    </svg>
  );
}

function SendIcon() {
  return (
    <svg {...svgProps} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7Z" />
    </svg>
  );
}
