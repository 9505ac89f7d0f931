import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { json, makeQuestion, stubFetch } from '../../test/fixtures';
import type { Question } from '../../entities/question/types';
import { inert, renderStaticLanding } from './prerender';
import { paintStaticLanding, takeFetchedToday } from './staticLanding';
import { TodayQuestion } from './TodayQuestion';

const now = new Date('2025-11-22T10:00:00Z');
const noop = () => undefined;

/** The page as index.html carries it for signed-out visitors. */
function loadStaticLanding() {
  document.body.innerHTML = `<div id="root">${renderStaticLanding()}</div>`;
}

/** TodayQuestion as the app renders it, as a DOM node (its buttons marked as in the static landing). */
function reactHero(question: Question | undefined): Element {
  const template = document.createElement('template');
  template.innerHTML = inert(
    renderToStaticMarkup(
      <TodayQuestion question={question} loading={false} failed={false} now={now} onJoin={noop} onLogin={noop} />,
    ),
  );
  return template.content.firstElementChild!;
}

let fetch: ReturnType<typeof stubFetch>;
beforeEach(() => {
  takeFetchedToday();
  fetch = stubFetch(() => json(404, { message: 'Not found' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the static landing (built into index.html)', () => {
  test('is the landing page loading: no day, no data, no made-up status', () => {
    loadStaticLanding();
    const hero = document.querySelector('.hero')!;
    expect(hero.querySelector('.hero__loading')).toBeTruthy();
    expect(hero.querySelector('.hero__day')!.textContent!.trim()).toBe('');
    expect((hero.querySelector('.hero__day') as HTMLElement).style.visibility).toBe('hidden');
    expect(hero.querySelector('h1')).toBeNull();
    expect(document.body.textContent).toContain('Start Predicting');
    // Its buttons do nothing until the app starts, and say so.
    const buttons = [...document.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual(['Join', 'Start Predicting', 'Log In']);
    expect(buttons.every((b) => b.getAttribute('aria-disabled') === 'true')).toBe(true);
    expect(document.body.textContent).toContain('Recent predictions');
    // Nothing that depends on the device (notification status) or on data.
    expect(document.body.textContent).not.toContain('Status');
    expect(document.querySelector('.qcard')).toBeNull();
  });

  test('leaves no timers behind, so the build that renders it can exit', () => {
    vi.useFakeTimers();
    try {
      renderStaticLanding();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('paintStaticLanding', () => {
  test.each([
    ['live, with context', makeQuestion({ id: 'q1', text: 'Will the Reserve Bank cut rates today', context: 'MPC statement at 15:00.' })],
    ['resolved sample, no context', makeQuestion({ id: 'q2', text: 'Will petrol drop?', context: null, isResolved: true, isSample: true })],
  ])('paints today’s question exactly as the app renders it (%s)', async (_name, question) => {
    loadStaticLanding();
    fetch.setHandler((url) => (url === '/api/questions/today' ? json(200, [question]) : json(404, {})));
    expect(await paintStaticLanding(document, now)).toBe(true);
    const painted = document.querySelector('.hero')!;
    const expected = reactHero(question);
    expect(painted.outerHTML.replace(/></g, '>\n<')).toBe(expected.outerHTML.replace(/></g, '>\n<'));
    expect(painted.isEqualNode(expected)).toBe(true);
    // The app starts from the same answer instead of asking again.
    expect(takeFetchedToday()?.data).toEqual([question]);
    expect(takeFetchedToday()).toBeUndefined();
  });

  test('no question today: painted as the app renders it', async () => {
    loadStaticLanding();
    fetch.setHandler(() => json(200, []));
    expect(await paintStaticLanding(document, now)).toBe(true);
    expect(document.querySelector('.hero')!.isEqualNode(reactHero(undefined))).toBe(true);
    expect(document.querySelector('.hero h1')!.textContent).toBe('No Questions Today');
  });

  test('a failed call: the day is shown, the spinner stays for the app (which asks again)', async () => {
    loadStaticLanding();
    fetch.setHandler(() => json(503, { message: 'down' }));
    expect(await paintStaticLanding(document, now)).toBe(true);
    expect(document.querySelector('.hero__day')!.textContent).toBe('Day 631 - 22 November');
    expect(document.querySelector('.hero__day')!.getAttribute('style')).toBeNull();
    expect(document.querySelector('.hero__loading')).toBeTruthy();
    expect(document.querySelector('.hero h1')).toBeNull();
    expect(takeFetchedToday()).toBeUndefined();
  });

  test('without a static landing (signed in) it does nothing', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(await paintStaticLanding(document, now)).toBe(false);
    expect(fetch.mock).not.toHaveBeenCalled();
  });

  test('the app took over meanwhile: nothing is painted into the old page', async () => {
    loadStaticLanding();
    let answer!: (res: Response) => void;
    fetch.setHandler(() => new Promise<Response>((resolve) => (answer = resolve)));
    const painting = paintStaticLanding(document, now);
    const hero = document.querySelector('.hero')!;
    document.getElementById('root')!.replaceChildren();
    answer(json(200, [makeQuestion()]));
    await painting;
    expect(hero.querySelector('h1')).toBeNull();
  });
});
