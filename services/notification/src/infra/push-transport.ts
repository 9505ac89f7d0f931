import http from 'node:http';
import https from 'node:https';
import { promises as dns } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { pushEndpointAllowed, type PushEndpointPolicy } from '@mzansi/api';
import { isSpecialPurpose } from './special-addresses.js';

/** A name's addresses (the system resolver's `dns.lookup(name, {all: true})`; tests give their own). */
export type PushLookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemLookup: PushLookup = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** A refusal no retry can change: the endpoint breaks the rule, or its host points somewhere it must not. */
export class RefusedEndpoint extends Error {}

export interface PushResponse {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

/** The most of an answer's body kept (for the log); past 64 times this the rest is not read (the socket is closed). */
const MAX_BODY = 1024;

/**
 * Posts to push endpoints, safely: the endpoint is checked against the rule again (the stored one may predate it),
 * its host is resolved once, every address it resolves to must lie outside the special-purpose ranges, and the
 * connection goes to exactly that checked address (the socket's lookup answers it, so nothing resolves the name a
 * second time and a name that changes its answer in between cannot redirect the request). Redirects are not
 * followed: a 3xx is the push service's answer, and the caller treats it as a failure. Only the configured
 * development origin (a local fake push service) skips the address check.
 */
export class PushTransport {
  private readonly agents = {
    'https:': new https.Agent({ keepAlive: true }),
    'http:': new http.Agent({ keepAlive: true }),
  };

  constructor(private readonly o: { policy: PushEndpointPolicy; lookup?: PushLookup }) {}

  /** The address a delivery to this endpoint would connect to; throws RefusedEndpoint, or the resolver's error. */
  async checkedAddress(endpoint: string, signal?: AbortSignal): Promise<{ url: URL; address: string; family: 4 | 6 }> {
    if (!pushEndpointAllowed(endpoint, this.o.policy)) throw new RefusedEndpoint('endpoint is not on a known push service');
    const url = new URL(endpoint);
    const dev = !!this.o.policy.devOrigin && url.origin === new URL(this.o.policy.devOrigin).origin;
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await untilAborted((this.o.lookup ?? systemLookup)(host), signal);
    if (answers.length === 0) throw new Error(`no address for ${host}`);
    if (!dev) {
      const bad = answers.find((a) => isSpecialPurpose(a.address));
      if (bad) throw new RefusedEndpoint(`${host} resolves to ${bad.address}, a special-purpose address`);
    }
    const first = answers[0]!;
    return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  async post(endpoint: string, request: { headers: Record<string, string>; body: Buffer | undefined; signal: AbortSignal }): Promise<PushResponse> {
    const { url, address, family } = await this.checkedAddress(endpoint, request.signal);
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) (callback as (err: null, all: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const protocol = url.protocol as 'https:' | 'http:';
    return new Promise<PushResponse>((resolve, reject) => {
      const req = (protocol === 'https:' ? https : http).request(
        {
          protocol,
          hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: url.port || (protocol === 'https:' ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(request.body?.length ?? 0) },
          agent: this.agents[protocol],
          lookup,
          signal: request.signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () => {
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_BODY), retryAfter: header(res.headers['retry-after']) });
          };
          res.on('data', (c: Buffer) => {
            if (size < MAX_BODY) chunks.push(c);
            size += c.length;
            if (size > 64 * MAX_BODY) {
              res.destroy();
              done();
            }
          });
          res.on('end', done);
          res.on('error', () => done());
        },
      );
      req.on('error', reject);
      req.end(request.body);
    });
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agents['https:'].destroy();
    this.agents['http:'].destroy();
  }
}

/** The promise, or the signal's reason once it aborts (the resolver takes no signal; a slow one must not hold a send). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
