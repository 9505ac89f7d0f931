// When the live channel tries again after it closed. Pure (no browser APIs): the bench's reconnect storm replays
// 15,000 pages through this same function (load-tests/bench/phases/reconnect-storm.ts).

/**
 * The first reconnect's delay; each further failed attempt doubles it, up to LIVE_RECONNECT_MAX_MS, and an open
 * socket starts again from here. A gateway that is restarted closes its sockets with 1012 and the load balancer
 * sends the reconnect to another replica, so the first try usually succeeds within a second or two.
 */
export const LIVE_RECONNECT_MS = 1000;
export const LIVE_RECONNECT_MAX_MS = 30_000;
/**
 * After the gateway refuses the channel (1008: too many sockets from this address, e.g. many tabs behind one
 * carrier NAT; 1013: the server is busy), the next try waits this long instead: retrying every second would only add
 * load. The app works without the live channel (queries refresh on their own).
 */
export const LIVE_REFUSED_RECONNECT_MS = 60_000;
const REFUSED_CODES = new Set([1008, 1013]);
/**
 * Reconnects wait up to half as long again, at random: a gateway that restarts drops all its sockets at once, and
 * without the spread they would all come back in the same instant.
 */
export const RECONNECT_JITTER = 0.5;

/**
 * After a reconnect, what the socket carries is fetched once (messages sent while it was down are lost), each page
 * at a random moment within this window so that a gateway's thousands of returning pages do not ask at once.
 */
export const RESYNC_WINDOW_MS = 10_000;

/** The wait before the next try: `failures` closes since the socket last opened (0 for the first), jittered. */
export function reconnectDelay(failures: number, closeCode: number | undefined, random: () => number, reconnectMs = LIVE_RECONNECT_MS, refusedReconnectMs = LIVE_REFUSED_RECONNECT_MS): number {
  const base = closeCode !== undefined && REFUSED_CODES.has(closeCode) ? refusedReconnectMs : Math.min(LIVE_RECONNECT_MAX_MS, reconnectMs * 2 ** failures);
  return base * (1 + RECONNECT_JITTER * random());
}

/** Whether a close code means the gateway refused the channel (the caller may log it). */
export const refusedClose = (code: number | undefined) => code !== undefined && REFUSED_CODES.has(code);
