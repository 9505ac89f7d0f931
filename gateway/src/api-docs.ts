import { createHash } from 'node:crypto';
import { Router, type Response } from 'express';
import { openApiDocument } from '@mzansi/api';
import { escapeXml } from './share-card.js';

type Json = Record<string, any>;

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1a1a1a}
h2{margin-top:2rem;border-bottom:1px solid #ccc}section{margin:1rem 0;padding:.5rem .75rem;border:1px solid #e2e2e2;border-radius:6px}
code.m{display:inline-block;min-width:4.5rem;font-weight:700}.p{font-family:monospace}.a{color:#666;font-size:.85em}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:12px;max-height:30rem}summary{cursor:pointer}`;
/** The page's only style, allowed by its hash: the API's CSP (default-src 'none') stays otherwise as it is. */
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const DOCS_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'none'`;

const schemaBlock = (title: string, schema: unknown) =>
  `<details><summary>${escapeXml(title)}</summary><pre>${escapeXml(JSON.stringify(schema, null, 1))}</pre></details>`;

function operationHtml(method: string, path: string, op: Json): string {
  const parts = [`<code class="m">${method.toUpperCase()}</code> <span class="p">${escapeXml(path)}</span>`];
  parts.push(`<div>${escapeXml(op.summary ?? '')} <span class="a">${escapeXml(op.description ?? 'Anyone.')}</span></div>`);
  for (const p of op.parameters ?? []) parts.push(schemaBlock(`${p.in} ${p.name}${p.required ? '' : ' (optional)'}`, p.schema));
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body) parts.push(schemaBlock('Request body (JSON)', body));
  for (const [status, r] of Object.entries<Json>(op.responses ?? {})) {
    const [media, content] = Object.entries<Json>(r.content ?? {})[0] ?? [];
    if (content?.schema) parts.push(schemaBlock(`${status} ${r.description}`, content.schema));
    else parts.push(`<div>${escapeXml(status)} ${escapeXml(r.description)}${media ? ` (${escapeXml(media)})` : ''}</div>`);
  }
  return `<section id="${escapeXml(op.operationId)}">${parts.join('\n')}</section>`;
}

/** The reference page: every route of the document by tag, with its parameters, body and answers. */
export function docsHtml(doc: Json): string {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(ops)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2>${escapeXml(tag)}</h2>\n${ops.join('\n')}`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeXml(doc.info.title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeXml(doc.info.title)}</h1><p>${escapeXml(doc.info.description)}</p>
<p>Every error is <code>{"message", "code"?, "params"?}</code>. The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${sections}
<h2>Schemas</h2><p>The named schemas the routes refer to (<code>#/components/schemas/…</code>); <code>LiveMessage</code> is every message of the live channel (/ws).</p>
${Object.entries<unknown>(doc.components.schemas).map(([name, schema]) => schemaBlock(name, schema)).join('\n')}
</body></html>`;
}

/**
 * GET /api/openapi.json and GET /api/docs: the contract's OpenAPI 3.1 document and its reference page, generated
 * once at start (the route table does not change while the gateway runs) and served from our own origin. Public;
 * browsers and proxies may keep them an hour, revalidating by ETag.
 */
export function apiDocsRouter(): Router {
  const doc = openApiDocument();
  const json = Buffer.from(JSON.stringify(doc));
  const html = Buffer.from(docsHtml(doc));
  const etag = (b: Buffer) => `"${createHash('sha1').update(b).digest('base64url').slice(0, 16)}"`;
  const served = { json: { body: json, tag: etag(json) }, html: { body: html, tag: etag(html) } };
  const send = (res: Response, fresh: boolean, { body, tag }: { body: Buffer; tag: string }, type: string) => {
    res.set({ 'Cache-Control': 'public, max-age=3600', ETag: tag });
    if (fresh) return void res.status(304).end();
    res.type(type).send(body);
  };
  const r = Router();
  r.get('/openapi.json', (req, res) => send(res, req.get('if-none-match') === served.json.tag, served.json, 'application/json'));
  r.get('/docs', (req, res) => {
    res.set('Content-Security-Policy', DOCS_CSP);
    send(res, req.get('if-none-match') === served.html.tag, served.html, 'html');
  });
  return r;
}
