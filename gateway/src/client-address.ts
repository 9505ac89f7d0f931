import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Config } from './config.js';

/** TRUST_PROXY as express's `trust proxy` setting: true, false or a number of proxy hops. */
export function trustProxy(config: Pick<Config, 'TRUST_PROXY'>): boolean | number {
  return config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY === 'false' ? false : Number(config.TRUST_PROXY);
}

/**
 * The client's address with express's `req.ip` semantics (proxy-addr with a boolean or hop-count trust), for raw
 * requests express never sees (websocket upgrades): the socket's address, or with trusted proxies the entry of
 * X-Forwarded-For that many hops back (with `true`, the left-most one).
 */
export function clientAddress(req: IncomingMessage, trust: boolean | number): string {
  const chain = [req.socket.remoteAddress ?? ''];
  const header = req.headers['x-forwarded-for'];
  if (trust !== false && typeof header === 'string') {
    chain.push(
      ...header
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean)
        .reverse(),
    );
  }
  const hops = trust === true ? chain.length - 1 : trust === false ? 0 : trust;
  return chain[Math.min(hops, chain.length - 1)]!;
}

/**
 * The key a per-address limit counts under: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber
 * usually holds a whole /64, so counting single IPv6 addresses would not limit anyone).
 */
export function addressKey(address: string): string {
  const a = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) return mapped[1]!;
  if (isIP(a) !== 6) return a;
  const [head, tail] = a.includes('::') ? a.split('::') : [a, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const h = groups(head);
  const t = groups(tail);
  const full = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
