import { describe, expect, it } from 'vitest';
import { CLOSES_INCOMPLETE_MESSAGE } from './createQuestion';
import { buildDetailsPayload, detailsFormFor, NOTHING_CHANGED } from './details';

const question = { resolutionCriteria: 'By the IEC notice.', closesAt: '2026-03-10T16:00:00.000Z' };

describe('editing criteria and close time', () => {
  it('the form shows what the question has (UTC), empty where it has nothing', () => {
    expect(detailsFormFor(question)).toEqual({ criteria: 'By the IEC notice.', closesDate: '2026-03-10', closesTime: '16:00' });
    expect(detailsFormFor({ resolutionCriteria: null, closesAt: null })).toEqual({ criteria: '', closesDate: '', closesTime: '' });
  });

  it('sends only what changed: new criteria, a later time, or null to take either away', () => {
    const form = detailsFormFor(question);
    expect(buildDetailsPayload({ ...form, criteria: '  By the IEC’s notice.  ' }, question)).toEqual({ ok: true, payload: { resolutionCriteria: 'By the IEC’s notice.' } });
    expect(buildDetailsPayload({ ...form, closesTime: '18:30' }, question)).toEqual({ ok: true, payload: { closesAt: '2026-03-10T18:30:00.000Z' } });
    expect(buildDetailsPayload({ criteria: ' ', closesDate: '', closesTime: '' }, question)).toEqual({ ok: true, payload: { resolutionCriteria: null, closesAt: null } });
    const none = { resolutionCriteria: null, closesAt: null };
    expect(buildDetailsPayload({ criteria: 'New', closesDate: '2026-03-11', closesTime: '09:00' }, none)).toEqual({ ok: true, payload: { resolutionCriteria: 'New', closesAt: '2026-03-11T09:00:00.000Z' } });
  });

  it('refuses a date without a time (or the reverse), and an unchanged form', () => {
    expect(buildDetailsPayload({ ...detailsFormFor(question), closesTime: '' }, question)).toEqual({ ok: false, error: CLOSES_INCOMPLETE_MESSAGE });
    expect(buildDetailsPayload(detailsFormFor(question), question)).toEqual({ ok: false, error: NOTHING_CHANGED });
    // Its seconds are not in the form: the same minute is no change.
    expect(buildDetailsPayload(detailsFormFor(question), { ...question, closesAt: '2026-03-10T16:00:30.000Z' })).toEqual({ ok: false, error: NOTHING_CHANGED });
  });
});
