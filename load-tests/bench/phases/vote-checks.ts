/** What every vote phase shares: the voters' requests, and the exact-totals and staleness check after each phase. */
import type pg from 'pg';
import type { Pool } from 'undici';
import { send, type Req } from '../load.ts';
import type { Report } from '../report.ts';
import type { SeededUser } from '../seed.ts';
import { sleep } from '../stats.ts';

export class VoteChecks {
  /** ms from the end of a phase until public results showed the stored total. */
  readonly stale: number[] = [];
  allExact = true;

  constructor(
    private readonly report: Report,
    private readonly api: Pool,
    private readonly voting: pg.Pool,
    private readonly users: SeededUser[],
    private readonly publicOrigin: string,
  ) {}

  headers(u: SeededUser) {
    return { cookie: u.cookie, origin: this.publicOrigin, 'content-type': 'application/json' };
  }

  /** Each voter once on `qid` (two in three Yes); no warm-up: every vote counts. */
  voteReq(qid: string): (i: number) => Req | undefined {
    let u = 0;
    return (i: number): Req | undefined => {
      if (i < 0) return undefined;
      const user = this.users[u++];
      if (!user) return undefined;
      return { path: '/api/answers', method: 'POST', headers: this.headers(user), body: JSON.stringify({ userId: user.id, questionId: qid, optionId: u % 3 === 0 ? 'no' : 'yes' }) };
    };
  }

  /**
   * After a vote phase: answers rows = sum of the counter shards = public-results (exact counting), and the rows
   * are the acknowledged votes plus at most the ones that timed out at the gateway (504 after the gRPC deadline:
   * committed late; a client retry gets 200, the same answer). Staleness: time from the end of the phase until
   * public results show the stored total.
   */
  async totals(qid: string, acked: number, timedOut: number, endedAt: number): Promise<boolean> {
    const { rows: db } = await this.voting.query<{ answers: string; counters: string }>(
      `SELECT (SELECT count(*) FROM answers WHERE question_id = $1) AS answers,
              (SELECT coalesce(sum(count), 0) FROM option_counts WHERE question_id = $1) AS counters`,
      [qid],
    );
    const stored = Number(db[0]!.answers);
    let seenAt = NaN;
    let shown = -1;
    for (let k = 0; k < 200; k++) {
      const r = await send(this.api, { path: `/api/questions/${qid}/public-results` });
      shown = (JSON.parse(r.body) as { totalVotes: number }).totalVotes;
      if (shown === stored) {
        seenAt = performance.now();
        break;
      }
      await sleep(25);
    }
    this.stale.push(seenAt - endedAt);
    const counted = stored === Number(db[0]!.counters) && shown === stored;
    const accounted = stored >= acked && stored <= acked + timedOut;
    const ok = counted && accounted;
    this.report.exact.push(
      `${ok ? 'exact' : 'MISMATCH'} (acked ${acked}${timedOut ? ` + ${timedOut} timed out (504)` : ''}, answers ${stored}, counters ${db[0]!.counters}, public ${shown})`,
    );
    this.allExact &&= ok;
    return ok;
  }
}
