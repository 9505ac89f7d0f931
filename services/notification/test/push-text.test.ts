import { describe, expect, it } from 'vitest';
import { noticeTranslations, questionPushPayload, testPushPayload } from '../src/domain/messages.js';
import { PUSH_LANGUAGES, pushLanguage, pushWords } from '../src/domain/push-text.js';

const notice = { questionId: 'q1', text: 'Will it rain in Durban tomorrow', translations: { zu: 'Ingabe lizokuna eThekwini kusasa' } };
const payload = (language: Parameters<typeof questionPushPayload>[1]) => JSON.parse(questionPushPayload(notice, language));

describe('push text in the reader’s language', () => {
  it('English is the spec’s text, verbatim', () => {
    expect(payload('en')).toEqual({ title: 'Mzansi Predicts Question!', body: 'Will it rain in Durban tomorrow?', url: '/vote', questionId: 'q1', tag: 'question-q1' });
    expect(JSON.parse(testPushPayload('en'))).toEqual({
      title: 'Mzansi Predicts',
      body: 'Notifications are on. You will hear about each new question.',
      url: '/',
      tag: 'test',
    });
  });

  it('isiZulu: the isiZulu title and the admin’s isiZulu text of the question', () => {
    expect(payload('zu')).toEqual({ title: 'Umbuzo we-Mzansi Predicts!', body: 'Ingabe lizokuna eThekwini kusasa?', url: '/vote', questionId: 'q1', tag: 'question-q1' });
    expect(JSON.parse(testPushPayload('zu')).body).toBe('Izaziso zivuliwe. Uzokwaziswa ngawo wonke umbuzo omusha.');
  });

  it('Afrikaans and Sesotho without a translation of the question: their title, the English question', () => {
    expect(payload('af')).toMatchObject({ title: 'Mzansi Predicts-vraag!', body: 'Will it rain in Durban tomorrow?' });
    expect(payload('st')).toMatchObject({ title: 'Potso ya Mzansi Predicts!', body: 'Will it rain in Durban tomorrow?' });
    expect(JSON.parse(testPushPayload('af')).body).toBe('Kennisgewings is aan. Jy sal van elke nuwe vraag hoor.');
    expect(JSON.parse(testPushPayload('st')).body).toBe('Ditsebiso di butswe. O tla tsebiswa ka potso e nngwe le e nngwe e ntjha.');
  });

  it('every language has its own words (none copies the English but the brand name)', () => {
    for (const language of PUSH_LANGUAGES.filter((l) => l !== 'en')) {
      expect(pushWords(language).question, language).not.toBe(pushWords('en').question);
      expect(pushWords(language).testBody, language).not.toBe(pushWords('en').testBody);
    }
  });

  it('a language from another service is one of the four, else English', () => {
    expect(PUSH_LANGUAGES.map((l) => pushLanguage(l))).toEqual(['en', 'zu', 'af', 'st']);
    for (const bad of ['', 'fr', 'ZU', 'zu-ZA', undefined, null, 7, {}]) expect(pushLanguage(bad)).toBe('en');
    expect(JSON.parse(questionPushPayload({ questionId: 'q2', text: 'Old job' })).title).toBe('Mzansi Predicts Question!');
  });

  it('keeps only our languages’ non-empty translations of a published question', () => {
    expect(noticeTranslations({ zu: { text: ' Umbuzo ' }, af: { text: '' }, fr: { text: 'Question' }, en: { text: 'x' }, st: { text: 3 } })).toEqual({ zu: 'Umbuzo' });
    expect(noticeTranslations(undefined)).toEqual({});
  });
});
