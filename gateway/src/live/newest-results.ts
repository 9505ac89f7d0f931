import type { ResultsChanged } from '@mzansi/kit/base';

export type Outcome = 'sent' | 'dropped';

/** Questions not heard of for this long are forgotten (when there are many): one quiet for a minute starts afresh. */
const FORGET_MS = 60_000;
const FORGET_ABOVE = 1_000;

/**
 * Passes on voting's results messages, dropping any whose totals are not newer than the last one passed for that
 * question. Pacing is voting's alone (its results publisher sends a question's totals at most once per
 * LIVE_RESULTS_INTERVAL_MS): pacing at the source bounds the totals reads, the NATS traffic and the fan-out of every
 * gateway at once, so the gateway holds nothing back and adds no delay of its own. With several voting replicas each
 * reads the shared totals, so their messages may cross: counts only grow, and a message whose totalVotes is not
 * above the last one passed is a copy (another replica read the same totals) or older, and showing it would move a
 * bar backwards.
 */
export class NewestResults {
  private readonly last = new Map<string, { m: ResultsChanged; at: number }>();

  constructor(
    private send: (m: ResultsChanged) => void = () => undefined,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Where the messages passed on go (the live channel's fan-out, once it is up). */
  onNewest(send: (m: ResultsChanged) => void): void {
    this.send = send;
  }

  offer(m: ResultsChanged): Outcome {
    const now = this.now();
    const seen = this.last.get(m.questionId);
    if (seen && m.totalVotes <= seen.m.totalVotes) return 'dropped';
    if (!seen && this.last.size >= FORGET_ABOVE) this.forgetIdle(now);
    this.last.set(m.questionId, { m, at: now });
    this.send(m);
    return 'sent';
  }

  /**
   * The newest totals passed on for a question (a blind one's carry only the total), or undefined when none came
   * since this gateway started (or the question was forgotten): what a vote's answer can carry without asking voting.
   */
  latest(questionId: string): ResultsChanged | undefined {
    return this.last.get(questionId)?.m;
  }

  private forgetIdle(now: number) {
    for (const [id, q] of this.last) if (now - q.at > FORGET_MS) this.last.delete(id);
  }

  /** Questions remembered (bounded: idle ones are forgotten past 1,000). */
  get size(): number {
    return this.last.size;
  }
}
