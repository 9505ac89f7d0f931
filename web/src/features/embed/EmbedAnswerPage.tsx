import '../../i18n/later';
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AnswerRecorded, EmbedToken, PublicQuestionDetail } from '@mzansi/api';
import { Button, Spinner } from '../../ui';
import { apiJson, serverMessage } from '../../lib/api';
import { useSession } from '../auth/useSession';
import { useOpenAuthDialog } from '../auth/authDialogState';
import { MailLinkFrame } from '../account/MailLinkFrame';
import { questionWithMark } from '../../entities/question/results';
import { useLanguage, useT } from '../../i18n';
import { EMBED_TOKEN_MESSAGE } from './embedMessage';
import './embed-answer.css';

/**
 * /embed/answer/{id}?option=yes: the first-party popup an embed opens when its reader taps YES or NO (a cross-site
 * frame never gets the session cookie). The reader signs in or up here if needed and confirms; the answer is cast
 * with this site's session, and the frame that opened the popup gets a short-lived token for this question only
 * (postMessage to this site's own origin), with which it shows the reader's answer and the results.
 */
export function EmbedAnswerPage() {
  const t = useT();
  const language = useLanguage();
  const { user, status } = useSession();
  const openAuth = useOpenAuthDialog();
  const id = window.location.pathname.split('/')[3] ?? '';
  const [chosen, setChosen] = useState(() => new URLSearchParams(window.location.search).get('option') ?? '');
  const question = useQuery({
    queryKey: ['/api/public/v1/questions', id, language],
    queryFn: () => apiJson<PublicQuestionDetail>('GET', `/api/public/v1/questions/${encodeURIComponent(id)}?lang=${language}`),
    retry: false,
  });
  const send = useMutation({
    mutationFn: async () => {
      const recorded = await apiJson<AnswerRecorded>('POST', '/api/answers', { userId: user?.id, questionId: id, optionId: chosen });
      const { token } = await apiJson<EmbedToken>('POST', '/api/embed/tokens', { questionId: id });
      window.opener?.postMessage({ type: EMBED_TOKEN_MESSAGE, questionId: id, token }, window.location.origin);
      return recorded;
    },
  });

  const q = question.data;
  if (question.isPending) return <Spinner label={t('embed.popupLoading')} />;
  if (!q) return <MailLinkFrame title={t('embed.popupTitle')} description={t('embed.popupNotFound')}>{null}</MailLinkFrame>;
  const optionText = (optionId: string) => (q.options.find((o) => o.id === optionId)?.text ?? optionId).toUpperCase();
  const close = <Button onClick={() => window.close()}>{t('embed.popupClose')}</Button>;

  if (send.data) {
    const already = send.data.optionId !== chosen;
    return (
      <MailLinkFrame title={questionWithMark(q.text)} description={already ? t('embed.popupAlready', { option: optionText(send.data.optionId) }) : t('embed.popupDone')}>
        {close}
      </MailLinkFrame>
    );
  }
  if (q.status !== 'open') return <MailLinkFrame title={questionWithMark(q.text)} description={t('vote.closedPlain')}>{close}</MailLinkFrame>;
  if (!user) {
    return (
      <MailLinkFrame title={questionWithMark(q.text)} description={t('embed.popupSignIn')}>
        {status === 'checking' ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <div className="embed-answer__actions">
            <Button onClick={() => openAuth('login', { stay: true })}>{t('landing.login')}</Button>
            <Button variant="outline" onClick={() => openAuth('signup', { stay: true })}>
              {t('landing.ctaButton')}
            </Button>
          </div>
        )}
      </MailLinkFrame>
    );
  }
  const known = q.options.some((o) => o.id === chosen);
  return (
    <MailLinkFrame title={questionWithMark(q.text)} description={known ? t('embed.popupConfirmText', { option: optionText(chosen) }) : t('embed.choose')}>
      <div className="embed-answer__actions" role="radiogroup" aria-label={t('embed.choose')}>
        {q.options.map((o) => (
          <Button key={o.id} role="radio" aria-checked={o.id === chosen} variant={o.id === chosen ? 'primary' : 'outline'} onClick={() => setChosen(o.id)}>
            {o.text.toUpperCase()}
          </Button>
        ))}
      </div>
      {send.isError && (
        <p className="form-error" role="alert">
          {serverMessage(send.error, t('embed.popupFailed'))}
        </p>
      )}
      <Button disabled={!known || send.isPending} onClick={() => send.mutate()}>
        {t('embed.popupConfirm', { option: known ? optionText(chosen) : '' })}
      </Button>
    </MailLinkFrame>
  );
}
