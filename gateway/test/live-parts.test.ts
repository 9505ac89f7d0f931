import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { EventEnvelope, ResultsChanged } from '@mzansi/kit';
import { admitSockets, originAllowed, type LiveSocket } from '../src/live/admission.js';
import type { Config } from '../src/config.js';
import { questionEventMessage, resultsUpdatedMessage } from '../src/live/messages.js';

/** The live channel's parts on their own: admission and translation (the whole channel: live.test.ts, live-results.test.ts). */

describe('admission: originAllowed', () => {
  const PUBLIC = 'https://mzansipredicts.co.za';
  it('no Origin (not a browser), the public origin, and the gateway itself by its Host are allowed; nothing else', () => {
    expect(originAllowed(undefined, 'gw:8080', PUBLIC)).toBe(true);
    expect(originAllowed(PUBLIC, 'gw:8080', PUBLIC)).toBe(true);
    expect(originAllowed('http://gw:8080', 'gw:8080', PUBLIC)).toBe(true);
    expect(originAllowed('https://gw:8080', 'gw:8080', PUBLIC)).toBe(true);
    for (const o of ['https://evil.example', 'null', `${PUBLIC}.evil.example`, 'http://mzansipredicts.co.za', 'http://gw:8081']) {
      expect(originAllowed(o, 'gw:8080', PUBLIC), o).toBe(false);
    }
    expect(originAllowed('http://gw:8080', undefined, PUBLIC)).toBe(false);
  });
});

