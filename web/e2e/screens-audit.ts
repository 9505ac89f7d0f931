// How the all-screens test judges a screen: in each language (en, zu, af, st and the pseudo-locale, whose every
// message is accented and ~40 % longer), light and dark, at 360 px (and 390 px in English and the pseudo-locale), it
// asks axe for serious or critical violations, checks that nothing is wider than the viewport, that no text is
// clipped (an element whose content overflows its box, or ends in an ellipsis) and that no short label (a tab, a
// button, a heading…) is broken inside a word. The page switches language in place (`__mzansiLanguage`, present
// where the pseudo-locale is allowed: a device marked before the app starts), so each screen is opened once.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { NARROW_VIEWPORT, VIEWPORT, closeToasts, horizontalOverflow, screenshot } from './browser';

export type ScreenLanguage = 'en' | 'zu' | 'af' | 'st' | 'pseudo';
interface Variant {
  language: ScreenLanguage;
  viewport: { width: number; height: number };
  scheme: 'light' | 'dark';
  /** Whether axe looks too (the pseudo-locale's colours and structure are the English ones: only its layout is new). */
  axe: boolean;
}

// The first is the one each screen is opened in. Every language, both widths, both schemes and the pseudo-locale,
// each at least once, in six passes a screen (the pass is the slow part: this file must leave room in CI's hour);
// the feature tests run in English and one other language.
export const VARIANTS: readonly Variant[] = [
  { language: 'en', viewport: NARROW_VIEWPORT, scheme: 'light', axe: true },
  { language: 'en', viewport: VIEWPORT, scheme: 'dark', axe: true },
  { language: 'zu', viewport: NARROW_VIEWPORT, scheme: 'light', axe: true },
  { language: 'af', viewport: VIEWPORT, scheme: 'light', axe: true },
  { language: 'st', viewport: NARROW_VIEWPORT, scheme: 'dark', axe: true },
  { language: 'pseudo', viewport: NARROW_VIEWPORT, scheme: 'dark', axe: false },
];

/** Marks the context's device so the app allows the pseudo-locale and the in-place switch (before any page loads). */
export async function allowPseudoLocale(context: BrowserContext): Promise<void> {
  await context.addInitScript(`try { localStorage.setItem('mzansi.pseudo-locale', '1'); } catch {}`);
}

/** Switches the page's language in place and waits for the screen to render in it. */
export async function switchLanguage(page: Page, language: ScreenLanguage): Promise<void> {
  await page.evaluate(`window.__mzansiLanguage(${JSON.stringify(language)})`);
  const lang = { en: 'en-ZA', zu: 'zu-ZA', af: 'af-ZA', st: 'st-ZA', pseudo: 'en-XA' }[language];
  await page.waitForFunction(`document.documentElement.lang === ${JSON.stringify(lang)}`);
  await page.evaluate(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))`);
}

/** Back to the first variant, before a screen is opened (English: the tests find controls by their English names). */
export async function firstVariant(page: Page): Promise<void> {
  await page.setViewportSize(VARIANTS[0]!.viewport);
  await page.emulateMedia({ colorScheme: VARIANTS[0]!.scheme });
  const elsewhere = await page.evaluate(`typeof window.__mzansiLanguage === 'function' && document.documentElement.lang !== 'en-ZA'`);
  if (elsewhere) await switchLanguage(page, 'en');
}

// In the page (a string: this module is type-checked without the DOM library). Text elements whose content is wider
// than their box (clipped when the box hides overflow, spilling over its neighbours when not), text cut by an
// ellipsis, and words of a short label split over two lines (not where the browser hyphenates: `hyphens: auto`).
const CLIPPED_TEXT = `(() => {
  const problems = [];
  const describe = (el) => {
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    return el.tagName.toLowerCase() + cls + ' "' + (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '"';
  };
  const hidden = (el, cs) =>
    cs.visibility === 'hidden' || el.getClientRects().length === 0 || (el.clientWidth <= 1 && el.clientHeight <= 1) ||
    cs.clip !== 'auto' || cs.clipPath.startsWith('inset(50%');
  const scrolls = (cs) => cs.overflowX === 'auto' || cs.overflowX === 'scroll';
  for (const el of document.body.querySelectorAll('*')) {
    if (!(el instanceof HTMLElement) || el.matches('textarea, input, select, option, script, style, svg *')) continue;
    const ownText = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!ownText && !el.textContent.trim()) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'inline' || cs.display === 'contents' || hidden(el, cs) || scrolls(cs)) continue;
    const clips = cs.overflowX === 'hidden' || cs.overflowX === 'clip';
    if (el.scrollWidth > el.clientWidth + 1 && (ownText || clips)) {
      problems.push((cs.textOverflow === 'ellipsis' ? 'ends in an ellipsis: ' : clips ? 'clipped: ' : 'spills out of its box: ') +
        describe(el) + ' (' + el.scrollWidth + ' > ' + el.clientWidth + ' px)');
    }
  }
  const labels = document.querySelectorAll('[role=tab], button, nav a, th, label, h1, h2, h3, .badge, [role=columnheader]');
  for (const el of labels) {
    const cs = getComputedStyle(el);
    if (hidden(el, cs) || cs.hyphens === 'auto') continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/[^\\s\\u00ad-]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push('a word broken over two lines: "' + m[0] + '" in ' + describe(el));
      }
    }
  }
  return [...new Set(problems)];
})()`;

/** What is wrong with the screen as it is now: overflow, clipped text, broken labels and serious/critical axe violations. */
async function problemsNow(page: Page, name: string, axe: boolean): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await horizontalOverflow(page);
  if (overflow) problems.push(`${name}: wider than the viewport: ${overflow}`);
  for (const clipped of await page.evaluate<string[]>(CLIPPED_TEXT)) problems.push(`${name}: ${clipped}`);
  if (!axe) return problems;
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
    const nodes = v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` [${n.any[0].message}]` : ''}`);
    problems.push(`${name}: ${v.id} (${v.impact}) ${nodes.join(', ')}`);
  }
  return problems;
}

/**
 * The screen as it is, in each variant (language, viewport and colour scheme switched in place): its problems, and a
 * screenshot of each (test-results/screenshots/screens-<language>-<width>-<scheme>-<screen>.png). Ends in the first
 * variant's language (English).
 */
export async function audit(page: Page, name: string): Promise<string[]> {
  await page.locator('.spinner').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await closeToasts(page);
  const problems: string[] = [];
  let language: ScreenLanguage = 'en';
  for (const variant of VARIANTS) {
    if (variant.language !== language) await switchLanguage(page, (language = variant.language));
    await page.setViewportSize(variant.viewport);
    await page.emulateMedia({ colorScheme: variant.scheme });
    await page.locator('.spinner').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    // Colours and layout as they settle (a scheme switch starts the buttons' colour transitions).
    await page.evaluate(`Promise.all(document.getAnimations()
      .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined)))`);
    const what = `${variant.language}-${variant.viewport.width}-${variant.scheme}-${name}`;
    problems.push(...(await problemsNow(page, what, variant.axe)));
    await screenshot(page, `screens-${what}`);
  }
  await firstVariant(page);
  return problems;
}
