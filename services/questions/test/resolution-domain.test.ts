import { describe, expect, it } from 'vitest';
import { checkResolution, RESOLUTION_MESSAGES, SOURCE_URL_MAX, sourceUrlProblem, withinCorrectionWindow } from '@mzansi/api/rules';
import { AppError } from '@mzansi/kit/errors';
import { CORRECTION_MESSAGES, planCorrection, planResolve, validateResolution } from '../src/domain/resolution.js';

/** The source's rule (@mzansi/api/rules, shared with the gateway and the dialog) and the correction's order of refusals. */
describe('a resolution source address', () => {
  it.each([
    'https://www.elections.org.za/results',
    'http://www.statssa.gov.za/?p=1234',
    'https://example.com',
    'HTTPS://WWW.EXAMPLE.COM/Path',
    'https://www.iol.co.za/news/a-b#section',
    'https://xn--bcher-kva.example/', // an IDN host, as the parser writes it
  ])('accepts %s', (url) => expect(sourceUrlProblem(url)).toBeNull());

  it.each([
    ['javascript:alert(1)', 'urlScheme'],
    ['JavaScript:alert(document.cookie)', 'urlScheme'],
    ['data:text/html;base64,PHNjcmlwdD4=', 'urlScheme'],
    ['ftp://ftp.example.com/file', 'urlScheme'],
    ['file:///etc/passwd', 'urlScheme'],
    ['mailto:iec@elections.org.za', 'urlScheme'],
    ['/results/2026', 'urlInvalid'],
    ['//www.elections.org.za/', 'urlInvalid'],
    ['www.elections.org.za', 'urlInvalid'],
    ['results.html', 'urlInvalid'],
    ['https://www.elections.org.za/a b', 'urlInvalid'],
    ['https://www.elections.org.za/\tx', 'urlInvalid'],
    ['https://www.elections.org.za/\nx', 'urlInvalid'],
    ['https://', 'urlInvalid'],
    ['https://user:secret@www.elections.org.za/', 'urlCredentials'],
    ['https://user@www.elections.org.za/', 'urlCredentials'],
    [`https://example.com/${'a'.repeat(SOURCE_URL_MAX)}`, 'urlTooLong'],
    ['', 'sourceRequired'],
    ['   ', 'sourceRequired'],
    [undefined, 'sourceRequired'],
    [42, 'sourceRequired'],
  ])('refuses %j (%s)', (url, problem) => expect(sourceUrlProblem(url)).toBe(problem));

  it('a long address is refused also when only its serialisation is too long (percent-encoding grows it)', () => {
    const url = `https://example.com/${'é'.repeat(SOURCE_URL_MAX / 2 - 20)}`;
    expect(url.length).toBeLessThanOrEqual(SOURCE_URL_MAX);
    expect(sourceUrlProblem(url)).toBe('urlTooLong');
  });

  it('normalises: the parser’s address, the title and note trimmed', () => {
    expect(checkResolution({ url: ' HTTPS://Example.COM ', title: ' IEC ' }, ' a note ')).toEqual({
      ok: true,
      value: { source: { url: 'https://example.com/', title: 'IEC' }, note: 'a note' },
    });
    expect(checkResolution({ url: 'https://example.com', title: 'x'.repeat(121) }, '')).toEqual({ ok: false, problem: 'titleTooLong' });
    expect(checkResolution({ url: 'https://example.com', title: 'IEC' }, 'x'.repeat(281))).toEqual({ ok: false, problem: 'noteTooLong' });
    expect(checkResolution(null, null)).toEqual({ ok: false, problem: 'sourceRequired' });
  });
});

const open = { isPublished: true, isActive: true, isResolved: false, isArchived: false, options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }] };
const resolvedAt = new Date('2026-05-30T16:00:00Z');
const resolved = {
  ...open,
  isResolved: true,
  correctOptionId: 'yes',
  resolvedAt,
  resolutionSourceUrl: 'https://www.elections.org.za/',
  resolutionSourceTitle: 'IEC',
  resolutionNote: null,
  resolutionCorrectedAt: null,
};
const fix = { correctOptionId: 'no', source: { url: 'https://www.elections.org.za/final', title: 'IEC final' }, note: '', reason: 'Recount' };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.message : String(err);
  }
  return 'accepted';
};

describe('resolve and correct', () => {
  it('resolve: the state rules first, then the source', () => {
    expect(refusal(() => planResolve({ ...open, isPublished: false }, 'yes', undefined, ''))).toBe('Only a published, active question can be resolved');
    expect(refusal(() => planResolve(open, 'yes', undefined, ''))).toBe(RESOLUTION_MESSAGES.sourceRequired);
    expect(refusal(() => validateResolution({ url: 'javascript:alert(1)', title: 'x' }, ''))).toBe(RESOLUTION_MESSAGES.urlScheme);
    expect(planResolve(open, 'no', { url: 'https://a.example/', title: 'A' }, '')).toEqual({ source: { url: 'https://a.example/', title: 'A' }, note: '' });
  });

  it('the 24-hour window: open until just before 24 hours, shut at 24 hours', () => {
    expect(withinCorrectionWindow(resolvedAt, new Date(resolvedAt.getTime() + 24 * 3600_000 - 1))).toBe(true);
    expect(withinCorrectionWindow(resolvedAt, new Date(resolvedAt.getTime() + 24 * 3600_000))).toBe(false);
    expect(withinCorrectionWindow(resolvedAt, new Date(resolvedAt.getTime() - 5_000))).toBe(true); // another replica's clock
  });

  it('a correction: refusals in order, and what it keeps of the resolution it replaces', () => {
    const now = new Date('2026-05-31T10:00:00Z');
    expect(refusal(() => planCorrection({ ...open, ...resolved, isResolved: false, correctOptionId: null }, fix, now))).toBe(CORRECTION_MESSAGES.notResolved);
    expect(refusal(() => planCorrection({ ...resolved, resolutionCorrectedAt: now }, fix, now))).toBe(CORRECTION_MESSAGES.already);
    expect(refusal(() => planCorrection(resolved, fix, new Date('2026-05-31T16:00:00Z')))).toBe(CORRECTION_MESSAGES.tooLate);
    expect(refusal(() => planCorrection(resolved, { ...fix, correctOptionId: 'maybe' }, now))).toBe('The correct option must be one of the question’s options');
    expect(refusal(() => planCorrection(resolved, { ...fix, source: { url: 'data:,x', title: 'x' } }, now))).toBe(RESOLUTION_MESSAGES.urlScheme);
    expect(refusal(() => planCorrection(resolved, { ...fix, reason: ' ' }, now))).toBe(RESOLUTION_MESSAGES.reasonRequired);
    expect(refusal(() => planCorrection(resolved, { correctOptionId: 'yes', source: { url: 'https://www.elections.org.za/', title: 'IEC' }, note: '', reason: 'x' }, now))).toBe(
      CORRECTION_MESSAGES.unchanged,
    );
    expect(planCorrection(resolved, fix, now)).toEqual({
      correctOptionId: 'no',
      source: fix.source,
      note: '',
      reason: 'Recount',
      optionChanged: true,
      previous: { correctOptionId: 'yes', sourceUrl: 'https://www.elections.org.za/', sourceTitle: 'IEC', note: null },
    });
    // A legacy resolution (no source) within the window may be corrected to name one.
    expect(planCorrection({ ...resolved, resolutionSourceUrl: null, resolutionSourceTitle: null }, { ...fix, correctOptionId: 'yes' }, now).optionChanged).toBe(false);
  });
});
