import type { NextFunction, Request, Response } from 'express';
import { createMetrics, prom } from '@mzansi/kit/base';

export function createGatewayMetrics() {
  const base = createMetrics('gateway');
  const httpDuration = new prom.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests handled, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5],
    registers: [base.registry],
  });
  const grpcClientDuration = new prom.Histogram({
    name: 'grpc_client_handling_seconds',
    help: 'gRPC calls made by the gateway, by service method and outcome',
    labelNames: ['grpc_method', 'grpc_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [base.registry],
  });

  /** RED per route: the matched express route (never the raw URL, to keep label cardinality bounded). */
  function httpMiddleware(req: Request, res: Response, next: NextFunction) {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : req.path.startsWith('/api') ? 'unmatched' : 'static';
      httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  }
  const voteBatchSize = new prom.Histogram({
    name: 'gateway_vote_batch_size',
    help: 'Votes sent to voting per SubmitAnswers call (concurrent votes travel as one call)',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200],
    registers: [base.registry],
  });
  return { ...base, httpDuration, grpcClientDuration, voteBatchSize, httpMiddleware };
}

export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
