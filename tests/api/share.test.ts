// A question's own link (/q/{id}): the app's page with Open Graph / Twitter tags and a 1200 × 630 PNG card, only
// for what the public results expose, against the real services.
import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapText } from '../../gateway/src/share-card.js';
import { createQuestionAs, PUBLIC_URL, signInAdmin, signUp, startGatewayForTest, startServicesForTest, uname, until, type Browser } from './helpers.js';
import { builtWebDist } from './web-dist.js';

let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let admin: Browser;
let questionId: string;
let draftId: string;
const tag = randomUUID().slice(0, 6);
const text = `Will "Bafana" & <b>Bafana</b> qualify for the World Cup ${tag}`;


const create = (questionText: string) => createQuestionAs(admin, questionText, false);

/** The content of every `<meta property|name=key>` in a page. */
function metas(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) out[m[1]!] = m[2]!;
  return out;
}

beforeAll(async () => {
  const dist = builtWebDist('gw-share-', { head: '<meta name="description" content="Make one political prediction a day.">\n<title>Mzansi Predicts</title>', css: 'body{margin:0}' });
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, SERVE_WEB: 'true', WEB_DIST: dist });
  admin = await signInAdmin(gw);
  questionId = await create(text);
  expect((await admin.post(`/api/admin/questions/${questionId}/publish`)).status).toBe(200);
  await system.projected(questionId);
  draftId = await create(`Is this still a draft ${tag}`);
  // Three votes: two YES, one NO.
  for (const option of ['yes', 'yes', 'no']) {
    const b = gw.browser();
    const user = await signUp(b, uname('share'));
    const vote = await b.post('/api/answers', { questionId, optionId: option, userId: user.id });
    expect(vote.status, vote.text).toBe(201);
  }
  // The split is read through the voting service's counts (eventually consistent).
  await until(async () => {
    const r = await gw.browser().get(`/api/questions/${questionId}/public-results`);
    return r.json?.totalVotes === 3 ? true : undefined;
  }, 10_000);
});

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

