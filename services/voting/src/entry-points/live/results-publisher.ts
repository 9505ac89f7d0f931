import { encodeResultsChanged, LIVE_SUBJECTS, prom } from '@mzansi/kit';
import * as repo from '../../data-access/voting-repo.js';
import { resultsHiddenFor } from '@mzansi/api/rules';
import { provinceCountsByQuestion, resultsOfQuestion } from '../../domain/results.js';
import { realPacerClock, ResultsPacer, type PacerClock } from '../../domain/results-pacer.js';
import { bucketOf } from '../../domain/history.js';
import { writeSnapshots } from '../../data-access/history-repo.js';
import type { VotingContext } from '../../context.js';

type Ctx = VotingContext;

/** Questions whose totals are sent again on a resync: those published in the last 10 minutes, at most 1,000. */
const RECENT_MS = 10 * 60_000;
const RECENT_MAX = 1_000;

export interface ResultsPublisher {
  /** Questions that got answers (after their statement committed). */
  changed(questionIds: Iterable<string>): void;
  /** One last flush of what is marked, then no more. */
  stop(): Promise<void>;
}

/**
 * Live results for the gateways' sockets: after answers commit, each question's exact totals (counter shards) and
 * option texts (voting's projection) go out on the core NATS subject `<namespace>.live.voting.results`, at most once
 * per question per `intervalMs` (ResultsPacer), one read for all the questions of a flush.
 *
 * This is the only pacing of live results: the gateways pass each message on as it comes. Pacing here, at the
 * source, bounds the totals reads, the NATS traffic and the fan-out of every gateway at once; and it holds across
 * voting replicas: every replica hears the others' messages on the subject, and a question any replica sent less
 * than `intervalMs` ago waits for a later flush (it stays marked, so the totals sent last are always read after the
 * last answer committed). Two replicas flushing within a NATS round trip of each other may both send; the gateways
 * drop the copy (its totals are not newer). Not a JetStream stream:
 * a late message is useless and the next one supersedes it. So that a gateway that lost some (a NATS outage, its
 * own reconnect) catches up, the recently sent questions are sent again when this process reconnects to NATS or
 * when a gateway asks on `<namespace>.live.voting.resync`.
 */
export function startResultsPublisher(
  ctx: Ctx,
  opts: { intervalMs: number; clock?: PacerClock; history?: { bucketMs: number; clock: () => Date } },
): ResultsPublisher {
  const clock = opts.clock ?? realPacerClock;
  const subject = ctx.names.subject(LIVE_SUBJECTS.results);
  const published = new prom.Counter({
    name: 'voting_live_results_published_total',
    help: 'Live "results changed" messages published (at most one per question per LIVE_RESULTS_INTERVAL_MS)',
    registers: [ctx.metrics.registry],
  });
  /** Question id → when its totals were last sent, oldest first (re-inserted on every send). */
  const recent = new Map<string, number>();
  /** Question id → when another replica last sent its totals: heard on the subject. */
  const heard = new Map<string, number>();
  /** Question id → this replica's own messages not yet heard back (NATS echoes them, in order). */
  const ownEchoes = new Map<string, number>();
  const forgetHeard = (now: number) => {
    for (const [id, at] of heard) if (now - at >= opts.intervalMs) heard.delete(id);
  };
  // On the way out the last totals go whatever the others sent: no later flush would send them.
  let stopping = false;
  const heardSub = ctx.nc.subscribe(subject, {
    callback: (err, msg) => {
      if (err) return;
      try {
        const { questionId } = JSON.parse(new TextDecoder().decode(msg.data)) as { questionId?: unknown };
        if (typeof questionId !== 'string') return;
        const own = ownEchoes.get(questionId);
        if (own) return void (own > 1 ? ownEchoes.set(questionId, own - 1) : ownEchoes.delete(questionId));
        const now = clock.now();
        if (heard.size >= 10_000) forgetHeard(now);
        heard.set(questionId, now);
      } catch {
        // Not ours to judge: the gateways skip unreadable messages.
      }
    },
  });

  async function flush(marked: string[]) {
    forgetHeard(clock.now());
    // Sent by a replica within the interval: later (still marked, after this flush).
    const questionIds = stopping ? marked : marked.filter((id) => !heard.has(id));
    if (questionIds.length < marked.length) queueMicrotask(() => pacer.changed(marked.filter((id) => heard.has(id))));
    if (questionIds.length === 0) return;
    let rows: Awaited<ReturnType<typeof repo.optionsAndCounts>>;
    let provinceRows: Awaited<ReturnType<typeof repo.provinceCountsFor>>;
    try {
      [rows, provinceRows] = await Promise.all([repo.optionsAndCounts(ctx.db, questionIds), repo.provinceCountsFor(ctx.db, questionIds)]);
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message, questions: questionIds.length }, 'live results: read failed, retrying next interval');
      throw err;
    }
    const byQuestion = new Map<string, { options: { id: string; text: string }[]; blind: boolean; counts: Map<string, number> }>();
    for (const r of rows) {
      let q = byQuestion.get(r.questionId);
      if (!q) byQuestion.set(r.questionId, (q = { options: r.options, blind: resultsHiddenFor(r, false), counts: new Map() }));
      if (r.optionId !== null) q.counts.set(r.optionId, r.count);
    }
    const provinces = provinceCountsByQuestion(provinceRows);
    const now = clock.now();
    for (const [id, q] of byQuestion) {
      ctx.nc.publish(subject, encodeResultsChanged(resultsOfQuestion(id, q.options, q.counts, q.blind, provinces.get(id) ?? new Map())));
      ownEchoes.set(id, (ownEchoes.get(id) ?? 0) + 1);
      recent.delete(id);
      recent.set(id, now);
    }
    published.inc(byQuestion.size);
    // The same totals, kept for the history (how the nation moved): after the messages, so a slow write delays no
    // one; a failed write keeps the questions marked, and the next flush reads and writes them again.
    if (opts.history) {
      const at = opts.history.clock();
      const bucket = bucketOf(at, opts.history.bucketMs);
      await writeSnapshots(ctx.pool, [...byQuestion].map(([questionId, q]) => ({ questionId, bucket, at, counts: Object.fromEntries(q.counts) })));
    }
    for (const [id, at] of recent) {
      if (recent.size <= RECENT_MAX && now - at <= RECENT_MS) break;
      recent.delete(id);
    }
  }

  const pacer = new ResultsPacer(opts.intervalMs, flush, clock);
  const resync = () => {
    const since = clock.now() - RECENT_MS;
    pacer.changed([...recent].filter(([, at]) => at >= since).map(([id]) => id));
  };
  const resyncSub = ctx.nc.subscribe(ctx.names.subject(LIVE_SUBJECTS.resync), { callback: (err) => !err && resync() });
  void (async () => {
    for await (const s of ctx.nc.status()) if (s.type === 'reconnect') resync();
  })().catch(() => undefined);

  return {
    changed: (ids) => pacer.changed(ids),
    async stop() {
      resyncSub.unsubscribe();
      stopping = true;
      await pacer.stop();
      heardSub.unsubscribe();
    },
  };
}
