import type { Server } from 'node:http';
import { DeliverPolicy, type NatsConnection } from 'nats';
import { changedQuestionId, goneQuestionId, type QuestionsGone } from './questions-gone.js';
import { WebSocketServer } from 'ws';
import { decodeEnvelope, decodeResultsChanged, ensureStream, EventNames, LIVE_SUBJECTS, type Clock, type Logger } from '@mzansi/kit/base';
import type { Config } from './config.js';
import type { GatewayMetrics } from './metrics.js';
import type { RedisClient } from './redis.js';
import type { Sessions } from './session-store.js';
import { admitSockets, type AdmissionDeps, type LiveSocket } from './live/admission.js';
import { createFanout } from './live/fanout.js';
import { createUserSockets } from './live/user-sockets.js';
import { inboxItemJson, type StoredInboxItem } from './inbox.js';
import { startHeartbeat } from './live/heartbeat.js';
import { questionEventMessage, resultsUpdatedMessage } from './live/messages.js';
import { createLiveMetrics } from './live/metrics.js';
import type { NewestResults } from './live/newest-results.js';

export interface LiveDeps {
  config: Config;
  logger: Logger;
  metrics: GatewayMetrics;
  nc: NatsConnection;
  redis: RedisClient;
  sessions: Sessions;
  /** For the sessions' expiry at the handshake. */
  clock: Clock;
  /** The newest totals per question, shared with the API (a vote's answer carries them). */
  newest: NewestResults;
  /** Told of every deleted, archived or (re)resolved question, for the caches that keep questions (questions-gone.ts). */
  gone?: QuestionsGone;
  /** Upgrades to any other path (`make dev`: Vite's HMR socket, web-dev.ts); without it they are a 404. */
  otherUpgrade?: AdmissionDeps['otherUpgrade'];
}

const MAX_FRAME = 64 * 1024;

/**
 * The live channel at /ws, wired from its parts: admission (live/admission.ts: path, Origin, caps, session),
 * heartbeat (live/heartbeat.ts), fan-out (live/fanout.ts: framed once, slow sockets dropped) and translation
 * (live/messages.ts). Every gateway replica delivers to its own sockets, without calling any service:
 * - `new-question`, `question-resolved`: from the questions events (its own ephemeral ordered JetStream consumer,
 *   new messages only);
 * - `results-updated`: voting's own totals from the core NATS subject `<namespace>.live.voting.results`, paced by
 *   voting (at most one per question per LIVE_RESULTS_INTERVAL_MS from each voting replica); totals not newer than
 *   the last passed on are dropped (live/newest-results.ts).
 *   After its own NATS reconnect the gateway asks voting (`live.voting.resync`) to send recent totals again.
 * - `inbox`: one person's new personal item, from notification's core NATS `live.inbox.<userId>`, written only to
 *   that person's sockets on this replica (live/user-sockets.ts).
 * Public messages reach signed-out visitors too.
 */
export async function startLive(server: Server, deps: LiveDeps) {
  const { config, logger, nc } = deps;
  const names = new EventNames(config.EVENTS_NAMESPACE);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME, perMessageDeflate: false, clientTracking: true });
  const metrics = createLiveMetrics(deps.metrics, wss);
  const sockets = () => wss.clients as Set<LiveSocket>;

  const admission = admitSockets(server, wss, { config, metrics, sessions: deps.sessions, clock: deps.clock, otherUpgrade: deps.otherUpgrade });
  const stopHeartbeat = startHeartbeat({
    intervalMs: config.LIVE_HEARTBEAT_MS,
    sockets,
    sessionExists: async (key) => (await deps.redis.exists(key)) > 0,
    dropped: (reason) => metrics.dropped.inc({ reason }),
  });
  const hooks = {
    sent: (type: string, n: number) => metrics.sent.inc({ type }, n),
    droppedSlow: () => metrics.dropped.inc({ reason: 'slow' }),
  };
  const broadcast = createFanout(sockets, hooks);

  // inbox: one person's new item, from notification on `live.inbox.<userId>`, to that person's sockets only.
  const users = createUserSockets(wss, hooks);
  const inboxPrefix = names.subject(`${LIVE_SUBJECTS.inbox}.`);
  const inbox = nc.subscribe(`${inboxPrefix}*`, {
    callback: (err, m) => {
      if (err) return;
      try {
        const userId = m.subject.slice(inboxPrefix.length);
        const item = inboxItemJson((JSON.parse(new TextDecoder().decode(m.data)) as { item: StoredInboxItem }).item);
        if (item) users.send(userId, { type: 'inbox', item });
      } catch (e) {
        logger.warn({ err: (e as Error).message }, 'live: unreadable inbox message skipped');
      }
    },
  });

  // results-updated: voting's paced messages, passed on as they come unless another replica's newer totals went first.
  const newest = deps.newest;
  newest.onNewest((m) => broadcast(resultsUpdatedMessage(m)));
  const results = nc.subscribe(names.subject(LIVE_SUBJECTS.results), {
    callback: (err, m) => {
      if (err) return;
      try {
        metrics.results.inc({ outcome: newest.offer(decodeResultsChanged(m.data)) });
      } catch (e) {
        logger.warn({ err: (e as Error).message, subject: m.subject }, 'live: unreadable results message skipped');
      }
    },
  });
  // Messages published while this connection was down are gone (core NATS): ask for the recent totals again.
  void (async () => {
    for await (const s of nc.status()) if (s.type === 'reconnect') nc.publish(names.subject(LIVE_SUBJECTS.resync));
  })().catch(() => undefined);

  // new-question, question-resolved: the questions events (an ephemeral ordered consumer, new messages only).
  const jsm = await nc.jetstreamManager();
  await ensureStream(jsm, names, 'questions', deps.config.NATS_STREAM_REPLICAS, deps.config.NATS_STREAM_MAX_BYTES);
  const consumer = await nc.jetstream().consumers.get(names.stream('questions'), {
    filterSubjects: names.subject('questions.question.*'),
    deliver_policy: DeliverPolicy.New,
  });
  const questionEvents = await consumer.consume();
  void (async () => {
    for await (const m of questionEvents) {
      try {
        const event = decodeEnvelope(m.data);
        const gone = goneQuestionId(event);
        if (gone) deps.gone?.gone(gone);
        const changed = changedQuestionId(event);
        if (changed) deps.gone?.changed(changed);
        const message = questionEventMessage(event);
        if (message) broadcast(message);
      } catch (err) {
        logger.warn({ err: (err as Error).message, subject: m.subject }, 'live: unreadable event skipped');
      }
    }
  })();

  return {
    wss,
    budget: admission.budget,
    broadcast,
    async stop() {
      stopHeartbeat();
      admission.stop();
      results.unsubscribe();
      inbox.unsubscribe();
      users.stop();
      await questionEvents.close().catch(() => undefined);
      // 1012 Service Restart: the web reconnects at once (jittered), and the load balancer sends it to another replica.
      for (const c of wss.clients) c.close(1012, 'Server restarting');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
