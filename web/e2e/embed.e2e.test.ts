// The embed in Chromium as a news site uses it, third-party cookies blocked: a page on another site (127.0.0.1, the
// stack is on localhost) frames /embed/q/{id}; tapping YES opens the first-party answer popup, where a signed-out
// reader creates an account and confirms (with the product's own Lax session, which the cross-site frame never
// receives), and the frame then shows their answer and the results (a blind question's only now), live from then
// on; at 360 and 390 px. A frame sandboxed like WordPress's (allow-scripts only) shows the question, its results and the
// "Answer on Mzansi Predicts" link. The embed itself at 360 × 800 and 390 × 844, light and dark: axe-clean, no
// sideways scrolling.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  NARROW_VIEWPORT,
  VIEWPORT,
  answerApi,
  apiPost,
  closeToasts,
  newMobilePage,
  publishQuestion,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectVisible,
  publishBeforeAll,
  randomUsername,
  screenshot,
  signUpApi,
  stack,
  stackPage,
  startBrowserStack,
} from './browser';

const tag = Date.now().toString(36);
const question = { id: '', text: `Will the embedded question ${tag} travel` };
const blind = { id: '', text: `Will the blind embedded question ${tag} stay blind` };

startBrowserStack();
const admin = publishBeforeAll('Created by the embed browser test.', question);
/** Chromium blocking third-party cookies, as Safari and Firefox do by default. */
let strictBrowser: Browser;

let host: Server;
let hostUrl = '';

/** A news site's article with two frames of the embed: as our oEmbed answer writes it, and as WordPress wraps it. */
const article = (src: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>News</title></head><body>
<h1>An article</h1>
<iframe id="ours" src="${src}" width="390" height="480" title="Embed" style="border:0;max-width:100%" sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>
<iframe id="wordpress" src="${src}" width="390" height="480" title="Embed in a strict sandbox" sandbox="allow-scripts"></iframe>
</body></html>`;

beforeAll(async () => {
  host = createServer((req, res) => {
    const id = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('q') ?? question.id;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(article(`${stack.baseUrl}/embed/q/${id}`));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/article`;
  const { chromium } = await import('playwright-core');
  strictBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--test-third-party-cookie-phaseout'] });
  const created = await apiPost(admin.request, '/api/admin/questions', {
    text: blind.text,
    context: 'A blind question, embedded.',
    date: new Date().toISOString(),
    options: [
      { id: 'yes', text: 'Yes' },
      { id: 'no', text: 'No' },
    ],
    isBlind: true,
  });
  blind.id = await publishQuestion(admin.request, String(created.id));
  const voter = await stackPage();
  try {
    const id = await signUpApi(voter.context.request, { name: 'Embed Voter', email: `${randomUsername('e2eem_')}@example.co.za` });
    await answerApi(voter.context.request, id, question.id, 'no');
    await answerApi(voter.context.request, id, blind.id, 'no');
  } finally {
    await voter.context.close();
  }
}, 120_000);

afterAll(async () => {
  await strictBrowser?.close();
  await new Promise((resolve) => host?.close(resolve));
});

/** The news site's page showing `id`'s embed. */
const articleUrl = (id: string) => `${hostUrl}?q=${id}`;

test('third-party cookies blocked, at 360 and 390 px: a signed-out reader signs up in the popup, answers, and the frame shows the blind results', async () => {
  for (const viewport of [NARROW_VIEWPORT, VIEWPORT]) {
    const { context, page } = await newMobilePage(strictBrowser, { baseURL: stack.baseUrl, viewport });
    try {
      await page.goto(articleUrl(blind.id));
      const frame = page.frameLocator('#ours');
      await expectVisible(frame.getByRole('heading', { name: `${blind.text}?` }), 15_000);
      // Blind and not answered here: the total only.
      await expectVisible(frame.getByText('The results show once you have made your prediction.'));
      await expect(frame.getByRole('list', { name: 'National results' }).count()).resolves.toBe(0);

      const popupOpened = context.waitForEvent('page');
      await frame.getByRole('button', { name: 'NO' }).click();
      const popup = await popupOpened;
      await expectVisible(popup.getByText('Log in or create an account to make your prediction.'), 15_000);
      await popup.getByRole('button', { name: 'Create an account' }).click();
      const dialog = popup.getByRole('dialog');
      await dialog.getByLabel('Username').fill(randomUsername('e2eem_'));
      await dialog.getByLabel('Password').fill('embed-reader-password');
      await dialog.getByLabel('Full Name').fill('Embed Newcomer');
      await dialog.getByRole('checkbox', { name: /I agree/ }).check();
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      // Still the popup (not sent to /vote), now signed in: the choice made in the frame, to confirm.
      await expectVisible(popup.getByRole('button', { name: 'Confirm NO' }), 15_000);
      expect(new URL(popup.url()).pathname).toBe(`/embed/answer/${blind.id}`);
      await closeToasts(popup);
      await expectAccessible(popup, `embed popup ${viewport.width}`);
      await popup.getByRole('button', { name: 'Confirm NO' }).click();
      await expectVisible(popup.getByText('Your prediction is in.'), 15_000);

      // The frame has the reader's token: their answer and the blind question's figures.
      await expectVisible(frame.getByText('You predicted NO'), 15_000);
      await expectVisible(frame.getByRole('list', { name: 'National results' }));
      await expectVisible(frame.getByText('100%'));
      await screenshot(page, `embed-blind-answered-${viewport.width}`);
    } finally {
      await context.close();
    }
  }
}, 180_000);

