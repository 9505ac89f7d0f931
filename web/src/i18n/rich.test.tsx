import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { richText } from './rich';

test('<strong> and <em> become elements; anything else stays text', () => {
  const { container } = render(<p>{richText('<strong>Everyone</strong> sees totals; choose <em>Nobody</em> or <b>x</b> <img src=x>')}</p>);
  expect(container.querySelector('strong')?.textContent).toBe('Everyone');
  expect(container.querySelector('em')?.textContent).toBe('Nobody');
  expect(container.querySelector('b, img')).toBeNull();
  expect(container.textContent).toBe('Everyone sees totals; choose Nobody or <b>x</b> <img src=x>');
});
