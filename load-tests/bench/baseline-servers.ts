/**
 * Bare baseline servers, each started as its own process by the bench (like the gateway and services are):
 *   json        express, GET /json → small JSON
 *   grpc-echo   a tiny grpc-js echo server (JSON-serialised messages; no proto files)
 *   echo-http   express, GET /echo → one gRPC echo call (with a deadline, like the gateway) → JSON
 *   ws          a bare `ws` server; POST /broadcast sends the body to every connected client
 * Prints `READY <port>` once listening. Usage: tsx baseline-servers.ts <kind> [grpc-echo address]
 */
import http from 'node:http';
import express from 'express';
import * as grpc from '@grpc/grpc-js';
import { WebSocketServer, WebSocket } from 'ws';

const json = {
  serialize: (v: unknown) => Buffer.from(JSON.stringify(v)),
  deserialize: (b: Buffer) => JSON.parse(b.toString()) as unknown,
};

export const echoDefinition: grpc.ServiceDefinition = {
  echo: {
    path: '/bench.Echo/Echo',
    requestStream: false,
    responseStream: false,
    requestSerialize: json.serialize,
    requestDeserialize: json.deserialize,
    responseSerialize: json.serialize,
    responseDeserialize: json.deserialize,
  },
};

const SMALL = { questionId: '00000000-0000-4000-8000-000000000000', results: [{ optionId: 'yes', percentage: 50, votes: 1 }, { optionId: 'no', percentage: 50, votes: 1 }], totalVotes: 2 };

function listen(server: http.Server) {
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    console.log(`READY ${(server.address() as { port: number }).port}`);
  });
}

const kind = process.argv[2];
if (kind === 'json') {
  const app = express();
  app.disable('x-powered-by');
  app.get('/json', (_req, res) => {
    res.json(SMALL);
  });
  listen(http.createServer(app));
} else if (kind === 'grpc-echo') {
  const server = new grpc.Server();
  server.addService(echoDefinition, {
    echo: (call: grpc.ServerUnaryCall<unknown, unknown>, cb: grpc.sendUnaryData<unknown>) => cb(null, call.request),
  });
  server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) => {
    if (err) throw err;
    console.log(`READY ${port}`);
  });
} else if (kind === 'echo-http') {
  const Client = grpc.makeGenericClientConstructor(echoDefinition, 'Echo');
  const client = new Client(process.argv[3]!, grpc.credentials.createInsecure()) as unknown as grpc.Client & {
    echo(req: unknown, md: grpc.Metadata, opts: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res: unknown) => void): void;
  };
  const app = express();
  app.disable('x-powered-by');
  app.get('/echo', (_req, res) => {
    client.echo(SMALL, new grpc.Metadata(), { deadline: Date.now() + 3_000 }, (err, out) => {
      if (err) res.status(503).json({ message: err.message });
      else res.json(out);
    });
  });
  listen(http.createServer(app));
} else if (kind === 'ws') {
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/broadcast') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        let n = 0;
        for (const c of wss.clients) {
          if (c.readyState !== WebSocket.OPEN) continue;
          c.send(body);
          n++;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sent: n }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
  listen(server);
} else {
  console.error(`unknown kind ${kind}`);
  process.exit(2);
}
