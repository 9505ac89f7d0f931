import { createHash } from 'node:crypto';
import { pushLanguage, pushWords, type PushLanguage } from './push-text.js';

/** What a published question notification says: its English text and the admin's translations (zu, af, st). */
export interface QuestionNotice {
  questionId: string;
  text: string;
  /** Language code → the question's text in it; absent (jobs from before) or missing a language: the English. */
  translations?: Record<string, string>;
}

export const PUSH_TITLE = pushWords('en').question;
export const EMAIL_SUBJECT = "Today's question on Mzansi Predicts";

/** The question as a sentence: its text with one question mark at the end. */
export function questionSentence(text: string): string {
  const t = text.trim();
  return t.endsWith('?') ? t : `${t}?`;
}

/** The question's text in `language`: the admin's translation, else the English. */
function questionText(q: QuestionNotice, language: PushLanguage): string {
  const translated = language === 'en' ? undefined : q.translations?.[language];
  return typeof translated === 'string' && translated.trim() ? translated : q.text;
}

/**
 * The JSON the service worker (/sw.js) shows: title, body, where a click goes, and a tag that collapses repeats;
 * in the reader's language (push-text.ts; the question's own translation when the admin gave one).
 */
export function questionPushPayload(q: QuestionNotice, language: PushLanguage = 'en'): string {
  return JSON.stringify({
    title: pushWords(language).question,
    body: questionSentence(questionText(q, language)),
    url: '/vote',
    questionId: q.questionId,
    tag: `question-${q.questionId}`,
  });
}

export function testPushPayload(language: PushLanguage = 'en'): string {
  const words = pushWords(language);
  return JSON.stringify({ title: words.testTitle, body: words.testBody, url: '/', tag: 'test' });
}

/** The translations of a published question's text worth keeping for its pushes: ours, non-empty, strings. */
export function noticeTranslations(translations: Record<string, { text?: unknown } | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [code, t] of Object.entries(translations ?? {})) {
    if (code !== 'en' && pushLanguage(code) === code && typeof t?.text === 'string' && t.text.trim()) out[code] = t.text.trim();
  }
  return out;
}

/**
 * The push Topic header (RFC 8030 §5.4, ≤ 32 base64url characters): a push service keeps only the latest
 * undelivered message per topic, so a repeated send for the same question replaces rather than adds.
 */
