import { describe, expect, it } from 'vitest';
import { emailChange } from '../src/domain/email-verification.js';

/** What a profile edit does to the e-mail address (domain/email-verification.ts): pure, no I/O. */
describe('emailChange', () => {
  it('not edited: nothing', () => {
    expect(emailChange(undefined, 'thandi@example.co.za')).toEqual({ patch: {}, changed: false });
  });

  it('a different address replaces the current one unverified, and a link must go to it', () => {
    expect(emailChange('sipho@example.co.za', 'thandi@example.co.za')).toEqual({ patch: { email: 'sipho@example.co.za', emailVerifiedAt: null }, changed: true });
    expect(emailChange('sipho@example.co.za', null)).toEqual({ patch: { email: 'sipho@example.co.za', emailVerifiedAt: null }, changed: true });
  });

  it('clearing an address is a change (unverified, no address)', () => {
    expect(emailChange(null, 'thandi@example.co.za')).toEqual({ patch: { email: null, emailVerifiedAt: null }, changed: true });
  });

  it('the same address in another case keeps its verification, spelt as given', () => {
    expect(emailChange('Thandi@Example.co.za', 'thandi@example.co.za')).toEqual({ patch: { email: 'Thandi@Example.co.za' }, changed: false });
  });

  it('clearing an empty address changes nothing', () => {
    expect(emailChange(null, null)).toEqual({ patch: {}, changed: false });
  });
});
