import { WebSocket, type WebSocketServer } from 'ws';
import type { LiveSocket } from './admission.js';
import { MAX_BUFFERED, messageBytes, type FanoutHooks, type LiveMessage } from './fanout.js';

const TEXT = { binary: false } as const;

/**
 * The signed-in sockets of this replica by user id, so a message for one person (an inbox item) is written to
 * their sockets only: never broadcast and filtered in the browser. Signed-out sockets are not indexed.
 */
export function createUserSockets(wss: WebSocketServer, hooks: FanoutHooks) {
  const byUser = new Map<string, Set<LiveSocket>>();

  function forget(this: LiveSocket) {
    const set = this.userId ? byUser.get(this.userId) : undefined;
    if (!set) return;
    set.delete(this);
    if (set.size === 0) byUser.delete(this.userId!);
  }

  const onConnection = (ws: LiveSocket) => {
    if (!ws.userId) return;
    let set = byUser.get(ws.userId);
    if (!set) byUser.set(ws.userId, (set = new Set()));
    set.add(ws);
    ws.once('close', forget);
  };
  wss.on('connection', onConnection);

  return {
    /** Writes the message to the person's open sockets on this replica; how many got it. */
    send(userId: string, message: LiveMessage): number {
      const set = byUser.get(userId);
      if (!set) return 0;
      const bytes = messageBytes(message);
      let n = 0;
      for (const ws of set) {
        if (ws.readyState !== WebSocket.OPEN) continue;
        if (ws.bufferedAmount > MAX_BUFFERED) {
          hooks.droppedSlow();
          ws.terminate();
          continue;
        }
        ws.send(bytes, TEXT);
        n++;
      }
      hooks.sent(message.type, n);
      return n;
    },
    stop() {
      wss.off('connection', onConnection);
      byUser.clear();
    },
  };
}
