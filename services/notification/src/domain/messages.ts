import { createHash } from 'node:crypto';
import { mailDate, mailWords } from './mail-text.js';
import { pushLanguage, pushWords, type PushLanguage } from './push-text.js';

/** What a published question notification says: its English text and the admin's translations (zu, af, st). */
export interface QuestionNotice {
  questionId: string;
  text: string;
  /** Language code → the question's text in it; absent (jobs from before) or missing a language: the English. */
  translations?: Record<string, string>;
}

export const PUSH_TITLE = pushWords('en').question;
export const EMAIL_SUBJECT = mailWords('en').question.subject;

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

/**
 * A push's JSON with the notification's id (its event id): the service worker reports it back when the notification
 * is clicked (POST /api/notifications/push-clicks), the only click tracking there is (none in e-mail).
 */
export function withNotificationId(payload: string, id: string): string {
  return JSON.stringify({ ...(JSON.parse(payload) as Record<string, unknown>), id });
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

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const base = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

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

/** The mail layout every mail shares; only the words differ by language. */
const greetingOf = (to: { name: string }, language: PushLanguage) => mailWords(language).greeting(to.name.trim());

/**
 * A new question's mail in one language, as a function of its reader: the language's words and the question's
 * sentence are settled once (per language per job), each reader adds only their name and unsubscribe link.
 */
export function questionMailer(q: QuestionNotice, publicUrl: string, language: PushLanguage = 'en') {
  const link = `${base(publicUrl)}/vote`;
  const sentence = questionSentence(questionText(q, language));
  const { question: w, unsubscribe: unsubscribeWord } = mailWords(language);
  return (to: { name: string }, unsubscribe: UnsubscribeLinks) => {
    const greeting = greetingOf(to, language);
    const text = `${greeting}\n\n${w.intro}\n\n${sentence}\n\n${w.makePrediction}: ${link}\n\n${w.why}\n${unsubscribeWord}: ${unsubscribe.pageUrl}\n`;
    const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(w.intro)}</p>
<h2>${escapeHtml(sentence)}</h2>
<p><a href="${escapeHtml(link)}">${escapeHtml(w.makePrediction)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(w.why)} <a href="${escapeHtml(unsubscribe.pageUrl)}">${escapeHtml(unsubscribeWord)}</a></p>
</body></html>`;
    return { subject: w.subject, text, html, headers: listUnsubscribeHeaders(unsubscribe) };
  };
}

export function questionEmail(q: QuestionNotice, to: { name: string }, publicUrl: string, unsubscribe: UnsubscribeLinks, language: PushLanguage = 'en') {
  return questionMailer(q, publicUrl, language)(to, unsubscribe);
}

export const VERIFY_SUBJECT = mailWords('en').verification.subject;

/** The verification mail: the only mail an unverified address ever gets, and only because its owner typed it. */
export function verificationEmail(to: { name: string }, publicUrl: string, token: string, expiresAt: Date, language: PushLanguage = 'en') {
  const w = mailWords(language).verification;
  const link = `${base(publicUrl)}/verify-email?token=${encodeURIComponent(token)}`;
  const greeting = greetingOf(to, language);
  const valid = w.validUntil(mailDate(expiresAt, language));
  const text = `${greeting}\n\n${w.ask}:\n\n${link}\n\n${valid}\n${w.ignore}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(w.ask)}.</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(w.button)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(valid)} ${escapeHtml(w.ignore)}</p>
</body></html>`;
  return { subject: w.subject, text, html };
}

export const PASSWORD_RESET_SUBJECT = mailWords('en').passwordReset.subject;

/** The password reset mail: only ever to a verified address, naming the account so its owner knows which. */
export function passwordResetEmail(to: { name: string; username: string }, publicUrl: string, token: string, expiresAt: Date, language: PushLanguage = 'en') {
  const w = mailWords(language).passwordReset;
  const link = `${base(publicUrl)}/reset-password?token=${encodeURIComponent(token)}`;
  const greeting = greetingOf(to, language);
  const ask = w.ask(to.username);
  const valid = w.validUntil(mailDate(expiresAt, language));
  const text = `${greeting}\n\n${ask}:\n\n${link}\n\n${valid}\n${w.ignore}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(ask)}.</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(w.button)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(valid)} ${escapeHtml(w.ignore)}</p>
</body></html>`;
  return { subject: w.subject, text, html };
}

export const NEWSLETTER_CONFIRM_SUBJECT = mailWords('en').newsletter.subject;

/** The newsletter's double opt-in mail: nothing else goes to the address until its link is used. */
export function newsletterConfirmationEmail(
  to: { name: string },
  publicUrl: string,
  confirmToken: string,
  unsubscribe: UnsubscribeLinks,
  language: PushLanguage = 'en',
) {
  const { newsletter: w, unsubscribe: unsubscribeWord } = mailWords(language);
  const link = `${base(publicUrl)}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`;
  const greeting = greetingOf(to, language);
  const text = `${greeting}\n\n${w.ask}:\n\n${link}\n\n${w.ignore}\n${unsubscribeWord}: ${unsubscribe.pageUrl}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(w.ask)}.</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(w.button)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(w.ignore)} <a href="${escapeHtml(unsubscribe.pageUrl)}">${escapeHtml(unsubscribeWord)}</a></p>
</body></html>`;
  return { subject: w.subject, text, html, headers: listUnsubscribeHeaders(unsubscribe) };
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
