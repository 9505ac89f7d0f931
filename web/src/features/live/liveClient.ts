// The live channel (spec §4 "Live channel"; PRODUCT.md "Live results"): one websocket to /ws for every visitor,
// signed in or not, reconnecting 3 s after it closes. Messages refresh the affected queries and, for new and
// resolved questions, show a browser notification when permission is granted.
import type { QueryClient } from '@tanstack/react-query';
import { showBrowserNotification, type ShowOptions } from '../notifications/browserNotifications';

export const LIVE_RECONNECT_MS = 3000;
/**
 * After the gateway refuses the channel (1008: too many sockets from this address, e.g. many tabs behind one
 * carrier NAT; 1013: the server is busy), the next try waits this long instead: retrying every 3 s would only add
 * load. The app works without the live channel (queries refresh on their own).
 */
export const LIVE_REFUSED_RECONNECT_MS = 60_000;
const REFUSED_CODES = new Set([1008, 1013]);
/** results-updated arrive at most once per question per second; coalesce bursts across questions a little. */
export const RESULTS_DEBOUNCE_MS = 250;

export const NEW_QUESTION_TITLE = 'Mzansi Predicts Question!';
export const RESOLVED_TITLE = 'Question Resolved!';

const TODAY_KEY = ['/api/questions/today'] as const;
const PUBLIC_KEY = ['/api/questions/public'] as const;

export interface LiveQuestion {
  id: string;
  text: string;
  options?: { id: string; text: string }[];
}

export type LiveMessage =
  | { type: 'new-question'; question: LiveQuestion }
  | { type: 'question-resolved'; questionId: string; correctOptionId: string }
  | {
      type: 'results-updated';
      questionId: string;
      totalVotes: number;
      results: { optionId: string; percentage: number; votes: number }[];
    };

/** The live channel's URL on this origin (wss on https). */
export function liveUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

/** A known live message, or null for anything else (unparseable JSON, unknown type, missing fields). */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'new-question': {
      const q = m.question as Record<string, unknown> | undefined;
      return q && typeof q === 'object' && typeof q.id === 'string' && typeof q.text === 'string'
        ? { type: 'new-question', question: q as unknown as LiveQuestion }
        : null;
    }
    case 'question-resolved':
      return typeof m.questionId === 'string' && typeof m.correctOptionId === 'string'
        ? { type: 'question-resolved', questionId: m.questionId, correctOptionId: m.correctOptionId }
        : null;
    case 'results-updated':
      return typeof m.questionId === 'string'
        ? {
            type: 'results-updated',
            questionId: m.questionId,
            totalVotes: typeof m.totalVotes === 'number' ? m.totalVotes : 0,
            results: Array.isArray(m.results) ? (m.results as never) : [],
          }
        : null;
    default:
      return null;
  }
}

/** Question text as shown to people: with its question mark. */
export function withQuestionMark(text: string): string {
  const trimmed = text.trim();
  return /[?？]$/.test(trimmed) ? trimmed : `${trimmed}?`;
}

/** 'Yes' / 'No' for the usual option ids, else the option's own text, else the id. */
export function answerLabel(optionId: string, options?: { id: string; text: string }[]): string {
  const id = optionId.toLowerCase();
  if (id === 'yes' || id === 'option1') return 'Yes';
  if (id === 'no' || id === 'option2') return 'No';
  return options?.find((o) => o.id === optionId)?.text ?? optionId;
}

export type Notify = (title: string, options: ShowOptions) => unknown;

export interface LiveClientOptions {
  queryClient: QueryClient;
  url?: string;
  notify?: Notify;
  WebSocketImpl?: typeof WebSocket;
  reconnectMs?: number;
  refusedReconnectMs?: number;
  resultsDebounceMs?: number;
  logger?: Pick<Console, 'warn'>;
}

export interface LiveClient {
  stop(): void;
  /** Handles one raw message (exposed for tests). */
  handle(data: unknown): void;
}

