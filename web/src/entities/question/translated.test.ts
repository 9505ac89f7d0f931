import { expect, test } from 'vitest';
import { translatedHistoryItem, translatedQuestion, yesNo } from './translated';

const question = {
  text: 'Will it rain',
  context: 'Weather.',
  options: [
    { id: 'yes', text: 'Yes' },
    { id: 'no', text: 'No' },
  ],
  translations: { zu: { text: 'Ngabe lizona', context: null, options: { yes: 'Yebo' }, resolutionCriteria: null } },
};

test('a question in the reader language where translated, its missing parts and other languages in English', () => {
  expect(translatedQuestion(question, 'zu')).toMatchObject({ text: 'Ngabe lizona', context: 'Weather.', options: [{ text: 'Yebo' }, { text: 'No' }] });
  expect(translatedQuestion(question, 'af')).toBe(question);
  expect(translatedQuestion(question, 'en')).toBe(question);
});

test('the resolution criteria in the reader language where the admin translated them, else the English', () => {
  const judged = {
    ...question,
    resolutionCriteria: 'By the weather service.',
    translations: { zu: { ...question.translations.zu, resolutionCriteria: 'Ngokwenkonzo yesimo sezulu.' }, af: { text: 'Sal dit reën', context: null, options: {}, resolutionCriteria: null } },
  };
  expect(translatedQuestion(judged, 'zu').resolutionCriteria).toBe('Ngokwenkonzo yesimo sezulu.');
  expect(translatedQuestion(judged, 'af')).toMatchObject({ text: 'Sal dit reën', resolutionCriteria: 'By the weather service.' });
  expect(translatedQuestion(judged, 'en').resolutionCriteria).toBe('By the weather service.');
  // A shape without criteria (a history line's question) gains none.
  expect(translatedQuestion(question, 'zu')).not.toHaveProperty('resolutionCriteria');
});

test('a profile history line in the reader language where translated, else the English it was answered in', () => {
  const item = { questionText: 'Will it rain', selectedOption: 'Yes', selectedOptionId: 'yes', translations: question.translations };
  expect(translatedHistoryItem(item, 'zu')).toEqual({ questionText: 'Ngabe lizona', selectedOption: 'Yebo' });
  expect(translatedHistoryItem({ ...item, selectedOption: 'No', selectedOptionId: 'no' }, 'zu')).toEqual({ questionText: 'Ngabe lizona', selectedOption: 'No' });
  expect(translatedHistoryItem(item, 'st')).toEqual({ questionText: 'Will it rain', selectedOption: 'Yes' });
  expect(translatedHistoryItem({ ...item, translations: undefined }, 'zu')).toEqual({ questionText: 'Will it rain', selectedOption: 'Yes' });
});

test('plain Yes / No options read in the interface language where the admin gave none', async () => {
  const { setLanguage } = await import('../../i18n');
  await setLanguage('af', { remember: false });
  try {
    const plain = { ...question, translations: undefined };
    expect(translatedQuestion(plain, 'af').options.map((o) => o.text)).toEqual(['Ja', 'Nee']);
    expect(translatedQuestion(question, 'zu').options.map((o) => o.text)).toEqual(['Yebo', 'Nee']);
    expect([yesNo('Yes'), yesNo('NO'), yesNo('Maybe')]).toEqual(['Ja', 'NEE', 'Maybe']);
  } finally {
    await setLanguage('en', { remember: false });
  }
  expect(translatedQuestion({ ...question, translations: undefined }, 'en').options.map((o) => o.text)).toEqual(['Yes', 'No']);
});
