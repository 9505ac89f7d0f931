import { expect, test } from 'vitest';
import { initials } from './initials';

test('initials: first and last word, one letter for a one-word name unless asked for two, ? for none', () => {
  expect(initials('Thandi Nomsa Mokoena')).toBe('TM');
  expect(initials('  sipho   khumalo ')).toBe('SK');
  expect(initials('Thandi')).toBe('T');
  expect(initials('Thandi', { oneWordLetters: 2 })).toBe('TH');
  expect(initials('Sipho Khumalo', { oneWordLetters: 2 })).toBe('SK');
  expect(initials('X', { oneWordLetters: 2 })).toBe('X');
  expect(initials('   ')).toBe('?');
  expect(initials('', { oneWordLetters: 2 })).toBe('?');
});
