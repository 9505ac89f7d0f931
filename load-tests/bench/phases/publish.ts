/**
 * The app holds N signed-in sockets; then one question per vote phase is created and published, each timed from the
 * publish request to its `new-question` at the last socket (and to voting's projection knowing it).
 */
import type pg from 'pg';
import type { Pool } from 'undici';
import { CFG, log } from '../config.ts';
import { send } from '../load.ts';
import { rssOf } from '../procs.ts';
import type { SeededUser } from '../seed.ts';
import { figure, fmtFig, sleep, type Figure } from '../stats.ts';
import { connectFleet, type Fleet } from '../wsclients.ts';
import type { System } from './system.ts';

export interface Sockets {
  fleet: Fleet;
  rssIdle?: { rssMb: number; hwmMb: number };
  rssWs?: { rssMb: number; hwmMb: number };
}

export async function holdSockets(sys: System, users: SeededUser[]): Promise<Sockets> {
  const rssIdle = sys.gatewayPid ? rssOf(sys.gatewayPid) : undefined;
  const t = Date.now();
  const fleet = await connectFleet(
    `ws://127.0.0.1:${new URL(sys.gatewayOrigin).port}/ws`,
    Array.from({ length: CFG.wsClients }, (_, i) => ({ cookie: users[i]!.cookie, origin: sys.publicOrigin })),
    'new-question',
  );
  const connectMs = Date.now() - t;
  await sleep(1_000);
  const rssWs = sys.gatewayPid ? rssOf(sys.gatewayPid) : undefined;
  log(`${fleet.open} sockets connected (${fleet.failed} failed) in ${connectMs} ms; gateway RSS ${rssIdle?.rssMb.toFixed(0)} → ${rssWs?.rssMb.toFixed(0)} MB`);
  return { fleet, rssIdle, rssWs };
}

export interface Published {
  /** One fresh question per vote phase (the warm-up's left out). */
  voteQs: string[];
  deliver: Figure;
  firstArrival: Figure;
  projection: Figure;
  missing: number;
}

/** A yes/no question made through the admin API (not yet published): its id. */
export async function createQuestion(sys: System, api: Pool, admin: SeededUser, text: string): Promise<string> {
  const res = await send(api, {
    path: '/api/admin/questions',
    method: 'POST',
    headers: { cookie: admin.cookie, origin: sys.publicOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({
      text,
      context: null,
      date: new Date().toISOString(),
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    }),
  });
  if (res.status !== 201) throw new Error(`create question: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { id: string }).id;
}

/** Publishes a question and waits until voting's projection knows it (it follows questions.* events). */
export async function publishQuestion(sys: System, api: Pool, admin: SeededUser, voting: pg.Pool, id: string): Promise<void> {
  const res = await send(api, { path: `/api/admin/questions/${id}/publish`, method: 'POST', headers: { cookie: admin.cookie, origin: sys.publicOrigin } });
  if (res.status !== 200) throw new Error(`publish: ${res.status} ${res.body}`);
  while (!(await voting.query('SELECT 1 FROM question_state WHERE question_id = $1', [id])).rowCount) await sleep(10);
}

export async function publishQuestions(
  sys: System,
  api: Pool,
  admin: SeededUser,
  fleet: Fleet,
  voting: pg.Pool,
  runId: string,
): Promise<Published> {
  // Every vote phase gets its own fresh question (closed-loop reps, offered-rate reps, knee rates); the first warms up.
  // + 1 for the reconnect storm's votes.
  const nPublish = CFG.reps * 2 + CFG.kneeRates.length + 2;
  const questionIds: string[] = [];
  for (let i = 0; i < nPublish; i++) questionIds.push(await createQuestion(sys, api, admin, `Bench ${runId} question ${i + 1}: will the burst hold`));
  const deliver: number[] = [];
  const firstArrival: number[] = [];
  const projection: number[] = [];
  let missing = 0;
  for (const [i, id] of questionIds.entries()) {
    const t0 = performance.now();
    // voting's projection must know the question before anyone can vote
    const proj = publishQuestion(sys, api, admin, voting, id).then(() => performance.now() - t0);
    const arr = await fleet.waitAll(`nq:${id}`, 30_000);
    missing += fleet.open - arr.length;
    const p = await proj;
    if (i >= 1) {
      deliver.push(arr.length ? Math.max(...arr) - t0 : NaN);
      firstArrival.push(arr.length ? Math.min(...arr) - t0 : NaN);
      projection.push(p);
    }
    await sleep(300);
  }
  const out = { voteQs: questionIds.slice(1), deliver: figure(deliver), firstArrival: figure(firstArrival), projection: figure(projection), missing };
  log(`new-question to ${fleet.open}: last client ${fmtFig(out.deliver, ' ms')}; missing ${missing}`);
  return out;
}
