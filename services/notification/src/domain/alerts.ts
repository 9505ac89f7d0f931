import { alertKindOf, type AlertKind } from '@mzansi/api';
import { alertWords, answerWord, personalSentence, resolutionLine, type PersonalAlert } from './alert-text.js';
import { mailWords } from './mail-text.js';
import { base, escapeHtml, listUnsubscribeHeaders, pushTopic, questionMailer, questionPushPayload, questionSentence, type QuestionNotice, type UnsubscribeLinks } from './messages.js';
import type { PushLanguage } from './push-text.js';

/**
 * A resolution's alert: the question as published (with its translations), the right answer, and the source it names
 * with the resolution's time (ISO; both absent for resolutions from before sources, and in jobs queued before them).
 */
export interface ResolvedNotice extends QuestionNotice {
  correctOptionId: string;
  sourceTitle?: string;
  resolvedAt?: string;
}

/** A corrected resolution's alert, for these players who had answered (one job per voting.resolution.corrected). */
export interface CorrectedNotice extends ResolvedNotice {
  userIds: string[];
}

/** An inbox item's alert for its one person; `actorId` is who caused it (erasing them drops the job). */
export type PersonalNotice = PersonalAlert & { userId: string; actorId?: string; commentId?: string };

export type AlertJob =
  | { kind: 'question-published'; payload: QuestionNotice }
  | { kind: 'question-resolved'; payload: ResolvedNotice }
  | { kind: 'resolution-corrected'; payload: CorrectedNotice }
  | { kind: 'inbox-item'; payload: PersonalNotice };

export interface Mail {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}
export type Mailer = (to: { name: string }, unsubscribe: UnsubscribeLinks) => Mail;

/** What one alert job sends: who may get it, its push Topic, and its push and mail in a language (settled once each). */
export interface AlertMessages {
  audience: { kind: AlertKind; userId?: string; userIds?: string[] };
  topic: string;
  push(language: PushLanguage): string;
  mailer(language: PushLanguage): Mailer;
}


function textIn(q: QuestionNotice, language: PushLanguage): string {
  const translated = language === 'en' ? undefined : q.translations?.[language];
  return questionSentence(typeof translated === 'string' && translated.trim() ? translated : q.text);
}

/** The question and its resolution: "Will …? Resolved YES — IEC results, 30 May" (or "The answer: Yes" without a source). */
function resolutionSentence(q: ResolvedNotice & { corrected?: boolean }, language: PushLanguage): string {
  const question = textIn(q, language);
  const line = resolutionLine(q, language);
  return line ? `${question} ${line}` : alertWords(language).answer(question, answerWord(q.correctOptionId, language));
}

/** A short alert mail: the sentence, a link, why it came and the unsubscribe link. */
function alertMail(subject: string, sentence: string, link: string, language: PushLanguage): Mailer {
  const w = alertWords(language);
  const { unsubscribe: unsubscribeWord, greeting } = mailWords(language);
  return (to, unsubscribe) => {
    const hi = greeting(to.name.trim());
    const text = `${hi}\n\n${sentence}\n\n${w.openInbox}: ${link}\n\n${w.why}\n${unsubscribeWord}: ${unsubscribe.pageUrl}\n`;
    const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(hi)}</p>
<p>${escapeHtml(sentence)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(w.openInbox)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(w.why)} <a href="${escapeHtml(unsubscribe.pageUrl)}">${escapeHtml(unsubscribeWord)}</a></p>
</body></html>`;
    return { subject, text, html, headers: listUnsubscribeHeaders(unsubscribe) };
  };
}

/** The messages of one alert job, in the reader's language, for the service worker (/sw.js) and the mailer. */
export function alertMessages(job: AlertJob & { eventId: string }, publicUrl: string): AlertMessages {
  const inbox = `${base(publicUrl)}/inbox`;
  switch (job.kind) {
    case 'question-published': {
      const q = job.payload;
      return {
        audience: { kind: 'question-published' },
        topic: pushTopic(`question-${q.questionId}`),
        push: (language) => questionPushPayload(q, language),
        mailer: (language) => questionMailer(q, publicUrl, language),
      };
    }
    case 'question-resolved': {
      const q = job.payload;
      const sentence = (language: PushLanguage) => resolutionSentence(q, language);
      return {
        audience: { kind: 'question-resolved' },
        topic: pushTopic(`resolved-${q.questionId}`),
        push: (language) =>
          JSON.stringify({ title: alertWords(language).resolvedTitle, body: sentence(language), url: '/inbox', questionId: q.questionId, tag: `resolved-${q.questionId}` }),
        mailer: (language) => alertMail(alertWords(language).resolvedTitle, sentence(language), inbox, language),
      };
    }
    case 'resolution-corrected': {
      const q = job.payload;
      const sentence = (language: PushLanguage) => resolutionSentence({ ...q, corrected: true }, language);
      const tag = `corrected-${q.questionId}`;
      return {
        audience: { kind: 'question-resolved', userIds: q.userIds },
        topic: pushTopic(tag),
        push: (language) => JSON.stringify({ title: alertWords(language).correctedTitle, body: sentence(language), url: '/inbox', questionId: q.questionId, tag }),
        mailer: (language) => alertMail(alertWords(language).correctedTitle, sentence(language), inbox, language),
      };
    }
    case 'inbox-item': {
      const a = job.payload;
      // Agrees on one comment replace each other at the push service and on the device: one alert, the latest count.
      const tag = a.kind === 'comment-agreed' && a.commentId ? `agree-${a.commentId}` : `inbox-${job.eventId}`;
      return {
        audience: { kind: alertKindOf(a.kind), userId: a.userId },
        topic: pushTopic(tag),
        push: (language) => JSON.stringify({ title: alertWords(language).title, body: personalSentence(a, language), url: '/inbox', tag }),
        mailer: (language) => alertMail(personalSentence(a, language), personalSentence(a, language), inbox, language),
      };
    }
  }
}
