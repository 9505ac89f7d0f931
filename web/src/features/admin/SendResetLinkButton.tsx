import { useMutation } from '@tanstack/react-query';
import { apiJson, serverMessage } from '../../lib/api';
import { Button, toast, toastError } from '../../ui';
import { useT } from '../../i18n';
import '../../i18n/later';
import './send-reset-link.css';

/** The Users tab's "Send password reset link" for one user with a verified address (audited by identity). */
export function SendResetLinkButton({ user }: { user: { id: string; username: string } }) {
  const t = useT();
  const send = useMutation({
    mutationFn: () => apiJson<{ email: string }>('POST', `/api/admin/users/${encodeURIComponent(user.id)}/password-reset`),
    onSuccess: ({ email }) => toast({ title: t('admin.usResetSent', { email }) }),
    onError: (error) => toastError(serverMessage(error, t('admin.usResetFailed')), t('admin.usResetFailed')),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      className="user-row__reset"
      aria-label={t('admin.usSendResetLabel', { username: user.username })}
      disabled={send.isPending}
      aria-busy={send.isPending}
      onClick={() => send.mutate()}
    >
      {t('admin.usSendReset')}
    </Button>
  );
}