test('on a news site: YES opens the answer popup, the reader confirms, and the frame shows their answer and the results', async () => {
  const { context, page } = await stackPage();
  try {
    await signUpApi(context.request, { name: 'Embed Reader', email: `${randomUsername('e2eem_')}@example.co.za` });
    await page.goto(hostUrl);
    const frame = page.frameLocator('#ours');
    await expectVisible(frame.getByRole('heading', { name: `${question.text}?` }), 15_000);
    await expectVisible(frame.getByRole('button', { name: 'YES' }));
    await expect(frame.getByRole('link', { name: 'Answer on Mzansi Predicts' }).isHidden()).resolves.toBe(true);

    const popupOpened = context.waitForEvent('page');
    await frame.getByRole('button', { name: 'YES' }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe(`/embed/answer/${question.id}`);
    await expectVisible(popup.getByRole('heading', { name: `${question.text}?` }), 15_000);
    await expectAccessible(popup, 'embed answer popup');
    await screenshot(popup, 'embed-popup');
    await popup.getByRole('button', { name: 'Confirm YES' }).click();
    await expectVisible(popup.getByText('Your prediction is in.'), 15_000);

    // The frame took the popup's token and shows the reader's answer and the figures (1 YES, 1 NO).
    await expectVisible(frame.getByText('You predicted YES'), 15_000);
    await expectVisible(frame.getByRole('list', { name: 'National results' }));
    await expect(frame.getByText('50%').count()).resolves.toBe(2);
    await expect(frame.getByRole('button', { name: 'YES' }).count()).resolves.toBe(0);
    await screenshot(page, 'embed-on-news-site');

    // Having answered, the frame follows the results live: another voter's NO moves them to 33 % / 67 %.
    const another = await stackPage();
    try {
      const id = await signUpApi(another.context.request, { name: 'Embed Latecomer', email: `${randomUsername('e2eem_')}@example.co.za` });
      await answerApi(another.context.request, id, question.id, 'no');
    } finally {
      await another.context.close();
    }
    await expectVisible(frame.getByText('67%'), 20_000);
    await expectVisible(frame.getByText('3 predictions so far'));
  } finally {
    await context.close();
  }
}, 120_000);

test('signed out, the popup asks the reader to log in or create an account', async () => {
  const { context, page } = await stackPage();
  try {
    await page.goto(`/embed/answer/${question.id}?option=no`);
    await expectVisible(page.getByText('Log in or create an account to make your prediction.'), 15_000);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectVisible(page.getByRole('dialog'));
  } finally {
    await context.close();
  }
});

test('in a strict sandbox (allow-scripts only): the question, its results and the link, no buttons', async () => {
  const { context, page } = await stackPage();
  try {
    await page.goto(hostUrl);
    const frame = page.frameLocator('#wordpress');
    await expectVisible(frame.getByRole('heading', { name: `${question.text}?` }), 15_000);
    await expectVisible(frame.getByRole('link', { name: 'Answer on Mzansi Predicts' }));
    expect(await frame.getByRole('link', { name: 'Answer on Mzansi Predicts' }).getAttribute('href')).toBe(`${stack.baseUrl}/q/${question.id}`);
    await expect(frame.getByRole('button', { name: 'YES' }).isVisible()).resolves.toBe(false);
    await expectVisible(frame.getByRole('list', { name: 'National results' }));
    // Styled like the others: the embed's stylesheet loads in an opaque origin too.
    expect(await frame.locator('.embed__brand').evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
    await screenshot(page, 'embed-strict-sandbox');
  } finally {
    await context.close();
  }
});

test('every language: the embed in isiZulu, Afrikaans and Sesotho, axe-clean', async () => {
  const { context, page } = await stackPage({ viewport: NARROW_VIEWPORT });
  try {
    const hints = {
      zu: ['Uqinisekisa isibikezelo sakho efasiteleni elisha.', 'Imiphumela ivela uma usenze isibikezelo sakho.'],
      af: ["Jy bevestig jou voorspelling in 'n nuwe venster.", 'Die uitslae wys sodra jy jou voorspelling gemaak het.'],
      st: ['O netefatsa ponelopele ya hao fensetereng e ntjha.', 'Diphetho di bontshwa hang ha o entse ponelopele ya hao.'],
    } as const;
    for (const [lang, texts] of Object.entries(hints)) {
      await page.goto(`/embed/q/${blind.id}?lang=${lang}`);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      for (const text of texts) await expectVisible(page.getByText(text));
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page, `embed ${lang}`);
    }
  } finally {
    await context.close();
  }
});

test('no other page of the product can be framed by another site', async () => {
  const { context, page } = await stackPage();
  try {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|X-Frame-Options/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(hostUrl);
    await page.evaluate((base) => {
      for (const p of ['/', '/vote', `/embed/answer/x`, '/open-data']) {
        const f = document.createElement('iframe');
        f.src = base + p;
        document.body.append(f);
      }
    }, stack.baseUrl);
    await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  } finally {
    await context.close();
  }
});

test('the embed at 360 × 800 and 390 × 844, light and dark: axe-clean, nothing wider than the frame', async () => {
  for (const viewport of [NARROW_VIEWPORT, VIEWPORT]) {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await stackPage({ viewport });
      try {
        await page.goto(`/embed/q/${question.id}?theme=${theme}`);
        await expectVisible(page.getByRole('button', { name: 'NO' }));
        await expectNoHorizontalOverflow(page);
        await expectAccessible(page, `embed ${theme} ${viewport.width}`);
        await screenshot(page, `embed-${theme}-${viewport.width}`);
      } finally {
        await context.close();
      }
    }
  }
}, 120_000);
