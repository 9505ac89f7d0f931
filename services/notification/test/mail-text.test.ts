import { describe, expect, it } from 'vitest';
import { mailDate, mailWords } from '../src/domain/mail-text.js';
import {
  EMAIL_SUBJECT,
  NEWSLETTER_CONFIRM_SUBJECT,
  newsletterConfirmationEmail,
  questionEmail,
  questionMailer,
  unsubscribeLinks,
  verificationEmail,
  VERIFY_SUBJECT,
} from '../src/domain/messages.js';
import { PUSH_LANGUAGES } from '../src/domain/push-text.js';

const url = 'https://mzansi.test';
const notice = { questionId: 'q1', text: 'Will it rain in Durban tomorrow', translations: { zu: 'Ingabe lizokuna eThekwini kusasa' } };
const links = unsubscribeLinks(url, 'tok');
const expires = new Date('2026-03-05T14:30:00Z');

describe('mails in the reader’s language', () => {
  it('English: the words the mails always had, the layout and links unchanged', () => {
    expect(EMAIL_SUBJECT).toBe("Today's question on Mzansi Predicts");
    expect(VERIFY_SUBJECT).toBe('Confirm your e-mail address for Mzansi Predicts');
    expect(NEWSLETTER_CONFIRM_SUBJECT).toBe('Confirm your Mzansi Predicts newsletter subscription');
    const q = questionEmail(notice, { name: ' Thandi ' }, url, links);
    expect(q.subject).toBe(EMAIL_SUBJECT);
    expect(q.text).toBe(
      "Hi Thandi,\n\nToday's question on Mzansi Predicts:\n\nWill it rain in Durban tomorrow?\n\nMake your prediction: https://mzansi.test/vote\n\n" +
        'You get this e-mail because e-mail notifications are on in your profile settings.\nUnsubscribe: https://mzansi.test/unsubscribe?token=tok\n',
    );
    expect(q.html).toContain('<p><a href="https://mzansi.test/vote">Make your prediction</a></p>');
    expect(q.headers['List-Unsubscribe']).toBe('<https://mzansi.test/api/unsubscribe?token=tok>');
    const v = verificationEmail({ name: '' }, url, 'abc', expires);
    expect(v.text).toBe(
      'Hi,\n\nPlease confirm that this is your e-mail address for Mzansi Predicts:\n\nhttps://mzansi.test/verify-email?token=abc\n\n' +
        'The link works once, until 05 March 2026 at 14:30 UTC.\nIf you did not ask for this, ignore this e-mail: nothing more will be sent to this address.\n',
    );
    expect(v.html).toContain('>Confirm my e-mail address</a>');
    const n = newsletterConfirmationEmail({ name: 'Ayanda' }, url, 'c', links);
    expect(n.text).toBe(
      'Hi Ayanda,\n\nPlease confirm your subscription to the Mzansi Predicts newsletter:\n\nhttps://mzansi.test/newsletter/confirm?token=c\n\n' +
        'If you did not subscribe, ignore this e-mail: you will get nothing more from us.\nUnsubscribe: https://mzansi.test/unsubscribe?token=tok\n',
    );
  });

  it('isiZulu: isiZulu words, the admin’s isiZulu text of the question, the same links', () => {
    const q = questionEmail(notice, { name: 'Sipho' }, url, links, 'zu');
    expect(q.subject).toBe('Umbuzo wanamuhla ku-Mzansi Predicts');
    expect(q.text).toContain('Sawubona Sipho,');
    expect(q.text).toContain('Ingabe lizokuna eThekwini kusasa?');
    expect(q.text).toContain('Yenza isibikezelo sakho: https://mzansi.test/vote');
    expect(q.text).toContain('Yeka ukubhalisa: https://mzansi.test/unsubscribe?token=tok');
    expect(q.html).toContain('<a href="https://mzansi.test/unsubscribe?token=tok">Yeka ukubhalisa</a>');
    expect(q.text).not.toContain('Will it rain');
    const v = verificationEmail({ name: 'Sipho' }, url, 'abc', expires, 'zu');
    expect(v.subject).toBe('Qinisekisa ikheli lakho le-imeyili le-Mzansi Predicts');
    expect(v.text).toContain(`kuze kube ngu-${mailDate(expires, 'zu')} UTC.`);
    expect(v.text).toContain('https://mzansi.test/verify-email?token=abc');
  });

  it('Afrikaans and Sesotho: their words; the English question where the admin gave no translation', () => {
    const af = questionEmail(notice, { name: '' }, url, links, 'af');
    expect(af.subject).toBe('Vandag se vraag op Mzansi Predicts');
    expect(af.text).toMatch(/^Hallo,\n/);
    expect(af.text).toContain('Will it rain in Durban tomorrow?');
    expect(newsletterConfirmationEmail({ name: '' }, url, 'c', links, 'af').subject).toBe('Bevestig jou intekening op die Mzansi Predicts-nuusbrief');
    const st = newsletterConfirmationEmail({ name: 'Lerato' }, url, 'c', links, 'st');
    expect(st.subject).toBe('Netefatsa ho ngolisa ha hao koranteng ya Mzansi Predicts');
    expect(st.text).toContain('Dumela Lerato,');
    expect(st.text).toContain('https://mzansi.test/newsletter/confirm?token=c');
    expect(verificationEmail({ name: '' }, url, 'abc', expires, 'af').text).toContain('Die skakel werk een keer, tot 05 Maart 2026 om 14:30 UTC');
  });

  it('every language has its own words for every mail (none copies the English)', () => {
    const en = mailWords('en');
    for (const language of PUSH_LANGUAGES.filter((l) => l !== 'en')) {
      const w = mailWords(language);
      for (const part of ['question', 'verification', 'newsletter'] as const) {
        for (const [key, value] of Object.entries(w[part])) {
          if (typeof value === 'string') expect(value, `${language} ${part}.${key}`).not.toBe((en[part] as Record<string, unknown>)[key]);
        }
      }
      expect(w.greeting('X'), language).not.toBe(en.greeting('X'));
      expect(w.unsubscribe, language).not.toBe(en.unsubscribe);
    }
  });

  it('one mailer per language serves every reader: only the name and the unsubscribe link differ', () => {
    const zu = questionMailer(notice, url, 'zu');
    const a = zu({ name: 'A' }, unsubscribeLinks(url, 'TOKEN_A'));
    const b = zu({ name: 'B' }, unsubscribeLinks(url, 'TOKEN_B'));
    expect(a.subject).toBe(b.subject);
    expect(a.text.replace('Sawubona A,', '').replaceAll('TOKEN_A', 'TOKEN_B')).toBe(b.text.replace('Sawubona B,', ''));
  });

  it('dates by Intl for the language’s -ZA locale, in UTC', () => {
    expect(mailDate(expires, 'en')).toBe('05 March 2026 at 14:30');
    expect(mailDate(expires, 'af')).toBe(new Intl.DateTimeFormat('af-ZA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(expires));
    expect(mailDate(expires, 'zu')).toContain('2026');
    expect(mailDate(expires, 'st')).toContain('14:30');
  });
});
