import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { json, makeQuestion, stubFetch } from '../../test/fixtures';
import { takeFetchedToday } from '../landing/staticLanding';
import type { Question } from '../../entities/question/types';
import { renderStaticVote } from './prerender';
import { paintStaticVote, removeStaticVote } from './staticVote';

const now = new Date('2025-11-22T10:00:00Z');
const overlay = () => document.getElementById('static-vote-paint');

/** The page as index.html carries it for signed-in visitors, at `path`. */
function loadSignedInPage(path = '/vote', lang = 'en') {
  window.history.replaceState(null, '', path);
  document.documentElement.lang = lang;
  document.body.innerHTML = `<div id="root"></div><template id="static-vote">${renderStaticVote()}</template>`;
}

/** The card as the app renders this question while it asks whether it was answered, as a DOM node. */
function reactCard(question: Question): Element {
  const template = document.createElement('template');
  template.innerHTML = renderStaticVote(question);
  return template.content.querySelector('.vq')!;
}

/** Markup without the generated ids (React's useId and the painter's differ, each unique in its page). */
const withoutIds = (node: Element) => node.outerHTML.replace(/ (id|aria-labelledby)="[^"]*"/g, '').replace(/></g, '>\n<');

let fetch: ReturnType<typeof stubFetch>;
beforeEach(() => {
  takeFetchedToday();
  localStorage.clear();
  fetch = stubFetch(() => json(404, { message: 'Not found' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('paintStaticVote', () => {
  test('paints today’s questions over the page exactly as the app first renders them, and hands over the answer', async () => {
    const live = makeQuestion({ id: 'q1', text: 'Will the Reserve Bank cut rates today', context: 'MPC statement at 15:00.' });
    const sample = makeQuestion({ id: 'q2', text: 'Will petrol drop', context: null, isSample: true, isBlind: true });
    loadSignedInPage();
    localStorage.setItem('mzansi.user', JSON.stringify({ id: 'u1', username: 'thandi', name: 'Thandi Mokoena' }));
    fetch.setHandler((url) => (url === '/api/questions/today' ? json(200, [live, sample]) : json(404, {})));

    expect(await paintStaticVote(document, now)).toBe(true);
    const cards = [...overlay()!.querySelectorAll('.vq')];
    expect(cards).toHaveLength(2);
    expect(withoutIds(cards[0]!)).toBe(withoutIds(reactCard(live)));
    expect(withoutIds(cards[1]!)).toBe(withoutIds(reactCard(sample)));
    // Each card's title is its own label.
    for (const card of cards) expect(document.getElementById(card.getAttribute('aria-labelledby')!)?.textContent).toMatch(/\?$/);
    expect(overlay()!.querySelector('.screen-header__title')!.textContent).toBe("Today's Questions (2)");
    expect(overlay()!.querySelector('.avatar')!.textContent).toBe('TM');
    // Not for assistive technology, not clickable: the app beneath takes over.
    expect(overlay()!.getAttribute('aria-hidden')).toBe('true');
    expect([...overlay()!.querySelectorAll('button')].every((b) => b.disabled || b.getAttribute('aria-disabled') === 'true')).toBe(true);
    // The app starts from the same answer instead of asking again.
    expect(takeFetchedToday()?.data).toEqual([live, sample]);
    expect(fetch.calls('/api/questions/today')).toHaveLength(1);

    removeStaticVote();
    expect(overlay()).toBeNull();
  });

  test('stops before a question the app shows differently (resolved), and paints nothing when that is the first', async () => {
    const open = makeQuestion({ id: 'q1', text: 'Will it rain in Durban' });
    const resolved = makeQuestion({ id: 'q2', text: 'Did Parliament sit', isResolved: true });
    loadSignedInPage();
    fetch.setHandler(() => json(200, [open, resolved]));
    expect(await paintStaticVote(document, now)).toBe(true);
    expect([...overlay()!.querySelectorAll('.vq')].map((c) => c.getAttribute('data-question-id'))).toEqual(['q1']);
    // No stored user (a first visit on this device): an empty avatar, not a made-up one.
    expect(overlay()!.querySelector('.avatar')!.textContent).toBe('');

    removeStaticVote();
    fetch.setHandler(() => json(200, [resolved, open]));
    expect(await paintStaticVote(document, now)).toBe(false);
    expect(overlay()).toBeNull();
  });

  test.each([
    ['another screen', '/leaderboard', 'en', () => json(200, [makeQuestion({ id: 'q1' })])],
    ['another language (this chunk carries no catalogue)', '/vote', 'zu', () => json(200, [makeQuestion({ id: 'q1' })])],
    ['the API failing', '/vote', 'en', () => json(503, { message: 'down' })],
    ['no questions today', '/vote', 'en', () => json(200, [])],
  ])('leaves the page to the app for %s', async (_name, path, lang, answer) => {
    loadSignedInPage(path, lang);
    fetch.setHandler(answer);
    expect(await paintStaticVote(document, now)).toBe(false);
    expect(overlay()).toBeNull();
  });

  test('does nothing on a page without the template (signed out)', async () => {
    window.history.replaceState(null, '', '/vote');
    document.body.innerHTML = '<div id="root"></div>';
    fetch.setHandler(() => json(200, [makeQuestion({ id: 'q1' })]));
    expect(await paintStaticVote(document, now)).toBe(false);
    expect(fetch.mock).not.toHaveBeenCalled();
  });
});
