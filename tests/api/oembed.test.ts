import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OEmbedRich } from '@mzansi/api';
import { cspDirectives, createQuestionAs, expectCleanError, PUBLIC_URL, signInAdmin, startGatewayForTest, startServicesForTest, type Browser } from './helpers.js';
import { builtWebDist } from './web-dist.js';

/**
 * oEmbed 1.0 (https://oembed.com) for a question's own link: the discovery link on /q/{id}, a `rich` answer with the
 * spec's required fields, the consumer's maximum size, every value of the html escaped, only this site's question
 * URLs; and framing: only /embed/q/{id} may be framed by other sites, every other route refuses.
 */
let system: Awaited<ReturnType<typeof startServicesForTest>>;
let gw: Awaited<ReturnType<typeof startGatewayForTest>>;
let admin: Browser;
let questionId: string;
let draftId: string;
const text = `Will "Bafana" & <b>Bafana</b> qualify ${randomUUID().slice(0, 6)}`;
const link = (id: string) => `${PUBLIC_URL}/q/${id}`;
const oembed = (query: Record<string, string>) => gw.browser().get(`/oembed?${new URLSearchParams(query).toString()}`);

beforeAll(async () => {
  const dist = builtWebDist('gw-oembed-');
  system = await startServicesForTest();
  gw = await startGatewayForTest(system.identityAddress, { ...system.gatewayEnv, EVENTS_NAMESPACE: system.ns, SERVE_WEB: 'true', WEB_DIST: dist });
  admin = await signInAdmin(gw);
  questionId = await createQuestionAs(admin, text);
  draftId = await createQuestionAs(admin, `A draft ${randomUUID().slice(0, 6)}`, false);
  await system.projected(questionId);
}, 60_000);

afterAll(async () => {
  await gw?.stop().catch(() => undefined);
  await system?.cleanup();
});

describe('oEmbed', () => {
  it('/q/{id} advertises its oEmbed answer', async () => {
    const page = await gw.browser().get(`/q/${questionId}`);
    expect(page.status).toBe(200);
    const m = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)" title="([^"]*)">/.exec(page.text);
    expect(m, 'the discovery link').not.toBeNull();
    const href = m![1]!.replaceAll('&amp;', '&');
    expect(href).toBe(`${PUBLIC_URL}/oembed?url=${encodeURIComponent(link(questionId))}&format=json`);
    expect(m![2]).not.toContain('<');
    const res = await gw.browser().get(href.slice(PUBLIC_URL.length));
    expect(res.status, res.text).toBe(200);
  });

  it('a rich answer with the spec’s required fields, the iframe of the embed, every value escaped', async () => {
    const res = await oembed({ url: link(questionId), format: 'json' });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = OEmbedRich.parse(res.json);
    // oEmbed 1.0 §2.3.4: type and version always; for rich, html, width and height.
    expect(body).toMatchObject({ type: 'rich', version: '1.0', width: 390, height: 480, provider_name: 'Mzansi Predicts', title: text });
    expect(body.html).toBe(
      `<iframe src="${PUBLIC_URL}/embed/q/${questionId}" width="390" height="480" title="${text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')}" loading="lazy" style="border:0;max-width:100%" sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>`,
    );
    expect(body.html).not.toContain('<b>');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('never larger than maxwidth and maxheight; the format defaults to json', async () => {
    const res = await oembed({ url: link(questionId), maxwidth: '300', maxheight: '250' });
    expect(res.json).toMatchObject({ width: 300, height: 250 });
    expect(res.json.html).toContain('width="300" height="250"');
    expect((await oembed({ url: `${link(questionId)}/`, maxwidth: '1000' })).json.width).toBe(390);
  });

  it('only this site’s own question links; 404 for unknown or unpublished questions; 501 for xml; 400 for bad input', async () => {
    for (const url of [
      `https://evil.example/q/${questionId}`,
      `http://user:pw@localhost:8080/q/${questionId}`,
      `${PUBLIC_URL}/q/${questionId}/preview.png`,
      `${PUBLIC_URL}/embed/q/${questionId}`,
      `${PUBLIC_URL}/profile`,
      'javascript:alert(1)',
      'not a url',
    ]) {
      expectCleanError(await oembed({ url }), 404, 'Not a question of this site');
    }
    expectCleanError(await oembed({ url: link(randomUUID()) }), 404);
    expectCleanError(await oembed({ url: link(draftId) }), 404);
    expectCleanError(await oembed({ url: link(questionId), format: 'xml' }), 501, 'Only format=json is available');
    expectCleanError(await oembed({ url: link(questionId), format: 'yaml' }), 400, 'format must be json');
    expectCleanError(await gw.browser().get('/oembed'), 400, 'url is required');
    expectCleanError(await oembed({ url: link(questionId), maxwidth: '0' }), 400, 'maxwidth must be at least 1');
    expectCleanError(await oembed({ url: link(questionId), maxheight: 'tall' }), 400, 'maxheight must be a number');
  });
});

describe('framing', () => {
  it('only /embed/q/{id} may be framed by other sites; every other route refuses to be framed', async () => {
    const embed = await fetch(`${gw.base}/embed/q/${questionId}`);
    expect(cspDirectives(embed.headers.get('content-security-policy'))['frame-ancestors']).toEqual(['*']);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    const paths = ['/', `/q/${questionId}`, `/q/${questionId}/preview.png`, '/profile', '/no-such-page', '/oembed', '/healthz', '/api/questions/today', '/api/public/v1/questions', '/api/docs', '/embed', '/embed/other'];
    for (const p of paths) {
      const res = await fetch(gw.base + p);
      expect(cspDirectives(res.headers.get('content-security-policy'))['frame-ancestors'], p).toEqual(["'none'"]);
      if (!p.startsWith('/api')) expect(res.headers.get('x-frame-options'), p).toBe('DENY');
    }
  });
});
