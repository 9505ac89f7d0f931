// The live channel (spec §4 "Live channel"; PRODUCT.md "Live results"): one websocket to /ws for every visitor,
// signed in or not, reconnecting 1–1.5 s after it closes, then backing off exponentially (jittered) up to 30 s. `results-updated` is written into the query cache as it is
// (no refetch); new and resolved questions refresh the lists and show a browser notification when permission is
// granted. While the socket is open the figures it carries are not polled (liveStatus.ts).
import type { QueryClient } from '@tanstack/react-query';
import { showBrowserNotification, type ShowOptions } from '../notifications/browserNotifications';
import { PUBLIC_QUESTIONS_KEY, TODAY_QUESTIONS_KEY } from '../../entities/question/list';
import { publicResultsKey, resultsKey } from '../results/api';
import { applyLiveResults } from './liveResults';
import { answerLabel, parseLiveMessage, withQuestionMark, type LiveQuestion } from './liveMessages';
import { liveConnectedAtom } from './liveStatus';
import { bumpInboxUnread, INBOX_KEY } from '../inbox/keys';
import { liveNewsAtom } from './liveBanner';
import { appStore, type AppStore } from '../../lib/appStore';
import { currentLanguage, t } from '../../i18n';
import { translatedQuestion } from '../../entities/question/translated';
import { LIVE_RECONNECT_MS, LIVE_REFUSED_RECONNECT_MS, reconnectDelay, refusedClose, RESYNC_WINDOW_MS } from './backoff';

export { LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_MS, LIVE_REFUSED_RECONNECT_MS, RECONNECT_JITTER, RESYNC_WINDOW_MS } from './backoff';
/**
 * Friends' answers are not in the socket's messages. While the socket is open they are refetched only after the
 * question's counts change (someone voted), at a random moment within this window, so at most once per window
 * per question: an idle page asks nothing, and a burst's thousands of open pages spread their requests out.
 */
export const FRIEND_ANSWERS_REFRESH_MS = 30_000;

// The notifications' titles as the spec words them (English; the catalogues' live.notify* in the reader's language).
export const NEW_QUESTION_TITLE = 'Mzansi Predicts Question!';
export const RESOLVED_TITLE = 'Question Resolved!';

const TODAY_KEY = TODAY_QUESTIONS_KEY;
const PUBLIC_KEY = PUBLIC_QUESTIONS_KEY;

/** The question in the interface language where the admin translated it (as the lists show it). */
const inLanguage = (q: LiveQuestion) =>
  translatedQuestion({ context: null, ...q, options: q.options ?? [] }, currentLanguage());

/** The live channel's URL on this origin (wss on https). */
export function liveUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

export type Notify = (title: string, options: ShowOptions) => unknown;

