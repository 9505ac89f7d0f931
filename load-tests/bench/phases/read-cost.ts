/**
 * Read cost against the number of answers: voting's GetResults and GetProvinceResults (direct gRPC) for a question
 * with 1,000 answers and one with CFG.readcostAnswers, inserted straight into voting's database and removed after.
 */
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type pg from 'pg';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import { CFG } from '../config.ts';
import { figure, median, type Figure } from '../stats.ts';

export interface ReadCost {
  small: Figure;
  big: Figure;
  provinceSmall: Figure;
  provinceBig: Figure;
  smallN: number;
  bigN: number;
  insertMs: number;
}

/** GetResults latency (direct gRPC to voting) for a question with few answers vs one with many. */
export async function measureReadCost(voting: pg.Pool, addr: string): Promise<ReadCost> {
  const smallN = 1_000;
  const bigN = CFG.readcostAnswers;
  const small = randomUUID();
  const big = randomUUID();
  const t0 = Date.now();
  const c = await voting.connect();
  try {
    await c.query('SET synchronous_commit = off');
    for (const [q, n] of [
      [small, smallN],
      [big, bigN],
    ] as const) {
      await c.query(`INSERT INTO question_state (question_id, text, options, published_at) VALUES ($1, 'bench read cost', '[{"id":"yes","text":"Yes"},{"id":"no","text":"No"}]', now())`, [q]);
      await c.query(
        `INSERT INTO answers (user_id, question_id, option_id, submitted_at, sast_day)
         SELECT gen_random_uuid(), $1, CASE WHEN g % 3 = 0 THEN 'no' ELSE 'yes' END, now(), current_date FROM generate_series(1, $2::int) g`,
        [q, n],
      );
      await c.query(
        `INSERT INTO option_counts (question_id, option_id, shard, count)
         SELECT $1, o, s, 0 FROM unnest(ARRAY['yes','no']) o, generate_series(0, 15) s`,
        [q],
      );
      await c.query(
        `UPDATE option_counts oc SET count = x.n FROM (
           SELECT option_id, count(*) AS n FROM answers WHERE question_id = $1 GROUP BY option_id) x
         WHERE oc.question_id = $1 AND oc.option_id = x.option_id AND oc.shard = 0`,
        [q],
      );
      // The province breakdown's counters, which a real read also looks up: every answer in one of the nine
      // provinces, summing to the national total (a residual of 1–29 would make voting hide the smallest province).
      await c.query(
        `INSERT INTO province_counts (question_id, province, option_id, count)
         SELECT $1, p, o, $2::int / 18 + CASE WHEN (pi - 1) * 2 + oi <= $2::int % 18 THEN 1 ELSE 0 END
         FROM unnest(ARRAY['EC','FS','GP','KZN','LP','MP','NC','NW','WC']) WITH ORDINALITY AS pp(p, pi),
           unnest(ARRAY['yes','no']) WITH ORDINALITY AS oo(o, oi)`,
        [q, n],
      );
    }
    await c.query('ANALYZE answers; ANALYZE option_counts; ANALYZE province_counts');
  } finally {
    c.release();
  }
  const insertMs = Date.now() - t0;
  const client = new VotingServiceClient(addr, grpc.credentials.createInsecure());
  const call = (qid: string) =>
    new Promise<number>((resolve, reject) => {
      const s = performance.now();
      client.getResults({ questionIds: [qid] }, new grpc.Metadata(), { deadline: Date.now() + 3_000 }, (err, res) => {
        if (err) return reject(err);
        const total = res.results[0]?.counts.reduce((n, x) => n + Number(x.count), 0) ?? 0;
        if (total !== (qid === small ? smallN : bigN)) return reject(new Error(`GetResults total ${total} for ${qid}`));
        resolve(performance.now() - s);
      });
    });
  const provinceCall = (qid: string) =>
    new Promise<number>((resolve, reject) => {
      const s = performance.now();
      client.getProvinceResults({ questionIds: [qid] }, new grpc.Metadata(), { deadline: Date.now() + 3_000 }, (err, res) => {
        if (err) return reject(err);
        const total = res.results.reduce((n, r) => n + Number(r.total), 0);
        const expected = qid === small ? smallN : bigN;
        if (res.results.length !== 9 || total !== expected) return reject(new Error(`GetProvinceResults ${res.results.length} provinces, total ${total} for ${qid}`));
        resolve(performance.now() - s);
      });
    });
  const smallReps: number[] = [];
  const bigReps: number[] = [];
  const provinceSmall: number[] = [];
  const provinceBig: number[] = [];
  for (let r = 0; r < CFG.reps; r++) {
    for (const [q, out, read] of [
      [small, smallReps, call],
      [big, bigReps, call],
      [small, provinceSmall, provinceCall],
      [big, provinceBig, provinceCall],
    ] as const) {
      const lat: number[] = [];
      for (let i = 0; i < 200; i++) lat.push(await read(q));
      out.push(median(lat));
    }
  }
  client.close();
  // leave the databases as we found them (test databases are dropped anyway)
  await voting.query('DELETE FROM answers WHERE question_id = ANY($1::uuid[])', [[small, big]]);
  await voting.query('DELETE FROM option_counts WHERE question_id = ANY($1::uuid[])', [[small, big]]);
  await voting.query('DELETE FROM province_counts WHERE question_id = ANY($1::uuid[])', [[small, big]]);
  await voting.query('DELETE FROM question_state WHERE question_id = ANY($1::uuid[])', [[small, big]]);
  return {
    small: figure(smallReps) as Figure,
    big: figure(bigReps) as Figure,
    provinceSmall: figure(provinceSmall) as Figure,
    provinceBig: figure(provinceBig) as Figure,
    smallN,
    bigN,
    insertMs,
  };
}
