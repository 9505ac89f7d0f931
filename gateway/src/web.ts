import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { Router } from 'express';

/**
 * The built SPA: hashed assets cached for a year, index.html and /sw.js never cached (so a deploy is picked up),
 * and every other GET that is not /api or /ws answered with index.html (client-side routing).
 */
export function webRouter(dist: string): Router {
  const r = Router();
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    r.get(/^(?!\/api\/|\/ws).*/, (_req, res) => {
      res.status(503).type('text/plain').send('The web app is not built. Run `make up` (or `npm run build -w @mzansi/web`).');
    });
    return r;
  }
  // Text assets go out gzip-compressed (a 450 KB bundle is ~140 KB on the wire: it matters on mobile data).
  r.use(compression());
  r.get('/sw.js', (_req, res) => {
    res.set({ 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/' });
    res.sendFile(path.join(dist, 'sw.js'), (err) => {
      if (err && !res.headersSent) res.status(404).json({ message: 'Not found' });
    });
  });
  r.use(
    '/assets',
    express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  r.use(express.static(dist, { index: false, maxAge: '1h' }));
  r.get(/^(?!\/api\/|\/api$|\/ws).*/, (_req, res) => {
    res.set('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return r;
}
