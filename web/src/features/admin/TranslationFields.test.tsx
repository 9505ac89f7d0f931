import { expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TranslationFields } from './TranslationFields';

const english = { text: 'Will it rain in Durban', context: 'Weather service figures.', option1: 'Yes', option2: 'No' };

test('a field left empty shows the English its readers see instead, marked; a translated one does not', () => {
  const value = {
    zu: { text: 'Ngabe lizona eThekwini', context: '', option1: 'Yebo', option2: '' },
    af: { text: '', context: '', option1: '', option2: '' },
    st: { text: '', context: '', option1: '', option2: '' },
  };
  render(<TranslationFields idPrefix="q" value={value} onChange={() => undefined} english={english} />);
  // isiZulu: the text and first option are translated; the context and second option fall back to the English.
  const zuText = screen.getByLabelText('isiZulu text');
  expect(zuText.getAttribute('aria-describedby')).toBeNull();
  const zuContext = screen.getByLabelText('isiZulu background');
  const note = document.getElementById(zuContext.getAttribute('aria-describedby')!)!;
  expect(note.textContent).toBe('English Not translated: readers see the English: Weather service figures.');
  expect(note.querySelector('[lang="en-ZA"]')?.textContent).toBe('Weather service figures.');
  const zuSecond = screen.getByLabelText('isiZulu second option');
  expect(document.getElementById(zuSecond.getAttribute('aria-describedby')!)!.textContent).toContain(': No');
  // Afrikaans: nothing translated, every field shows its English.
  expect(document.getElementById(screen.getByLabelText('Afrikaans text').getAttribute('aria-describedby')!)!.textContent).toContain(
    'Will it rain in Durban',
  );
  expect(screen.getAllByText('Not translated: readers see the English', { exact: false })).toHaveLength(2 + 4 + 4);
});
