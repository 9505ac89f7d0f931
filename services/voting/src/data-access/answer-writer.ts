import { randomInt } from 'node:crypto';
import type pg from 'pg';

/** One answer to record. */
export interface AnswerToRecord {
  id: string;
  userId: string;
  questionId: string;
  optionId: string;
  /** 50–99. */
  confidence: number;
  submittedAt: Date;
  /** SAST calendar day (YYYY-MM-DD) and the first day of its SAST month. */
  sastDay: string;
  month: string;
}

export interface AnswerWriterOptions {
  /** Most answers in one statement. */
  maxBatch?: number;
  /** Statements in flight at once; arrivals meanwhile wait and go out together in the next one. */
  maxInFlight?: number;
  /** Counter rows per option (a batch adds to one of them, picked at random). */
  shards: number;
  /** Told the size of every statement sent (e.g. a histogram for operators). */
  onBatch?: (size: number) => void;
  /**
   * Told, once per statement and after it committed, which questions it inserted answers for (before those
   * answers' callers learn it): the live results publisher's "dirty" questions.
   */
  onWritten?: (questionIds: Set<string>) => void;
}

/**
 * Records answers in batches: ONE statement (one round trip, atomic) writes every answer of a batch that may be
 * written — the question is open, the option is one of its options and the user has not answered — plus, for the
 * inserted ones only, their counter shard, month score and province count. No event announces an answer: nothing
 * consumed one; the gateways learn of new totals from the live results publisher (`onWritten`).
 *
 * Batching is natural: a lone answer is written at once; while `maxInFlight` statements are running, arrivals
 * queue and the next free slot takes them all (up to `maxBatch`). Under a burst this turns hundreds of
 * transactions a second into a few dozen, each with one plan (a prepared statement), one commit and one WAL
 * flush, and grouped counter and month-score upserts; with no burst nothing waits.
 *
 * Each caller learns whether its own answer was inserted (`true`) or not (`false`: answered before, possibly
 * earlier in the same batch, or the question/option refused it — the caller works out which). Locks are taken in
 * one order (counters by question and option, month scores by month and user), so concurrent batches queue on a
 * hot row instead of deadlocking; a deadlock or serialization failure anyway (e.g. against a resolution in
 * progress) retries the statement, which has changed nothing.
 */
export class AnswerWriter {
  private readonly queue: { a: AnswerToRecord; resolve: (inserted: boolean) => void; reject: (err: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly opts: AnswerWriterOptions,
  ) {
    this.maxBatch = opts.maxBatch ?? 200;
    this.maxInFlight = opts.maxInFlight ?? 4;
  }

  /** Resolves true when this answer was inserted (with its count and score), false when it was not. */
  record(a: AnswerToRecord): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ a, resolve, reject });
      // Calls that arrive in the same turn of the event loop (one read of the HTTP/2 connection) share a statement.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump() {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      void this.write(batch.map((b) => b.a))
        .then(
          ({ inserted, failed }) => {
            if (inserted.size > 0) this.written(batch, inserted);
            batch.forEach((b) => (failed.has(b.a.id) ? b.reject(failed.get(b.a.id)) : b.resolve(inserted.has(b.a.id))));
          },
          (err) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }

  private written(batch: { a: AnswerToRecord }[], inserted: Set<string>) {
    if (!this.opts.onWritten) return;
    const questions = new Set<string>();
    for (const b of batch) if (inserted.has(b.a.id)) questions.add(b.a.questionId);
    try {
      this.opts.onWritten(questions);
    } catch {
      // A listener's failure must never leave the batch's callers without an answer: the answers are written.
    }
  }

  /**
   * The ids inserted. A statement that fails on one answer's data (a data exception, 22…, or an integrity
   * violation, 23…) is retried answer by answer, so one bad answer fails only its own call.
   */
  private async write(batch: AnswerToRecord[]): Promise<{ inserted: Set<string>; failed: Map<string, unknown> }> {
    const failed = new Map<string, unknown>();
    try {
      return { inserted: await this.withRetry(batch), failed };
    } catch (err) {
      const code = String((err as { code?: string }).code ?? '');
      if (batch.length === 1 || !(code.startsWith('22') || code.startsWith('23'))) throw err;
      const inserted = new Set<string>();
      const results = await Promise.allSettled(batch.map((a) => this.withRetry([a])));
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') r.value.forEach((id) => inserted.add(id));
        else failed.set(batch[i]!.id, r.reason);
      });
      return { inserted, failed };
    }
  }

  private async withRetry(batch: AnswerToRecord[], attempt = 1): Promise<Set<string>> {
    this.opts.onBatch?.(batch.length);
    try {
      const res = await this.pool.query<{ id: string }>({
        name: 'voting-record-answers',
        text: RECORD_ANSWERS,
        values: [
          batch.map((a) => a.id),
          batch.map((a) => a.userId),
          batch.map((a) => a.questionId),
          batch.map((a) => a.optionId),
          batch.map((a) => a.submittedAt.toISOString()),
          batch.map((a) => a.sastDay),
          batch.map((a) => a.month),
          randomInt(this.opts.shards),
          batch.map((a) => a.confidence),
        ],
      });
      return new Set(res.rows.map((r) => r.id));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if ((code === '40P01' || code === '40001') && attempt < 5) return this.withRetry(batch, attempt + 1);
      throw err;
    }
  }
}