function cachedQuestion(queryClient: QueryClient, questionId: string): LiveQuestion | undefined {
  for (const key of [PUBLIC_KEY, TODAY_KEY]) {
    const list = queryClient.getQueryData<unknown>(key);
    if (Array.isArray(list)) {
      const found = (list as LiveQuestion[]).find((q) => q && q.id === questionId);
      if (found) return found;
    }
  }
  return undefined;
}

/** Opens the live channel and keeps it open until stop(). */
export function startLiveClient(options: LiveClientOptions): LiveClient {
  const {
    queryClient,
    url = liveUrl(),
    notify = showBrowserNotification,
    WebSocketImpl = WebSocket,
    reconnectMs = LIVE_RECONNECT_MS,
    refusedReconnectMs = LIVE_REFUSED_RECONNECT_MS,
    resultsDebounceMs = RESULTS_DEBOUNCE_MS,
    logger = console,
  } = options;

  let socket: WebSocket | null = null;
  let stopped = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let resultsTimer: ReturnType<typeof setTimeout> | null = null;
  const pendingResults = new Set<string>();

  const flushResults = () => {
    resultsTimer = null;
    const ids = [...pendingResults];
    pendingResults.clear();
    for (const id of ids) {
      void queryClient.invalidateQueries({ queryKey: ['/api/questions', id, 'public-results'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/questions', id, 'results'] });
    }
    if (ids.length) void queryClient.invalidateQueries({ queryKey: PUBLIC_KEY });
  };

  const handle = (data: unknown) => {
    const message = parseLiveMessage(data);
    if (!message) {
      logger.warn('Live channel: ignoring an unreadable message', data);
      return;
    }
    switch (message.type) {
      case 'new-question': {
        const { question } = message;
        void notify(NEW_QUESTION_TITLE, {
          body: withQuestionMark(question.text),
          tag: `question-${question.id}`,
          url: '/vote',
          persistent: true,
        });
        void queryClient.invalidateQueries({ queryKey: TODAY_KEY });
        void queryClient.invalidateQueries({ queryKey: PUBLIC_KEY });
        break;
      }
      case 'question-resolved': {
        const question = cachedQuestion(queryClient, message.questionId);
        const answer = answerLabel(message.correctOptionId, question?.options);
        void notify(RESOLVED_TITLE, {
          body: question ? `${withQuestionMark(question.text)} The answer: ${answer}` : `The correct answer: ${answer}`,
          tag: `resolved-${message.questionId}`,
          url: '/',
        });
        void queryClient.invalidateQueries({ queryKey: PUBLIC_KEY });
        void queryClient.invalidateQueries({ queryKey: TODAY_KEY });
        break;
      }
      case 'results-updated': {
        pendingResults.add(message.questionId);
        if (!resultsTimer) resultsTimer = setTimeout(flushResults, resultsDebounceMs);
        break;
      }
    }
  };

  const connect = () => {
    reconnectTimer = null;
    if (stopped) return;
    let ws: WebSocket;
    try {
      ws = new WebSocketImpl(url);
    } catch (error) {
      logger.warn('Live channel: could not connect', error);
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onmessage = (event: MessageEvent) => handle(event.data);
    ws.onclose = (event?: CloseEvent) => {
      if (socket === ws) socket = null;
      if (event && REFUSED_CODES.has(event.code)) {
        logger.warn(`Live channel refused: ${event.reason || event.code}; retrying in ${refusedReconnectMs / 1000} s`);
        scheduleReconnect(refusedReconnectMs);
      } else scheduleReconnect();
    };
    // An error is followed by close, which reconnects.
    ws.onerror = () => undefined;
  };

  function scheduleReconnect(delayMs = reconnectMs) {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(connect, delayMs);
  }

  connect();

  return {
    handle,
    stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (resultsTimer) clearTimeout(resultsTimer);
      reconnectTimer = resultsTimer = null;
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onclose = null;
        ws.onmessage = null;
        ws.close();
      }
    },
  };
}
