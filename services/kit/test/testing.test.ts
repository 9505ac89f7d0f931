import { readFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/testing.js';

const ephemeralLow = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

describe('freePort (the ports test stacks hand to child processes)', () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

  it('hands out ports below the ephemeral range, so outgoing connections cannot take them before the child binds', async () => {
    // Many outgoing connections draw local ports from the ephemeral range while the ports are probed.
    const sink = createServer((s) => s.destroy());
    servers.push(sink);
    await new Promise<void>((r) => sink.listen(0, '127.0.0.1', () => r()));
    const sinkPort = (sink.address() as AddressInfo).port;
    const sockets = Array.from({ length: 50 }, () => connect(sinkPort, '127.0.0.1').on('error', () => undefined));
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    sockets.forEach((s) => s.destroy());
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
    expect(new Set(ports).size).toBeGreaterThan(30);
  });

  it('never hands out a port something already listens on', async () => {
    const held = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const port = await freePort();
        const srv = createServer();
        servers.push(srv);
        await new Promise<void>((resolve, reject) => srv.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
        return port;
      }),
    );
    const next = await Promise.all(Array.from({ length: 2000 }, () => freePort()));
    for (const port of next) expect(held).not.toContain(port);
  });
});
