import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createHttpServer, listenHttp } from '../src/http-server.js';

const TIMEOUTS = { HTTP_REQUEST_TIMEOUT_MS: 30_000, HTTP_HEADERS_TIMEOUT_MS: 20_000, HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000 };
let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

/** The accept-queue length of the socket listening on this port, as the kernel reports it (ss: Send-Q). */
function acceptQueue(port: number): number {
  const line = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).trim();
  return Number(line.split(/\s+/)[2]);
}

it('listens with the configured accept queue, not Node’s 511, and still refuses a port that is taken', async () => {
  const server = createHttpServer((_req, res) => res.end('ok'), TIMEOUTS, []);
  await listenHttp(server, { PORT: 0, HOST: '127.0.0.1', LISTEN_BACKLOG: 1500 });
  close = () => new Promise((r) => server.close(() => r()));
  const { port } = server.address() as AddressInfo;
  expect(acceptQueue(port)).toBe(1500);
  expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');

  const second = createHttpServer(() => undefined, TIMEOUTS, []);
  await expect(listenHttp(second, { PORT: port, HOST: '127.0.0.1', LISTEN_BACKLOG: 1500 })).rejects.toMatchObject({ code: 'EADDRINUSE' });
});
