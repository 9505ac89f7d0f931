import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, CardContent, Input, Label, toast, toastError } from '../../ui';
import { apiJson, errorStatus, serverMessage } from '../../lib/api';
import { currentLanguage, useT } from '../../i18n';

/** The gateway's answer: the same for every address (it never tells whether one was subscribed already). */
export interface NewsletterResponse {
  success?: boolean;
  email?: string;
  message?: string;
}

export interface NewsletterInput {
  email: string;
  name?: string;
  source: 'landing';
}

/** Validates the form: the trimmed email is required, the name is optional (omitted when empty). */
export function buildNewsletterPayload(form: { email: string; name: string }): NewsletterInput | null {
  const email = form.email.trim();
  if (!email) return null;
  const name = form.name.trim();
  return name ? { email, name, source: 'landing' } : { email, source: 'landing' };
}

export function NewsletterCard() {
  const t = useT();
  const id = useId();
  const [form, setForm] = useState({ email: '', name: '' });
  const subscribe = useMutation({
    // The page's language goes along: the confirmation mail is written in it.
    mutationFn: (input: NewsletterInput) =>
      apiJson<NewsletterResponse | null>('POST', '/api/newsletter/subscribe', { ...input, language: currentLanguage() }),
    onSuccess: (_res, input) => {
      setForm({ email: '', name: '' });
      // Double opt-in: nothing but the confirmation mail goes out until its link is used. The answer is the same
      // for a new and a known address, so the toast is too, in the reader's language.
      toast({ title: t('letter.checkInbox'), description: t('letter.checkInboxText', { email: input.email }) });
    },
    onError: (error) => {
      const fallback = t('letter.tryLater');
      toastError(errorStatus(error) === 404 ? fallback : serverMessage(error, fallback), t('letter.failed'));
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (subscribe.isPending) return;
    const payload = buildNewsletterPayload(form);
    if (!payload) {
      toastError(t('letter.emailMissing'), t('letter.emailRequired'));
      return;
    }
    subscribe.mutate(payload);
  };

  return (
    // Folded under its title (a disclosure): the landing must stay within about five phone screens.
    <Card className="info-card">
      <details className="info-card__fold">
        <summary className="info-card__summary">
          <h2 className="info-card__title">{t('letter.title')}</h2>
        </summary>
      <CardContent>
        <p className="info-card__text">{t('letter.text')}</p>
        <form className="form form--tight" onSubmit={onSubmit} noValidate>
          <div className="field">
            <Label htmlFor={`${id}-email`}>{t('letter.email')}</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.co.za"
              aria-required="true"
              value={form.email}
              onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
            />
          </div>
          <div className="field">
            <Label htmlFor={`${id}-name`}>
              {t('letter.name')}
              <span className="field__optional"> {t('letter.optional')}</span>
            </Label>
            <Input
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              value={form.name}
              onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
            />
          </div>
          <Button type="submit" variant="secondary" block disabled={subscribe.isPending} aria-busy={subscribe.isPending}>
            {subscribe.isPending ? t('letter.subscribing') : t('letter.subscribe')}
          </Button>
        </form>
      </CardContent>
      </details>
    </Card>
  );
}
