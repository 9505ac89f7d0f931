import type { WebSocketServer } from 'ws';
import { prom } from '@mzansi/kit/base';
import type { GatewayMetrics } from '../metrics.js';

/** The live channel's metrics, on the gateway's registry (names unchanged from before the split). */
export function createLiveMetrics(metrics: GatewayMetrics, wss: WebSocketServer) {
  const registers = [metrics.registry];
  new prom.Gauge({
    name: 'ws_buffered_bytes',
    help: 'Bytes written to sockets and not yet taken by the network (slow sockets are dropped past 1 MiB each)',
    registers,
    collect() {
      let bytes = 0;
      for (const c of wss.clients) bytes += c.bufferedAmount;
      this.set(bytes);
    },
  });
  return {
    connections: new prom.Gauge({ name: 'ws_connections', help: 'Open websocket connections', registers }),
    sent: new prom.Counter({ name: 'ws_messages_sent_total', help: 'Live messages delivered to sockets, by type', labelNames: ['type'] as const, registers }),
    dropped: new prom.Counter({ name: 'ws_clients_dropped_total', help: 'Sockets dropped, by reason', labelNames: ['reason'] as const, registers }),
    refused: new prom.Counter({
      name: 'ws_connections_refused_total',
      help: 'Live-channel sockets refused by the caps, by reason (address: WS_MAX_PER_IP, total: WS_MAX_TOTAL)',
      labelNames: ['reason'] as const,
      registers,
    }),
    results: new prom.Counter({
      name: 'ws_results_received_total',
      help: 'Results messages from voting, by outcome: sent, or dropped (not newer than one already sent: another voting replica\'s copy or an older read)',
      labelNames: ['outcome'] as const,
      registers,
    }),
  };
}

export type LiveMetrics = ReturnType<typeof createLiveMetrics>;
