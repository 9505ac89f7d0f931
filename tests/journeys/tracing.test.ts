import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, trace } from '@opentelemetry/api';
import { createPromiseClient, DEV_INTERNAL_KEYS, startTracing, tracer } from '@mzansi/kit';
import { createTestDatabase, deleteTestStreams, eventually, serviceTestEnv, testNamespace } from '@mzansi/kit/testing';
import { QuestionsServiceClient } from '@mzansi/proto/questions/v1/questions';
import { start as startQuestions } from '../../services/questions/src/main.js';
import { start as startVoting } from '../../services/voting/src/main.js';
import { admin, newQuestion } from '../../services/voting/test/helpers.js';

/**
 * Optional tracing (OTEL_EXPORTER_OTLP_ENDPOINT): one trace runs from the caller's span through the questions
 * service's RPC and, via the event envelope, into voting's consumer. A fake OTLP/HTTP collector on 127.0.0.1 records
 * what the exporter sends.
 */
interface ExportedSpan {
  traceId: string;
  name: string;
  kind: number;
}

const received: ExportedSpan[] = [];
let collector: http.Server;
let endpoint: string;
let tracing: { shutdown(): Promise<void> };
const ns = testNamespace();
const dbs: { drop(): Promise<void> }[] = [];
const running: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  collector = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      try {
        const json = JSON.parse(body) as { resourceSpans?: { scopeSpans?: { spans?: ExportedSpan[] }[] }[] };
        for (const rs of json.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) received.push(...(ss.spans ?? []));
      } catch {
        /* not JSON: ignore */
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', () => r()));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  tracing = startTracing('tracing-test', { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });

  const qdb = await createTestDatabase('questions');
  const vdb = await createTestDatabase('voting');
  dbs.push(qdb, vdb);
  running.push(await startQuestions(serviceTestEnv(qdb.url, ns)));
  running.push(await startVoting(serviceTestEnv(vdb.url, ns)));
});

afterAll(async () => {
  await Promise.allSettled(running.map((r) => r.stop()));
  await tracing?.shutdown();
  await deleteTestStreams(ns).catch(() => undefined);
  await Promise.allSettled(dbs.map((d) => d.drop()));
  await new Promise<void>((r) => collector?.close(() => r()));
});

describe('tracing', () => {
  it('one trace from a caller through the questions RPC and the event into voting’s consumer', async () => {
    const questions = running[0] as Awaited<ReturnType<typeof startQuestions>>;
    const client = createPromiseClient(QuestionsServiceClient, `127.0.0.1:${questions.grpcPort}`, { internalKeys: DEV_INTERNAL_KEYS });
    const who = admin();
    const parent = tracer().startSpan('test publish');
    const traceId = parent.spanContext().traceId;
    await context.with(trace.setSpan(context.active(), parent), async () => {
      const { question } = await client.createQuestion(newQuestion(), who);
      await client.publishQuestion({ id: question!.id }, who);
    });
    parent.end();
    client.close();

    // Spans are exported in batches (every few seconds): wait for the server and consumer spans of this trace.
    const ofTrace = () => received.filter((s) => s.traceId === traceId);
    await eventually(
      () =>
        ofTrace().some((s) => s.name === '/questions.v1.QuestionsService/PublishQuestion') &&
        ofTrace().some((s) => s.name.startsWith('voting-on-question-events questions.question.published')),
      20_000,
      200,
    );
    const names = ofTrace().map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'test publish',
        '/questions.v1.QuestionsService/CreateQuestion',
        '/questions.v1.QuestionsService/PublishQuestion',
        'voting-on-question-events questions.question.published',
      ]),
    );
  });
});
