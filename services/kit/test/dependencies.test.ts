import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { natsCheck, postgresCheck } from '../src/dependencies.js';
import { createMetrics } from '../src/metrics.js';
import { connectNats } from '../src/nats.js';
import { eventually } from '../src/testing.js';
import { logger, PrivateNatsServer } from './helpers.js';

/** A TCP hop to the local PostgreSQL that can be cut: the pool behind it loses its server. */
class CuttableHop {
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer((c) => {
    const up = net.connect(5432, '127.0.0.1');
    for (const s of [c, up]) {
      this.sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => this.sockets.delete(s));
    }
    c.pipe(up).pipe(c);
  });
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }
  cut(): void {
    this.server.close();
    for (const s of this.sockets) s.destroy();
  }
}

async function dependencyUp(metrics: ReturnType<typeof createMetrics>): Promise<Record<string, number>> {
  const m = await metrics.registry.getSingleMetric('dependency_up')!.get();
  return Object.fromEntries(m.values.map((v) => [String(v.labels.dependency), v.value]));
}

describe('dependency_up', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('drops to 0 when the process loses PostgreSQL or NATS, and NATS comes back to 1 on reconnect', async () => {
    const hop = new CuttableHop();
    const port = await hop.listen();
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, max: 2, connectionTimeoutMillis: 1_000 });
    pool.on('error', () => undefined);
    cleanups.push(() => pool.end());
    const nats = await PrivateNatsServer.create();
    cleanups.push(() => nats.kill());
    const nc = await connectNats(nats.url, 'kit-test', logger);
    cleanups.push(() => nc.close());

    const metrics = createMetrics('kit-test');
    metrics.observeDependency('postgres', postgresCheck(pool, 1_000));
    metrics.observeDependency('nats', natsCheck(nc));
    expect(await dependencyUp(metrics)).toEqual({ postgres: 1, nats: 1 });

    hop.cut();
    await nats.kill();
    await eventually(async () => expect(await dependencyUp(metrics)).toEqual({ postgres: 0, nats: 0 }), 10_000);

    await nats.start();
    await eventually(async () => expect((await dependencyUp(metrics)).nats).toBe(1), 15_000);
    expect((await dependencyUp(metrics)).postgres).toBe(0);
    expect(await metrics.registry.metrics()).toMatch(/^dependency_up\{dependency="nats",service="kit-test"\} 1$/m);
  });
});
