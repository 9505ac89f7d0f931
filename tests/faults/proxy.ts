import net from 'node:net';

export type ProxyMode = { kind: 'pass' } | { kind: 'latency'; ms: number } | { kind: 'blackhole' };

/**
 * A TCP proxy for fault injection between the gateway and one service. `latency` delays every chunk both ways
 * (order kept); `blackhole` cuts the open connections and then accepts new ones but never forwards a byte.
 * Leaving `blackhole` cuts the held connections so that clients reconnect.
 */
export class FaultProxy {
  private server = net.createServer((c) => this.onConnection(c));
  private sockets = new Set<net.Socket>();
  private mode: ProxyMode = { kind: 'pass' };
  port = 0;

  constructor(private readonly targetPort: number) {}

  async listen(port = 0): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  setMode(mode: ProxyMode): void {
    const wasBlackhole = this.mode.kind === 'blackhole';
    this.mode = mode;
    if (mode.kind === 'blackhole' || wasBlackhole) this.cutAll();
  }

  cutAll(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  private track(s: net.Socket) {
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
    s.on('error', () => s.destroy());
  }

  private onConnection(client: net.Socket) {
    this.track(client);
    if (this.mode.kind === 'blackhole') {
      client.on('data', () => undefined); // read and drop: accepted, never answered
      return;
    }
    const upstream = net.connect(this.targetPort, '127.0.0.1');
    this.track(upstream);
    const pipe = (from: net.Socket, to: net.Socket) => {
      let last = 0; // when the previous chunk goes out: a later chunk never overtakes it
      from.on('data', (chunk) => {
        const delay = this.mode.kind === 'latency' ? this.mode.ms : 0;
        const at = Math.max(Date.now() + delay, last);
        last = at;
        const send = () => {
          if (!to.destroyed) to.write(chunk);
        };
        if (at <= Date.now()) send();
        else setTimeout(send, at - Date.now());
      });
      from.on('close', () => {
        const wait = Math.max(0, last - Date.now());
        setTimeout(() => to.destroy(), wait);
      });
    };
    pipe(client, upstream);
    pipe(upstream, client);
  }

  async close(): Promise<void> {
    this.cutAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