describe('GET /q/{id}', () => {
  it('is the app page with the question as title, description, Open Graph and Twitter tags (absolute URLs)', async () => {
    const res = await gw.browser().get(`/q/${questionId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = res.text;
    // #root holds the server-drawn history chart until the app renders over it (next test).
    expect(html).toContain('<div id="root"><main class="share-history">');
    const m = metas(html);
    const escaped = `Will &quot;Bafana&quot; &amp; &lt;b&gt;Bafana&lt;/b&gt; qualify for the World Cup ${tag}?`;
    expect(html).toContain(`<title>${escaped} | Mzansi Predicts</title>`);
    expect(m['og:title']).toBe(`${escaped} | Mzansi Predicts`);
    expect(m['og:description']).toMatch(/^Day \d+: what do you predict\? South Africa says: YES 67% · NO 33% · 3 votes$/);
    expect(m.description).toBe(m['og:description']);
    expect(m['og:url']).toBe(`${PUBLIC_URL}/q/${questionId}`);
    expect(m['og:image']).toMatch(new RegExp(`^${PUBLIC_URL}/q/${questionId}/preview\\.png\\?v=[\\w-]+$`));
    expect([m['og:image:width'], m['og:image:height'], m['og:image:type']]).toEqual(['1200', '630', 'image/png']);
    expect(m['twitter:card']).toBe('summary_large_image');
    expect(m['twitter:image']).toBe(m['og:image']);
    // The question's raw markup never reaches the page outside the escaped JSON the app reads.
    expect(html).not.toContain('<b>Bafana');
    const json = /<script type="application\/json" id="shared-question">([^<]*)<\/script>/.exec(html)?.[1];
    const shared = JSON.parse(json!) as { id: string; text: string; totalVotes: number };
    expect(shared).toMatchObject({ id: questionId, text, totalVotes: 3 });
  });

  it('is gzip-compressed when the client accepts it', async () => {
    const res = await fetch(`${gw.base}/q/${questionId}`, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // undici decodes gzip itself; what matters is the header, and that the body is the page.
    const body = Buffer.from(await res.arrayBuffer());
    const text = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body).toString() : body.toString();
    expect(text).toContain('og:image');
  });

  it('drafts, unknown ids and malformed ids are a 404 (drafts show nothing of the question)', async () => {
    const draft = await gw.browser().get(`/q/${draftId}`);
    expect(draft.status).toBe(404);
    expect(draft.text).toContain('<meta name="robots" content="noindex">');
    expect(draft.text).not.toContain('still a draft');
    expect((await gw.browser().get(`/q/${randomUUID()}`)).status).toBe(404);
    expect((await gw.browser().get('/q/not-a-uuid')).status).toBe(404);
    expect((await gw.browser().get(`/q/${draftId}/preview.png`)).status).toBe(404);
    expect((await gw.browser().get(`/q/${randomUUID()}/preview.png`)).status).toBe(404);
    // The image's id is checked like every API id (400); no PNG is rendered for it.
    const bad = await gw.browser().get('/q/x%00y/preview.png');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('a deleted question is a 404 as soon as the gateway hears of it, though its card was cached', async () => {
    const id = await create(`Soon deleted ${tag}`);
    expect((await admin.post(`/api/admin/questions/${id}/publish`)).status).toBe(200);
    expect((await gw.browser().get(`/q/${id}`)).status).toBe(200);
    expect((await gw.browser().get(`/q/${id}/preview.png`)).status).toBe(200);
    expect((await admin.req('DELETE', `/api/admin/questions/${id}`)).status).toBeLessThan(300);
    await until(async () => ((await gw.browser().get(`/q/${id}/preview.png`)).status === 404 ? true : undefined), 2_000);
    expect((await gw.browser().get(`/q/${id}`)).status).toBe(404);
  });
});

describe('GET /q/{id}/preview.png', () => {
  it('draws how the nation moved as an inline, accessible SVG chart, every text escaped', async () => {
    const html = (await gw.browser().get(`/q/${questionId}`)).text;
    const root = /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    const svg = /<svg [^>]*role="img"[^>]*>[\s\S]*?<\/svg>/.exec(root)?.[0];
    expect(svg, root).toBeDefined();
    expect(svg).toContain(`aria-labelledby="history-title-${questionId}"`);
    const title = new RegExp(`<title id="history-title-${questionId}">([^<]*)</title>`).exec(svg!)?.[1];
    expect(title).toContain('How South Africa moved on “Will &quot;Bafana&quot; &amp; &lt;b&gt;Bafana&lt;/b&gt; qualify');
    expect(title).toMatch(/Yes 67%, No 33% of 3 votes$/);
    // One line per option through the points with votes, and the publication mark.
    expect(svg!.match(/<path d="M[\d. ML]+"/g)).toHaveLength(2);
    expect(svg).toContain('>Published</text>');
    expect(svg).not.toContain('>Resolved</text>');
    expect(root).not.toContain('<b>');
    // No script can come out of the question text: only the app's own elements are in the root.
    expect(root).not.toMatch(/<script|on\w+=/i);
  });

  it('is a 1200 × 630 PNG, cacheable for a minute, with an ETag that answers 304', async () => {
    const res = await fetch(`${gw.base}/q/${questionId}/preview.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const png = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // Not a blank card: the text and bars make many colours.
    const { channels } = await sharp(png).stats();
    expect(channels[0]!.stdev).toBeGreaterThan(20);
    const etag = res.headers.get('etag')!;
    const again = await fetch(`${gw.base}/q/${questionId}/preview.png`, {
      // fetch itself adds `Cache-Control: no-cache` (an end-to-end reload) to a conditional request without one.
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });
});

describe('wrapText', () => {
  it('wraps at word boundaries, cuts overlong words and ends cut text with an ellipsis', () => {
    expect(wrapText('Will the rand be stronger than 18 to the dollar on Friday', 20, 4)).toEqual([
      'Will the rand be',
      'stronger than 18 to',
      'the dollar on Friday',
    ]);
    expect(wrapText('a'.repeat(50), 10, 2)).toEqual(['aaaaaaaaa…']);
    const cut = wrapText('one two three four five six seven eight nine ten', 10, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
  });
});
