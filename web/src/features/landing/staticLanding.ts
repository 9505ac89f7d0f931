// The static landing's first paint. Signed-out visitors get the landing page already rendered in index.html (built
// from LandingPage by vite.config.ts, loading state, no day). Before React has loaded (seconds on a slow phone),
// this fills in the day and today's real question, fetched from the API; the app then renders the same hero over it.
// No React here: this is the small entry chunk.
import { apiJson } from '../../lib/api';
import { formatDayLabel } from '../../lib/time';
import { SAMPLE_BADGE } from '../../entities/question/results';
import { TODAY_QUESTIONS_KEY, toQuestionList } from '../../entities/question/list';
import type { Question } from '../../entities/question/types';
import { readSharedQuestion } from '../share/sharedQuestion';
import { HERO_TEXT, heroHint, heroOptions, heroTitle } from './todayHero';

export interface FetchedToday {
  /** The answer of GET /api/questions/today, as the query cache holds it. */
  data: unknown;
  /** When it was fetched (ms since epoch). */
  at: number;
}

let fetched: FetchedToday | undefined;

/** Today's questions as fetched for the first paint (once), so the app starts from them instead of asking again. */
export function takeFetchedToday(): FetchedToday | undefined {
  const value = fetched;
  fetched = undefined;
  return value;
}

/** GET today's questions (index.html preloads them) for a first paint, kept for the app's cache (takeFetchedToday). */
export async function fetchTodayForFirstPaint(): Promise<unknown> {
  const data = await apiJson<unknown>('GET', TODAY_QUESTIONS_KEY[0]);
  fetched = { data, at: Date.now() };
  return data;
}

function el(doc: Document, tag: string, className: string, text?: string): HTMLElement {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function title(doc: Document, className: string, text: string): HTMLElement {
  const h1 = el(doc, 'h1', className, text);
  h1.id = 'hero-title';
  return h1;
}

/** The hero on a day without questions, as TodayQuestion renders it. */
function paintNoQuestion(loading: Element): void {
  const doc = loading.ownerDocument;
  loading.replaceWith(
    title(doc, 'hero__title', HERO_TEXT.noQuestionTitle),
    el(doc, 'p', 'hero__lead', HERO_TEXT.noQuestionLead),
  );
}

/** The question part of the hero, as TodayQuestion renders it (its tests compare the two). */
function paintQuestion(hero: HTMLElement, loading: Element, question: Question): void {
  const doc = hero.ownerDocument;
  const badges = el(doc, 'span', 'hero__badges');
  if (question.isSample) {
    const sample = el(doc, 'span', 'badge badge--outline sample-badge', SAMPLE_BADGE.label);
    sample.title = SAMPLE_BADGE.title;
    badges.append(sample);
  }
  badges.append(
    question.isResolved
      ? el(doc, 'span', 'badge badge--gold', HERO_TEXT.resolved)
      : el(doc, 'span', 'badge badge--live hero__live', HERO_TEXT.live),
  );
  hero.querySelector('.hero__top')?.append(badges);

  const vote = el(doc, 'div', 'hero__vote');
  vote.setAttribute('role', 'group');
  vote.setAttribute('aria-label', 'Your prediction');
  heroOptions(question).forEach((option, i) => {
    const button = doc.createElement('button');
    button.setAttribute('aria-disabled', 'true'); // like every button of the static landing, until the app starts
    button.type = 'button';
    button.className = `vote-btn ${i === 0 ? 'vote-btn--yes' : 'vote-btn--no'}`;
    button.textContent = option.label;
    vote.append(button);
  });
  loading.replaceWith(
    el(doc, 'p', 'hero__kicker', HERO_TEXT.kicker),
    title(doc, 'hero__title hero__title--question', heroTitle(question)),
    ...(question.context ? [el(doc, 'p', 'hero__context', question.context)] : []),
    vote,
    el(doc, 'p', 'hero__hint', heroHint(question)),
  );
}

/**
 * Fills the static landing's hero, if the page has one: the day at once, today's first question (or that there is
 * none) when the API answers (index.html preloads it). Resolves when done, true if the page has a static landing;
 * a failed call leaves the spinner to the app, which asks again.
 */
export async function paintStaticLanding(doc: Document = document, now: Date = new Date()): Promise<boolean> {
  // The gateway sends the static landing in the visitor's language; only the English one is filled in here (this
  // chunk carries no catalogue): the others show their loading state until the app has started.
  if (!/^(en\b|$)/i.test(doc.documentElement.lang)) return false;
  const hero = doc.querySelector<HTMLElement>('#root .hero');
  const loading = hero?.querySelector('.hero__loading');
  if (!hero || !loading) return false;
  const day = hero.querySelector<HTMLElement>('.hero__day');
  if (day) {
    day.textContent = formatDayLabel(now);
    day.removeAttribute('style');
  }
  let data: unknown;
  try {
    data = await fetchTodayForFirstPaint();
  } catch {
    return true;
  }
  // The app may have taken over the page meanwhile (then the static hero is gone).
  if (!loading.isConnected) return true;
  // A shared link (/q/{id}) shows that question; otherwise today's first.
  const question = readSharedQuestion(doc, doc.location?.pathname ?? '/') ?? toQuestionList(data)[0];
  if (question) paintQuestion(hero, loading, question);
  else paintNoQuestion(loading);
  return true;
}
