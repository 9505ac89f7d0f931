import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

/** The web from Vite's dev server (`make dev`): its pages and modules, and its hot-module-replacement socket. */
export interface WebDevProxy {
  /** Every request the gateway's own routes left (pages, /src/…, /@vite/…, assets) goes to Vite. */
  handler: RequestHandler;
  /** Websocket upgrades other than the live channel's /ws: Vite's HMR socket. */
  upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
}

/**
 * Development only (WEB_DEV_SERVER_URL, refused in production by config.ts). The page keeps the gateway's origin, so
 * /api, /ws and the session cookie work as in production; Vite's client opens its HMR socket on that origin too and
 * the gateway passes the upgrade on. The page's Content-Security-Policy is dropped here: Vite injects inline module
 * scripts (React Fast Refresh's preamble) that the production policy refuses.
 */
export function webDevProxy(target: string): WebDevProxy {
  const proxy = createProxyMiddleware<IncomingMessage>({ target, ws: false, xfwd: true });
  const handler: RequestHandler = (req, res, next) => {
    res.removeHeader('Content-Security-Policy');
    void proxy(req, res, next);
  };
  return { handler, upgrade: (req, socket, head) => proxy.upgrade(req, socket as Socket, head) };
}
