import { ActorTokenSigner, ERROR_CODE_HEADER, ERROR_PARAMS_HEADER, grpc, requestContext, type Actor, type InternalKeys } from '@mzansi/kit/base';
import type { SubmitAnswerRequest, SubmitAnswerResponse, SubmitAnswersOutcome, SubmitAnswersRequest, SubmitAnswersResponse } from '@mzansi/proto/voting/v1/voting';

/**
 * Concurrent votes travel to voting as one SubmitAnswers call: grpc-js's per-call cost (an HTTP/2 stream, metadata,
 * a deadline timer, the server's handler round) is paid once per batch instead of once per vote, and voting already
 * commits concurrent answers as one statement. Each voter keeps what a SubmitAnswer of their own would give them:
 * their own signed actor token (voting verifies each item), their own outcome (answer, 200/201, or the exact
 * refusal with its message code) and a deadline that is never later than their own.
 *
 * A batch is what arrives within one turn of the event loop (flushed by setImmediate), at most `maxBatch` votes, so
 * a lone vote waits for nothing. The call's deadline is the earliest of its voters' (they arrived in the same turn,
 * so within a millisecond or so of each other); voting refuses, unwritten, any item whose own deadline has passed.
 * If the call itself fails (a replica crashing mid-batch, UNAVAILABLE, the deadline), every voter in it gets that
 * error, as each of their own calls would have: an answer may have committed before the crash, and the voter's
 * retry then gets it back as already answered (200), never a second vote.
 */

export type SubmitAnswers = (req: SubmitAnswersRequest, opts: { deadlineMs: number }) => Promise<SubmitAnswersResponse>;

export interface VoteBatchOptions {
  internalKeys: InternalKeys;
  /** GRPC_DEADLINE_MS: each voter's deadline from the moment they submit. */
  deadlineMs: number;
  /** VOTE_BATCH_MAX: most votes in one call; 1 sends each vote alone. */
  maxBatch: number;
  /** Transport time for deadlines (gRPC's own is Date.now()). */
  now?: () => number;
  onBatch?: (size: number) => void;
}

export type SubmitVote = (req: SubmitAnswerRequest, opts: { actor: Actor }) => Promise<SubmitAnswerResponse>;

interface Pending {
  item: SubmitAnswersRequest['items'][number];
  resolve(res: SubmitAnswerResponse): void;
  reject(err: unknown): void;
}

/** A voter's refusal as the gRPC error their own SubmitAnswer would have ended with (errors.ts maps it to HTTP). */
export function outcomeError(o: SubmitAnswersOutcome): grpc.ServiceError {
  const metadata = new grpc.Metadata();
  if (o.messageCode) metadata.set(ERROR_CODE_HEADER, o.messageCode);
  if (o.messageParams) metadata.set(ERROR_PARAMS_HEADER, o.messageParams);
  return Object.assign(new Error(`${o.code} ${grpc.status[o.code] ?? ''}: ${o.details}`), { code: o.code, details: o.details, metadata }) as grpc.ServiceError;
}

export function voteBatcher(call: SubmitAnswers, opts: VoteBatchOptions): SubmitVote {
  const now = opts.now ?? Date.now;
  const signer = new ActorTokenSigner(opts.internalKeys, 'voting');
  let queue: Pending[] = [];
  let scheduled = false;

  function flush() {
    scheduled = false;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    opts.onBatch?.(batch.length);
    const deadline = Math.min(...batch.map((p) => p.item.deadlineUnixMs));
    call({ items: batch.map((p) => p.item) }, { deadlineMs: Math.max(1, deadline - now()) }).then(
      ({ outcomes }) => {
        batch.forEach((p, i) => {
          const o = outcomes[i];
          if (!o) p.reject(outcomeError({ code: grpc.status.INTERNAL, response: undefined, details: 'Internal error', messageCode: '', messageParams: '' }));
          else if (o.code === grpc.status.OK && o.response) p.resolve(o.response);
          else p.reject(outcomeError(o));
        });
      },
      (err: unknown) => {
        for (const p of batch) p.reject(err);
      },
    );
  }

  return (answer, { actor }) =>
    new Promise<SubmitAnswerResponse>((resolve, reject) => {
      const item = { actorToken: signer.token(actor), requestId: requestContext.getStore()?.requestId ?? '', deadlineUnixMs: now() + opts.deadlineMs, answer };
      queue.push({ item, resolve, reject });
      if (queue.length >= opts.maxBatch) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
