import type { NatsConnection } from 'nats';
import type pg from 'pg';

/** What `dependency_up{dependency}` reports: each process's own connections (an exporter stays up when its server dies). */
export type Dependency = 'postgres' | 'redis' | 'nats';
export type DependencyCheck = () => boolean | Promise<boolean>;

/** NATS: up while the connection is open and not between a disconnect and its reconnect. */
export function natsCheck(nc: NatsConnection): DependencyCheck {
  let connected = true;
  (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') connected = false;
      else if (s.type === 'reconnect') connected = true;
    }
  })().catch(() => undefined);
  return () => connected && !nc.isClosed();
}

/**
 * PostgreSQL: a `SELECT 1` through the pool answers within `timeoutMs`. While callers queue for a connection the
 * last answer stands: a probe would only queue behind them and report a busy pool as a lost database.
 */
export function postgresCheck(pool: pg.Pool, timeoutMs = 2_000): DependencyCheck {
  let last = true;
  return async () => {
    if (pool.waitingCount > 0) return last;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    last = await Promise.race([pool.query('SELECT 1').then(() => true, () => false), timeout]);
    clearTimeout(timer);
    return last;
  };
}
