import { encodeResultsChanged, LIVE_SUBJECTS, prom } from '@mzansi/kit';
import * as repo from '../../data-access/voting-repo.js';
import { resultsHiddenFor } from '@mzansi/api/rules';
import { resultsOfQuestion } from '../../domain/results.js';
import { realPacerClock, ResultsPacer, type PacerClock } from '../../domain/results-pacer.js';
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
 * per question per `intervalMs` (ResultsPacer), one read for all the questions of a flush. Not a JetStream stream:
 * a late message is useless and the next one supersedes it. So that a gateway that lost some (a NATS outage, its
 * own reconnect) catches up, the recently sent questions are sent again when this process reconnects to NATS or
 * when a gateway asks on `<namespace>.live.voting.resync`.
 */
export function startResultsPublisher(ctx: Ctx, opts: { intervalMs: number; clock?: PacerClock }): ResultsPublisher {
  const clock = opts.clock ?? realPacerClock;
  const subject = ctx.names.subject(LIVE_SUBJECTS.results);
  const published = new prom.Counter({
    name: 'voting_live_results_published_total',
    help: 'Live "results changed" messages published (at most one per question per LIVE_RESULTS_INTERVAL_MS)',
    registers: [ctx.metrics.registry],
  });
  /** Question id → when its totals were last sent, oldest first (re-inserted on every send). */
  const recent = new Map<string, number>();

  async function flush(questionIds: string[]) {
    let rows: Awaited<ReturnType<typeof repo.optionsAndCounts>>;
    try {
      rows = await repo.optionsAndCounts(ctx.db, questionIds);
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
    const now = clock.now();
    for (const [id, q] of byQuestion) {
      ctx.nc.publish(subject, encodeResultsChanged(resultsOfQuestion(id, q.options, q.counts, q.blind)));
      recent.delete(id);
      recent.set(id, now);
    }
    published.inc(byQuestion.size);
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
      await pacer.stop();
    },
  };
}
