import { createHash } from 'node:crypto';

/** What a published question notification says. */
export interface QuestionNotice {
  questionId: string;
  text: string;
}

export const PUSH_TITLE = 'Mzansi Predicts Question!';
export const EMAIL_SUBJECT = "Today's question on Mzansi Predicts";

/** The question as a sentence: its text with one question mark at the end. */
export function questionSentence(text: string): string {
  const t = text.trim();
  return t.endsWith('?') ? t : `${t}?`;
}

/** The JSON the service worker (/sw.js) shows: title, body, where a click goes, and a tag that collapses repeats. */
export function questionPushPayload(q: QuestionNotice): string {
  return JSON.stringify({
    title: PUSH_TITLE,
    body: questionSentence(q.text),
    url: '/vote',
    questionId: q.questionId,
    tag: `question-${q.questionId}`,
  });
}

export function testPushPayload(): string {
  return JSON.stringify({ title: 'Mzansi Predicts', body: 'Notifications are on. You will hear about each new question.', url: '/', tag: 'test' });
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

export function questionEmail(q: QuestionNotice, to: { name: string }, publicUrl: string) {
  const link = `${publicUrl.replace(/\/+$/, '')}/vote`;
  const sentence = questionSentence(q.text);
  const greeting = to.name.trim() ? `Hi ${to.name.trim()},` : 'Hi,';
  const text = `${greeting}\n\nToday's question on Mzansi Predicts:\n\n${sentence}\n\nMake your prediction: ${link}\n\nYou get this e-mail because e-mail notifications are on in your profile settings.\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p>
<p>Today's question on Mzansi Predicts:</p>
<h2>${escapeHtml(sentence)}</h2>
<p><a href="${escapeHtml(link)}">Make your prediction</a></p>
<p style="color:#666;font-size:12px">You get this e-mail because e-mail notifications are on in your profile settings.</p>
</body></html>`;
  return { subject: EMAIL_SUBJECT, text, html };
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
