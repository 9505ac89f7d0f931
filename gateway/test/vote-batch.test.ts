import { afterEach, describe, expect, it } from 'vitest';
import { ActorTokenVerifier, createPromiseClient, DEV_INTERNAL_KEYS, ERROR_CODE_HEADER, grpc, type PromiseClient } from '@mzansi/kit/base';
import { VotingServiceClient, VotingServiceService, type SubmitAnswersRequest, type SubmitAnswersResponse } from '@mzansi/proto/voting/v1/voting';
import { voteBatcher, type SubmitVote } from '../src/vote-batch.js';
import { fromGrpc } from '../src/errors.js';

/**
 * The gateway's vote batching against a real gRPC server standing in for voting: what goes into a call, and what each
 * voter gets back, also when the call times out or the server dies with the batch in flight (the real voting's side:
 * services/voting/test/answers-many.test.ts; through HTTP: tests/faults 01 and 03).
 */

const verifier = new ActorTokenVerifier(DEV_INTERNAL_KEYS, 'voting');
type Handler = (req: SubmitAnswersRequest) => Promise<SubmitAnswersResponse> | 'hang' | 'crash';

let stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops) s();
  stops = [];
});

/** A voting stand-in serving SubmitAnswers with `handle` on `port` (0: any); `calls` is every request it got. */
async function serve(handle: Handler, calls: SubmitAnswersRequest[], port = 0) {
  const server = new grpc.Server();
  server.addService(VotingServiceService, {
    submitAnswers(call: grpc.ServerUnaryCall<SubmitAnswersRequest, SubmitAnswersResponse>, cb: grpc.sendUnaryData<SubmitAnswersResponse>) {
      calls.push(call.request);
      const out = handle(call.request);
      if (out === 'hang') return;
      if (out === 'crash') return void server.forceShutdown();
      out.then((res) => cb(null, res), (err: Error) => cb({ code: grpc.status.INTERNAL, details: err.message } as grpc.ServiceError, null));
    },
  });
  const bound = await new Promise<number>((resolve, reject) => server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  stops.push(() => server.forceShutdown());
  return bound;
}

/** A voting stand-in and a batcher sending to it. */
async function rig(handle: Handler, opts: { maxBatch?: number; deadlineMs?: number } = {}) {
  const calls: SubmitAnswersRequest[] = [];
  const port = await serve(handle, calls);
  const client: PromiseClient<VotingServiceClient> = createPromiseClient(VotingServiceClient, `127.0.0.1:${port}`, { internalKeys: DEV_INTERNAL_KEYS });
  stops.push(() => client.close());
  const sizes: number[] = [];
  const vote: SubmitVote = voteBatcher((req, o) => client.submitAnswers(req, o), {
    internalKeys: DEV_INTERNAL_KEYS,
    deadlineMs: opts.deadlineMs ?? 3_000,
    maxBatch: opts.maxBatch ?? 64,
    onBatch: (n) => sizes.push(n),
  });
  return { vote, calls, sizes, port };
}

/** What the real voting does, in miniature: the item's own voter (from its token) answers; "no" is refused as a different answer. */
const echoVoters: Handler = async (req) => ({
  outcomes: req.items.map((it) => {
    const actor = verifier.verify(it.actorToken);
    if (!actor) return { code: grpc.status.UNAUTHENTICATED, response: undefined, details: 'Not signed in', messageCode: 'notSignedIn', messageParams: '' };
    if (it.answer!.optionId === 'no') return { code: grpc.status.ALREADY_EXISTS, response: undefined, details: 'You have already answered this question', messageCode: 'voteDifferent', messageParams: '' };
    const answer = { id: `a-${actor.id}`, userId: actor.id, questionId: it.answer!.questionId, optionId: it.answer!.optionId, confidence: 75, submittedAt: new Date() };
    return { code: grpc.status.OK, response: { answer, alreadyAnswered: false }, details: '', messageCode: '', messageParams: '' };
  }),
});

const voter = (i: number) => ({ id: `user-${i}`, isAdmin: false });
const settle = (p: Promise<unknown>) => p.then((v) => ({ ok: v }), (err: grpc.ServiceError) => ({ err }));

describe('votes to voting, batched', () => {
  it('votes made in one turn travel as one call, in order, each signed as its own voter, each answered with its own outcome', async () => {
    const { vote, calls, sizes } = await rig(echoVoters);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => settle(vote({ questionId: 'q1', optionId: i === 7 ? 'no' : 'yes' }, { actor: voter(i) }))));
    expect(calls).toHaveLength(1);
    expect(sizes).toEqual([20]);
    expect(calls[0]!.items.map((it) => verifier.verify(it.actorToken)?.id)).toEqual(Array.from({ length: 20 }, (_, i) => `user-${i}`));
    results.forEach((r, i) => {
      if (i === 7) {
        const err = (r as { err: grpc.ServiceError }).err;
        expect([err.code, err.details, err.metadata.get(ERROR_CODE_HEADER)[0]]).toEqual([grpc.status.ALREADY_EXISTS, 'You have already answered this question', 'voteDifferent']);
        // The gateway tells this voter what a call of their own would have: 409 with its code.
        expect(fromGrpc(err)).toMatchObject({ status: 409, code: 'voteDifferent' });
      } else expect(r).toMatchObject({ ok: { answer: { userId: `user-${i}`, optionId: 'yes' }, alreadyAnswered: false } });
    });
  });

  it('a lone vote goes at once, alone; more than VOTE_BATCH_MAX at once split into calls of at most that many', async () => {
    const { vote, calls, sizes } = await rig(echoVoters, { maxBatch: 4 });
    await vote({ questionId: 'q1', optionId: 'yes' }, { actor: voter(0) });
    expect(sizes).toEqual([1]);
    await Promise.all(Array.from({ length: 10 }, (_, i) => vote({ questionId: 'q1', optionId: 'yes' }, { actor: voter(i) })));
    expect(sizes).toEqual([1, 4, 4, 2]);
    expect(calls.slice(1).flatMap((c) => c.items.map((it) => verifier.verify(it.actorToken)?.id))).toEqual(Array.from({ length: 10 }, (_, i) => `user-${i}`));
  });

  it("each item carries its voter's deadline; a call voting never answers fails every voter with DEADLINE_EXCEEDED at it", async () => {
    const { vote, calls } = await rig(() => 'hang', { deadlineMs: 200 });
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => settle(vote({ questionId: 'q1', optionId: 'yes' }, { actor: voter(i) }))));
    const took = Date.now() - started;
    for (const r of results) expect((r as { err: grpc.ServiceError }).err.code).toBe(grpc.status.DEADLINE_EXCEEDED);
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(1_500);
    for (const it of calls[0]!.items) {
      expect(it.deadlineUnixMs).toBeGreaterThanOrEqual(started + 200);
      expect(it.deadlineUnixMs).toBeLessThanOrEqual(started + 260);
    }
    expect(fromGrpc((results[0] as { err: grpc.ServiceError }).err).status).toBe(504);
  });

  it('voting dies with a batch in flight: every voter in it gets an outage error (5xx, to retry), none another voter’s answer, and the next batch is unaffected', async () => {
    const { vote, calls, port } = await rig(() => 'crash');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => settle(vote({ questionId: 'q1', optionId: 'yes' }, { actor: voter(i) }))));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.items).toHaveLength(8);
    for (const r of results) {
      const err = (r as { err?: grpc.ServiceError }).err;
      expect(err, JSON.stringify(r)).toBeDefined();
      expect(fromGrpc(err!).status).toBeGreaterThanOrEqual(500);
    }
    // Voting back on the same address: the voters' retries are answered, each with their own answer.
    await serve(echoVoters, calls, port);
    const retry = async (i: number) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await vote({ questionId: 'q1', optionId: 'yes' }, { actor: voter(i) });
        } catch (err) {
          if (attempt > 50 || fromGrpc(err as grpc.ServiceError).status !== 503) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const retried = await Promise.all(Array.from({ length: 8 }, (_, i) => retry(i)));
    expect(retried.map((r) => r.answer?.userId)).toEqual(Array.from({ length: 8 }, (_, i) => `user-${i}`));
  });
});