export interface LiveClientOptions {
  queryClient: QueryClient;
  url?: string;
  notify?: Notify;
  WebSocketImpl?: typeof WebSocket;
  reconnectMs?: number;
  refusedReconnectMs?: number;
  resyncWindowMs?: number;
  friendAnswersRefreshMs?: number;
  /** Where the open / closed state (the queries' polling reads it) and the banner's news go. */
  store?: AppStore;
  /** 0 ≤ x < 1; the jitter of reconnects, resyncs and friend-answer refreshes. */
  random?: () => number;
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

/** Friends' answers to one question (`friendAnswersKey`: the question id is inside the first key segment). */
const isFriendAnswersOf = (questionId: string) => (key: readonly unknown[]) =>
  typeof key[0] === 'string' && key[0].startsWith(`/api/questions/${questionId}/friend-answers`);

/** Opens the live channel and keeps it open until stop(). */
export function startLiveClient(options: LiveClientOptions): LiveClient {
  const {
    queryClient,
    url = liveUrl(),
    notify = showBrowserNotification,
    WebSocketImpl = WebSocket,
    reconnectMs = LIVE_RECONNECT_MS,
    refusedReconnectMs = LIVE_REFUSED_RECONNECT_MS,
    resyncWindowMs = RESYNC_WINDOW_MS,
    friendAnswersRefreshMs = FRIEND_ANSWERS_REFRESH_MS,
    store = appStore,
    random = Math.random,
    logger = console,
  } = options;

  let socket: WebSocket | null = null;
  let stopped = false;
  /** Set once a socket has closed: the next open has missed messages and resyncs. */
  let lost = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Closes since the last open: the exponent of the backoff. */
  let failures = 0;
  let resyncTimer: ReturnType<typeof setTimeout> | null = null;
  const friendTimers = new Map<string, ReturnType<typeof setTimeout>>();

  /** Refetches (if shown) what the socket carries; the cached public reads, not the per-user ones. */
  const resync = () => {
    resyncTimer = null;
    void queryClient.invalidateQueries({ queryKey: TODAY_KEY });
    void queryClient.invalidateQueries({ queryKey: PUBLIC_KEY });
    void queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === '/api/questions' && queryKey[2] === 'public-results',
    });
  };

  /** After a change to the question's counts: its friends' answers, once, at a random moment in the window. */
  const refreshFriendAnswersLater = (questionId: string) => {
    if (friendTimers.has(questionId)) return;
    const matches = isFriendAnswersOf(questionId);
    const shown = queryClient.getQueryCache().findAll({ predicate: (q) => matches(q.queryKey) && q.getObserversCount() > 0 });
    if (shown.length === 0) return;
    const timer = setTimeout(() => {
      friendTimers.delete(questionId);
      void queryClient.invalidateQueries({ predicate: (q) => matches(q.queryKey) });
    }, random() * friendAnswersRefreshMs);
    friendTimers.set(questionId, timer);
  };

  const handle = (data: unknown) => {
    const message = parseLiveMessage(data);
    if (!message) {
      logger.warn('Live channel: ignoring an unreadable message', data);
      return;
    }
    switch (message.type) {
      case 'new-question': {
        const question = inLanguage(message.question);
        void notify(t('live.notifyNewTitle'), {
          body: withQuestionMark(question.text),
          tag: `question-${question.id}`,
          url: '/vote',
          persistent: true,
        });
        store.set(liveNewsAtom, { kind: 'new-question', questionId: question.id });
        // An item for everyone: the bell's count goes up here, without thousands of pages asking the server at once.
        bumpInboxUnread(queryClient);
        void queryClient.invalidateQueries({ queryKey: TODAY_KEY });
        void queryClient.invalidateQueries({ queryKey: PUBLIC_KEY });
        break;
      }
      case 'question-resolved': {
        const cached = cachedQuestion(queryClient, message.questionId);
        const question = cached && inLanguage(cached);
        const answer = answerLabel(message.correctOptionId, question?.options, { yes: t('live.yes'), no: t('live.no') });
        void notify(t(message.corrected ? 'live.notifyCorrectedTitle' : 'live.notifyResolvedTitle'), {
          body: question
            ? t('live.notifyAnswer', { question: withQuestionMark(question.text), answer })
            : t('live.notifyCorrect', { answer }),
          tag: `resolved-${message.questionId}`,
          url: '/',
        });
        store.set(liveNewsAtom, { kind: message.corrected ? 'corrected' : 'resolved', questionId: message.questionId });
        bumpInboxUnread(queryClient);
        void queryClient.invalidateQueries({ queryKey: PUBLIC_KEY });
        void queryClient.invalidateQueries({ queryKey: TODAY_KEY });
        // A resolved blind question shows its figures to everyone now.
        void queryClient.invalidateQueries({ queryKey: publicResultsKey(message.questionId) });
        void queryClient.invalidateQueries({ queryKey: resultsKey(message.questionId) });
        break;
      }
      case 'inbox':
        void queryClient.invalidateQueries({ queryKey: INBOX_KEY });
        break;
      case 'results-updated': {
        applyLiveResults(queryClient, message);
        refreshFriendAnswersLater(message.questionId);
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
    ws.onopen = () => {
      if (socket !== ws) return;
      failures = 0;
      store.set(liveConnectedAtom, true);
      if (lost && !resyncTimer) resyncTimer = setTimeout(resync, random() * resyncWindowMs);
    };
    ws.onmessage = (event: MessageEvent) => handle(event.data);
    ws.onclose = (event?: CloseEvent) => {
      if (socket === ws) socket = null;
      lost = true;
      // Polling takes over at once (liveStatus); a pending resync is then not needed.
      store.set(liveConnectedAtom, false);
      if (resyncTimer) clearTimeout(resyncTimer);
      resyncTimer = null;
      if (refusedClose(event?.code)) logger.warn(`Live channel refused: ${event?.reason || event?.code}; retrying in ${refusedReconnectMs / 1000} s`);
      scheduleReconnect(reconnectDelay(failures, event?.code, random, reconnectMs, refusedReconnectMs));
      failures++;
    };
    // An error is followed by close, which reconnects.
    ws.onerror = () => undefined;
  };

  function scheduleReconnect(delayMs = reconnectDelay(0, undefined, random, reconnectMs)) {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(connect, delayMs);
  }

  connect();

  return {
    handle,
    stop() {
      stopped = true;
      store.set(liveConnectedAtom, false);
      for (const timer of [reconnectTimer, resyncTimer, ...friendTimers.values()]) if (timer) clearTimeout(timer);
      reconnectTimer = resyncTimer = null;
      friendTimers.clear();
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onopen = null;
        ws.onclose = null;
        ws.onmessage = null;
        ws.close();
      }
    },
  };
}
