import http, { STATUS_CODES, type RequestListener } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Config } from './config.js';

type Timeouts = Pick<Config, 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'>;

/**
 * The gateway's HTTP server with its timeouts set explicitly rather than left to Node's defaults (300 s for a
 * request): a request must arrive whole within HTTP_REQUEST_TIMEOUT_MS and its headers within
 * HTTP_HEADERS_TIMEOUT_MS, so clients trickling headers or a body cannot hold sockets for minutes. Node checks those
 * deadlines on a timer (every 30 s by default); it runs every quarter of the request timeout here (at most 5 s),
 * so a slow request is cut off close to its deadline. Upgraded sockets (websockets) are not requests any more and
 * are not affected. Idle keep-alive connections last HTTP_KEEP_ALIVE_TIMEOUT_MS: longer than a load balancer's
 * idle timeout (60 s on most), so the balancer, not the gateway, closes them.
 *
 * Errors Node answers before express sees a request (headers too large, a malformed request line, the request
 * timeout) are answered as JSON `{"message"}` with the security headers, like every other error.
 */
export function createHttpServer(app: RequestListener, config: Timeouts, headers: [string, string][]): http.Server {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  const server = http.createServer(
    {
      requestTimeout,
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(config.HTTP_HEADERS_TIMEOUT_MS, requestTimeout),
      keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(requestTimeout / 4))),
    },
    app,
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => answerClientError(err, socket, headers));
  return server;
}

/**
 * Listens with the configured accept queue (LISTEN_BACKLOG) rather than Node's 511: when thousands of dropped pages
 * come back in the same second, a full queue drops their SYNs and each client's kernel retries only 1, 3, 7… s later.
 */
export function listenHttp(server: http.Server, config: Pick<Config, 'PORT' | 'HOST' | 'LISTEN_BACKLOG'>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The status Node itself would answer with, as JSON. */
function clientErrorResponse(code: string | undefined): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'Request headers are too large'];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, 'Request body is too large'];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'The request took too long to arrive'];
    default:
      return [400, 'Bad request'];
  }
}

/**
 * Mirrors Node's default 'clientError' handling (which writes a bodiless response): answer only when the socket is
 * writable and no response has started on it, then close it.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex, headers: [string, string][]) {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
    const [status, message] = clientErrorResponse(err.code);
    // A HEAD gets the headers only (a body would be read as a second, broken response). The method is known only
    // when the failing chunk starts the request (the usual case); otherwise the body goes out and the connection
    // closes after it anyway.
    const packet = (err as { rawPacket?: unknown }).rawPacket;
    const isHead = Buffer.isBuffer(packet) && packet.subarray(0, 5).toString('latin1') === 'HEAD ';
    const json = JSON.stringify({ message });
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(json)}`,
      'Cache-Control: no-store',
      'Connection: close',
      ...headers.map(([name, value]) => `${name}: ${value}`),
    ];
    // Closed once the answer is out: the client may still be sending (a trickled body), and HTTP sockets are
    // half-open, so end() alone would leave it readable.
    socket.end(`${lines.join('\r\n')}\r\n\r\n${isHead ? '' : json}`, () => socket.destroy());
    return;
  }
  socket.destroy();
}
