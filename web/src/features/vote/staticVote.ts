// The signed-in /vote's first paint. React and the signed-in screens take seconds to arrive on a slow line (issue
// 19: LCP ≤ 2.5 s on Fast 3G with 4× CPU), so a signed-in English index.html carries /vote as it first shows
// (<template id="static-vote">, built from the app's own components by prerender.tsx) and this fills in today's
// questions from the preloaded API answer, over the page, until the app's /vote has rendered beneath it
// (removeStaticVote). No React here: this is the small entry chunk.
import { countdownToEndOfLocalDay, formatDayLabel } from '../../lib/time';
import { fetchTodayForFirstPaint } from '../landing/staticLanding';
import { toQuestionList } from '../../entities/question/list';
import { questionWithMark } from '../../entities/question/results';
import type { Question } from '../../entities/question/types';
import { USER_STORAGE_KEY } from '../auth/session-key';
import { initials } from '../shell/initials';

/** The placeholders prerender.tsx renders and this replaces. */
export const STATIC_VOTE = {
  placeholderId: 'static-vote-question',
  placeholderText: 'Static question',
  placeholderName: 'Static User',
  /** Where the title's number of questions goes. */
  countSlot: '{count}',
} as const;

const OVERLAY_ID = 'static-vote-paint';

/** The stored user's name (features/auth/session.ts keeps the signed-in user in localStorage), if any. */
function storedName(storage: Storage | undefined): string | undefined {
  try {
    const user = JSON.parse(storage?.getItem(USER_STORAGE_KEY) ?? 'null') as { name?: unknown } | null;
    return typeof user?.name === 'string' && user.name.trim() ? user.name : undefined;
  } catch {
    return undefined;
  }
}

/** One question's card from the placeholder card; undefined for what the app would show otherwise (resolved, not yes/no). */
function card(placeholder: Element, q: Question, index: number): Element | undefined {
  if (q.isResolved || q.options.length !== 2) return undefined;
  const node = placeholder.cloneNode(true) as Element;
  node.setAttribute('data-question-id', q.id);
  const titleId = `static-vote-title-${index}`;
  node.setAttribute('aria-labelledby', titleId);
  const title = node.querySelector('.vq__text');
  if (title) {
    title.id = titleId;
    title.textContent = questionWithMark(q.text);
  }
  const day = node.querySelector('.vq__day');
  if (day) day.textContent = formatDayLabel(q.publishedAt ?? q.date);
  const context = node.querySelector('.vq__context');
  if (context && q.context) context.textContent = q.context;
  else context?.remove();
  if (!q.isSample) node.querySelector('.sample-badge')?.remove();
  if (!q.isBlind) node.querySelector('.blind-badge')?.remove();
  node.querySelectorAll('.vq-option__label').forEach((label, i) => (label.textContent = q.options[i]!.text.toUpperCase()));
  return node;
}

/**
 * Paints /vote for a signed-in English page that has the template: resolves true once today's
 * questions show. Anything else (another route or language, no template, the API failing, nothing to show) leaves
 * the page to the app and resolves false.
 */
export async function paintStaticVote(doc: Document = document, now: Date = new Date(), storage: Storage | undefined = globalThis.localStorage): Promise<boolean> {
  if (!/^(en\b|$)/i.test(doc.documentElement.lang)) return false;
  if ((doc.location?.pathname ?? '').replace(/\/+$/, '') !== '/vote') return false;
  const template = doc.getElementById('static-vote');
  if (!(template instanceof HTMLTemplateElement)) return false;
  let data: unknown;
  try {
    data = await fetchTodayForFirstPaint();
  } catch {
    return false;
  }
  const shell = template.content.firstElementChild?.cloneNode(true) as Element | undefined;
  const placeholder = shell?.querySelector('.vq');
  const list = placeholder?.parentElement;
  if (!shell || !placeholder || !list) return false;
  const cards: Element[] = [];
  const questions = toQuestionList(data);
  for (const [i, q] of questions.entries()) {
    const c = card(placeholder, q, i);
    if (!c) break; // the app shows the rest differently: paint up to there
    cards.push(c);
  }
  if (cards.length === 0) return false;
  placeholder.replaceWith(...cards);
  const title = shell.querySelector('.screen-header__title');
  if (title) title.textContent = (title.textContent ?? '').replace(STATIC_VOTE.countSlot, String(questions.length));
  // The avatar: the stored user's initials (a first visit on this device has none yet: an empty circle).
  const name = storedName(storage);
  const avatar = shell.querySelector('.avatar');
  if (avatar) avatar.textContent = name ? initials(name) : '';
  const profileOf = shell.querySelector('.avatar-link .visually-hidden');
  if (profileOf) profileOf.textContent = '';
  shell.querySelectorAll('.countdown__value, .vote-countdown__value').forEach((v) => (v.textContent = countdownToEndOfLocalDay(now)));
  // Over the page (the app renders into #root beneath it and takes its place when its /vote is up), hidden from
  // assistive technology and inert: its buttons do nothing yet.
  const overlay = doc.createElement('div');
  overlay.id = OVERLAY_ID;
  overlay.setAttribute('aria-hidden', 'true');
  overlay.inert = true;
  overlay.style.cssText = `position:fixed;inset:0;z-index:2147483000;overflow:hidden;background:${getComputedStyle(doc.body).backgroundColor}`;
  overlay.append(shell);
  doc.body.append(overlay);
  return true;
}

/** The app has rendered a screen of its own (or gave up): the static /vote goes. */
export function removeStaticVote(doc: Document = document): void {
  doc.getElementById(OVERLAY_ID)?.remove();
}