describe('admission: what a socket keeps', () => {
  it('an open socket holds neither its upgrade request nor its session (heap per socket); its place in the caps is given back on close', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true, clientTracking: true });
    const counted = { open: 0 };
    const metrics = {
      refused: { inc: () => undefined },
      connections: { inc: () => counted.open++, dec: () => counted.open-- },
    };
    const config = { PUBLIC_URL: 'http://localhost:8080', WS_MAX_PER_IP: 2, WS_MAX_TOTAL: 10, TRUST_PROXY: 'false', REDIS_PREFIX: 'mp:' };
    // The sessions as the gateway reads them: the session a request's cookie names, and its Redis key.
    const sessions = {
      read: async () => ({ id: 'sid1', data: { userId: 'u1', isAdmin: false, createdAt: Date.now(), lastSeenAt: Date.now() } }),
      key: (id: string) => `mp:sess:${id}`,
    };
    const admission = admitSockets(server, wss, { config: { ...config, SESSION_IDLE_TTL_S: 600, SESSION_ABSOLUTE_TTL_S: 3600 } as unknown as Config, metrics: metrics as never, sessions, clock: () => new Date() });
    const requests: WeakRef<IncomingMessage>[] = [];
    wss.on('connection', (_ws, req: IncomingMessage) => void requests.push(new WeakRef(req)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
    const open = () => new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
    try {
      const clients = [await open(), await open()];
      expect(counted.open).toBe(2);
      const [sock] = [...wss.clients] as LiveSocket[];
      expect(sock!.userId).toBe('u1');
      expect(sock!.sessionKey).toBe('mp:sess:sid1');
      // A WeakRef's target lives to the end of the job that made it: let that pass, then collect.
      await new Promise((r) => setTimeout(r, 50));
      gc();
      expect(requests).toHaveLength(2);
      expect(requests.map((r) => r.deref())).toEqual([undefined, undefined]);
      expect(admission.budget.take('127.0.0.1')).toBe('address'); // the per-address cap (2) is held by the two
      for (const c of clients) c.close();
      await vi.waitFor(() => expect(counted.open).toBe(0));
      await vi.waitFor(() => expect(admission.budget.take('127.0.0.1')).toBeUndefined());
    } finally {
      admission.stop();
      for (const c of wss.clients) c.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('translation', () => {
  const yesNo = [
    { id: 'yes', text: 'Yes' },
    { id: 'no', text: 'No' },
  ];
  const envelope = <T extends EventEnvelope['type']>(type: T, data: unknown) =>
    ({ id: randomUUID(), type, occurredAt: new Date().toISOString(), data }) as unknown as EventEnvelope;

  it('a published question → new-question (as the API shows it, no votes yet); resolved → question-resolved; others → nothing', () => {
    const publishedAt = new Date('2026-11-24T08:00:00.000Z');
    const m = questionEventMessage(
      envelope('questions.question.published', {
        question: {
          id: 'q1',
          text: 'Will it rain in Durban',
          context: '',
          date: undefined,
          options: yesNo,
          tags: ['weather'],
          publishedAt,
        },
      }),
    );
    expect(m).toMatchObject({
      type: 'new-question',
      question: {
        id: 'q1',
        text: 'Will it rain in Durban',
        context: null,
        options: yesNo,
        isPublished: true,
        isResolved: false,
        correctOptionId: null,
        publishedAt: publishedAt.toISOString(),
        totalVotes: 0,
        results: [
          { optionId: 'yes', optionText: 'Yes', votes: 0, percentage: 0 },
          { optionId: 'no', optionText: 'No', votes: 0, percentage: 0 },
        ],
      },
    });
    expect(questionEventMessage(envelope('questions.question.resolved', { questionId: 'q1', correctOptionId: 'no' }))).toEqual({
      type: 'question-resolved',
      questionId: 'q1',
      correctOptionId: 'no',
    });
    // A correction says so, so the screens say "corrected" rather than announcing a second resolution.
    expect(questionEventMessage(envelope('questions.question.resolved', { questionId: 'q1', correctOptionId: 'yes', corrected: true }))).toEqual({
      type: 'question-resolved',
      questionId: 'q1',
      correctOptionId: 'yes',
      corrected: true,
    });
    expect(questionEventMessage(envelope('questions.question.archived', { questionId: 'q1' }))).toBeUndefined();
  });

  it('new-question carries the question\'s translations as the API shows them (none: no field)', () => {
    const question = { id: 'q2', text: 'Will it rain', context: '', options: [{ id: 'yes', text: 'Yes' }], tags: [] };
    const m = questionEventMessage(
      envelope('questions.question.published', {
        question: { ...question, translations: { zu: { text: 'Ngabe lizona', context: '', options: { yes: 'Yebo' } }, st: { text: '', context: '', options: {} } } },
      }),
    );
    expect((m?.question as { translations?: unknown }).translations).toEqual({ zu: { text: 'Ngabe lizona', context: null, options: { yes: 'Yebo' }, resolutionCriteria: null } });
    const plain = questionEventMessage(envelope('questions.question.published', { question }))!.question;
    expect(plain).not.toHaveProperty('translations');
    // No criteria or close time: null, and open.
    expect(plain).toMatchObject({ resolutionCriteria: null, closesAt: null, isClosed: false });
    const closing = questionEventMessage(
      envelope('questions.question.published', { question: { ...question, resolutionCriteria: 'By the weather service.', closesAt: new Date('2026-03-10T16:00:00.000Z') } }),
    )!.question;
    expect(closing).toMatchObject({ resolutionCriteria: 'By the weather service.', closesAt: '2026-03-10T16:00:00.000Z', isClosed: false });
  });

  it('voting results → results-updated in the agreed shape, nothing else', () => {
    const results: ResultsChanged = {
      questionId: 'q1',
      totalVotes: 3,
      results: [
        { optionId: 'yes', optionText: 'Yes', votes: 2, percentage: 66.7 },
        { optionId: 'no', optionText: 'No', votes: 1, percentage: 33.3 },
      ],
    };
    expect(JSON.stringify(resultsUpdatedMessage({ ...results, extra: 'dropped' } as ResultsChanged))).toBe(
      '{"type":"results-updated","questionId":"q1","totalVotes":3,"results":[{"optionId":"yes","optionText":"Yes","votes":2,"percentage":66.7},{"optionId":"no","optionText":"No","votes":1,"percentage":33.3}]}',
    );
  });
});
