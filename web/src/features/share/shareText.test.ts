import { describe, expect, test } from 'vitest';
import {
  neutralResultShareText,
  resultShareText,
  shareUrl,
  voteShareText,
  yesNoForOption,
  yesNoOf,
  yesNoShares,
} from './shareText';

const Q = 'Will load-shedding end before winter';

describe('vote text', () => {
  test('YES and NO, question mark added once', () => {
    expect(voteShareText(Q, 'YES')).toBe(
      "I just voted YES on: Will load-shedding end before winter? What's your prediction? 🇿🇦 #MzansiPredicts #SouthAfrica #DailyVote",
    );
    expect(voteShareText(`${Q}?`, 'NO')).toBe(
      "I just voted NO on: Will load-shedding end before winter? What's your prediction? 🇿🇦 #MzansiPredicts #SouthAfrica #DailyVote",
    );
  });
});

describe('result text', () => {
  test('no mark before the question resolves, whatever the shares', () => {
    expect(resultShareText(Q, 'YES', 62.4, 37.6)).toBe(
      'I predicted Will load-shedding end before winter would be YES! YES 62% NO 38% 🇿🇦 #MzansiPredicts #SouthAfrica #DailyVote',
    );
    expect(resultShareText(Q, 'NO', 62, 38)).not.toMatch(/✅|❌/);
  });
  test('✅ once resolved and correct, ❌ once resolved and wrong (with the minority or not)', () => {
    expect(resultShareText(Q, 'NO', 62, 38, true)).toBe(
      'I predicted Will load-shedding end before winter would be NO! YES 62% NO 38% ✅ 🇿🇦 #MzansiPredicts #SouthAfrica #DailyVote',
    );
    expect(resultShareText(Q, 'YES', 62, 38, false)).toContain('YES 62% NO 38% ❌ 🇿🇦');
  });
  test('a trailing question mark is not repeated inside the sentence', () => {
    expect(resultShareText(`${Q}?`, 'YES', 60, 40)).toMatch(/^I predicted Will load-shedding end before winter would be YES!/);
  });
});

test('neutral text for a card without the user answer', () => {
  expect(neutralResultShareText(Q, 66.67, 33.33)).toBe(
    'Will load-shedding end before winter? YES 67% / NO 33% 🇿🇦 #MzansiPredicts #SouthAfrica #DailyVote',
  );
  expect(neutralResultShareText(Q, 0, 0)).toContain('YES 0% / NO 0%');
});

test('option ids map to YES/NO', () => {
  expect(yesNoOf('yes')).toBe('YES');
  expect(yesNoOf('option1')).toBe('YES');
  expect(yesNoOf('no')).toBe('NO');
  expect(yesNoOf('option2')).toBe('NO');
  expect(yesNoOf('maybe')).toBeNull();
});

test('share links', () => {
  const text = 'Hi & bye 🇿🇦';
  const url = 'https://mzansi.example';
  expect(shareUrl('twitter', text, url)).toBe(
    `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
  );
  expect(shareUrl('facebook', text, url)).toBe(
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}&quote=${encodeURIComponent(text)}`,
  );
  expect(shareUrl('whatsapp', text, url)).toBe(`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`);
});

describe('options of a question', () => {
  const options = [{ id: 'a' }, { id: 'b' }];
  test('yesNoForOption: by id first, else by position', () => {
    expect(yesNoForOption(options, 'a')).toBe('YES');
    expect(yesNoForOption(options, 'b')).toBe('NO');
    expect(yesNoForOption(options, 'no')).toBe('NO');
    expect(yesNoForOption([{ id: 'no' }, { id: 'yes' }], 'yes')).toBe('YES');
  });
  test('yesNoShares adds up each side', () => {
    expect(
      yesNoShares([{ id: 'yes' }, { id: 'no' }], [
        { optionId: 'yes', percentage: 62.5 },
        { optionId: 'no', percentage: 37.5 },
      ]),
    ).toEqual({ yes: 62.5, no: 37.5 });
    expect(yesNoShares(options, [])).toEqual({ yes: 0, no: 0 });
  });
});
