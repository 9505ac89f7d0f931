import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * Optional OpenTelemetry tracing across gateway → services → NATS. Off (every call a no-op) unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set; then spans go to that OTLP/HTTP endpoint and the W3C `traceparent` travels
 * in gRPC metadata and in each event's envelope (so a consumer's work joins the trace of the request that caused it).
 */
let provider: NodeTracerProvider | undefined;

export function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): { shutdown(): Promise<void> } {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT || provider) return { shutdown: async () => undefined };
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME ?? service }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({
          url: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`,
        }),
        { scheduledDelayMillis: 1_000 },
      ),
    ],
  });
  provider.register(); // AsyncLocalStorage context manager + W3C trace-context propagator
  const p = provider;
  return {
    async shutdown() {
      await p.shutdown().catch(() => undefined);
      // Leave the process as if tracing had never started (globals back to no-ops).
      trace.disable();
      context.disable();
      propagation.disable();
      provider = undefined;
    },
  };
}

export const tracer = () => trace.getTracer('mzansi-predicts');

/** Whether spans are recorded: hot paths skip building span names, attributes and contexts when they are not. */
export const tracingOn = () => provider !== undefined;

/** Runs `fn` in a span, recording errors; the span ends when `fn` settles. */
export async function inSpan<T>(name: string, kind: SpanKind, parent: Context, attributes: Record<string, string>, fn: (span: Span) => Promise<T>): Promise<T> {
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    throw err;
  } finally {
    span.end();
  }
}

/** The current trace context as W3C headers (empty when tracing is off). */
export function currentTraceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  if (!provider) return carrier;
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** A context continuing the trace in `headers` (or the active one when there is none). */
export function contextFrom(headers: Record<string, unknown> | undefined): Context {
  if (!headers) return context.active();
  return propagation.extract(context.active(), headers, {
    keys: (c) => Object.keys(c),
    get: (c, k) => {
      const v = c[k];
      return Array.isArray(v) ? String(v[0]) : v === undefined ? undefined : String(v);
    },
  });
}

export { SpanKind };