/**
 * domain/scoring.ts `isOpen` in SQL, over `question_state q` and the input row `i`, whose `submitted_at` is the
 * `now` the rule is judged at (the handler's clock, a parameter of the statement: never the database's clock): the
 * write checks it in the statement that inserts, so that no resolution, archiving or close can slip between check
 * and insert. test/rules-in-sql.test.ts runs the statement against every combination of the rule's inputs, and at
 * instants before, at and after a close time, and compares it with `isOpen`.
 */
export const OPEN_QUESTION_SQL = 'q.published_at IS NOT NULL AND NOT q.is_resolved AND NOT q.is_archived AND (q.closes_at IS NULL OR i.submitted_at < q.closes_at)';

/** domain/answers.ts `isOneOfTheOptions` in SQL, over `question_state q` and the input row `i`. */
export const ONE_OF_THE_OPTIONS_SQL = `q.options @> jsonb_build_array(jsonb_build_object('id', i.option_id))`;

const RECORD_ANSWERS = `
WITH input AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::timestamptz[], $6::date[], $7::date[], $9::smallint[])
    AS t(id, user_id, question_id, option_id, submitted_at, sast_day, month, confidence)
), ins AS (
  INSERT INTO answers (id, user_id, question_id, option_id, submitted_at, sast_day, confidence)
  SELECT i.id, i.user_id, i.question_id, i.option_id, i.submitted_at, i.sast_day, i.confidence
  FROM input i JOIN question_state q ON q.question_id = i.question_id
  WHERE ${OPEN_QUESTION_SQL}
    AND ${ONE_OF_THE_OPTIONS_SQL}
  ON CONFLICT (user_id, question_id) DO NOTHING
  RETURNING id, user_id, question_id, option_id
), cnt AS (
  INSERT INTO option_counts (question_id, option_id, shard, count)
  SELECT question_id, option_id, $8::int, count(*) FROM ins GROUP BY question_id, option_id ORDER BY question_id, option_id
  ON CONFLICT (question_id, option_id, shard) DO UPDATE SET count = option_counts.count + EXCLUDED.count
), ms AS (
  INSERT INTO month_scores (month, user_id, answered)
  SELECT i.month, ins.user_id, count(*)::int FROM ins JOIN input i ON i.id = ins.id GROUP BY i.month, ins.user_id ORDER BY i.month, ins.user_id
  ON CONFLICT (month, user_id) DO UPDATE SET answered = month_scores.answered + EXCLUDED.answered
), pc AS (
  INSERT INTO province_counts (question_id, province, option_id, count)
  SELECT ins.question_id, up.province, ins.option_id, count(*) FROM ins JOIN user_province up ON up.user_id = ins.user_id
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (question_id, province, option_id) DO UPDATE SET count = province_counts.count + EXCLUDED.count
)
SELECT id FROM ins`;