export function pushTopic(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** Where a mail's unsubscribe links go: the one-click endpoint (RFC 8058) and the page people see. */
export interface UnsubscribeLinks {
  /** POST here unsubscribes at once (List-Unsubscribe); a GET is sent on to the confirmation page. */
  oneClickUrl: string;
  /** The visible link: a page that asks before unsubscribing, no sign-in needed. */
  pageUrl: string;
  /** `mailto:` alternative for mail clients without HTTP one-click; absent when not configured. */
  mailto?: string;
}

export function unsubscribeLinks(publicUrl: string, token: string, mailtoAddress?: string): UnsubscribeLinks {
  const t = encodeURIComponent(token);
  return {
    oneClickUrl: `${base(publicUrl)}/api/unsubscribe?token=${t}`,
    pageUrl: `${base(publicUrl)}/unsubscribe?token=${t}`,
    ...(mailtoAddress ? { mailto: `mailto:${mailtoAddress}?subject=${encodeURIComponent(`unsubscribe ${token}`)}` } : {}),
  };
}

/** RFC 2369 / RFC 8058 headers: mail clients show an unsubscribe button that POSTs `List-Unsubscribe=One-Click`. */
export function listUnsubscribeHeaders(u: UnsubscribeLinks): Record<string, string> {
  return {
    'List-Unsubscribe': [`<${u.oneClickUrl}>`, ...(u.mailto ? [`<${u.mailto}>`] : [])].join(', '),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function questionEmail(q: QuestionNotice, to: { name: string }, publicUrl: string, unsubscribe: UnsubscribeLinks) {
  const link = `${base(publicUrl)}/vote`;
  const sentence = questionSentence(q.text);
  const greeting = to.name.trim() ? `Hi ${to.name.trim()},` : 'Hi,';
  const why = 'You get this e-mail because e-mail notifications are on in your profile settings.';
  const text = `${greeting}\n\nToday's question on Mzansi Predicts:\n\n${sentence}\n\nMake your prediction: ${link}\n\n${why}\nUnsubscribe: ${unsubscribe.pageUrl}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>Today's question on Mzansi Predicts:</p>
<h2>${escapeHtml(sentence)}</h2>
<p><a href="${escapeHtml(link)}">Make your prediction</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe.pageUrl)}">Unsubscribe</a></p>
</body></html>`;
  return { subject: EMAIL_SUBJECT, text, html, headers: listUnsubscribeHeaders(unsubscribe) };
}

export const VERIFY_SUBJECT = 'Confirm your e-mail address for Mzansi Predicts';

/** The verification mail: the only mail an unverified address ever gets, and only because its owner typed it. */
export function verificationEmail(to: { name: string }, publicUrl: string, token: string, expiresAt: Date) {
  const link = `${base(publicUrl)}/verify-email?token=${encodeURIComponent(token)}`;
  const greeting = to.name.trim() ? `Hi ${to.name.trim()},` : 'Hi,';
  const until = expiresAt.toISOString().replace('T', ' ').slice(0, 16);
  const ignore = "If you did not ask for this, ignore this e-mail: nothing more will be sent to this address.";
  const text = `${greeting}\n\nPlease confirm that this is your e-mail address for Mzansi Predicts:\n\n${link}\n\nThe link works once, until ${until} UTC.\n${ignore}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>Please confirm that this is your e-mail address for Mzansi Predicts.</p>
<p><a href="${escapeHtml(link)}">Confirm my e-mail address</a></p>
<p style="color:#666;font-size:12px">The link works once, until ${escapeHtml(until)} UTC. ${escapeHtml(ignore)}</p>
</body></html>`;
  return { subject: VERIFY_SUBJECT, text, html };
}

export const NEWSLETTER_CONFIRM_SUBJECT = 'Confirm your Mzansi Predicts newsletter subscription';

/** The newsletter's double opt-in mail: nothing else goes to the address until its link is used. */
export function newsletterConfirmationEmail(to: { name: string }, publicUrl: string, confirmToken: string, unsubscribe: UnsubscribeLinks) {
  const link = `${base(publicUrl)}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`;
  const greeting = to.name.trim() ? `Hi ${to.name.trim()},` : 'Hi,';
  const ignore = 'If you did not subscribe, ignore this e-mail: you will get nothing more from us.';
  const text = `${greeting}\n\nPlease confirm your subscription to the Mzansi Predicts newsletter:\n\n${link}\n\n${ignore}\nUnsubscribe: ${unsubscribe.pageUrl}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>Please confirm your subscription to the Mzansi Predicts newsletter.</p>
<p><a href="${escapeHtml(link)}">Confirm my subscription</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(ignore)} <a href="${escapeHtml(unsubscribe.pageUrl)}">Unsubscribe</a></p>
</body></html>`;
  return { subject: NEWSLETTER_CONFIRM_SUBJECT, text, html, headers: listUnsubscribeHeaders(unsubscribe) };
}

/** How a delivery attempt ended, from the push service's HTTP status (or a network error: status undefined). */
export type Outcome = 'sent' | 'gone' | 'retry' | 'failed';

export function classifyPushStatus(status: number | undefined): Outcome {
  if (status === undefined) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status === 408 || status >= 500) return 'retry';
  return 'failed';
}

/** Exponential backoff with jitter for attempt n (1-based), capped at 30 s. */
export function backoffMs(attempt: number, baseMs: number): number {
  const raw = Math.min(30_000, baseMs * 2 ** (attempt - 1));
  return Math.round(raw / 2 + Math.random() * (raw / 2));
}
