import { randomUUID } from 'node:crypto';
import { alreadyExists, AppError, codedFormat, codedMessages, conflict, grpc, invalid, notFound, NOT_SIGNED_IN, prom, requestContext, sastDate, sastTimeOfDay, statusOf, type Actor, type CallContext, type CallStatus, type Clock } from '@mzansi/kit';
import type { Answer, SubmitAnswerRequest, SubmitAnswerResponse, SubmitAnswersOutcome, SubmitAnswersRequest, SubmitAnswersResponse } from '@mzansi/proto/voting/v1/voting';
import { AnswerWriter } from '../../data-access/answer-writer.js';
import * as repo from '../../data-access/voting-repo.js';
import { monthKey } from '../../domain/scoring.js';
import { refusalForMalformedOption, screenSubmission, whyNotWritten, type Refusal } from '../../domain/answers.js';
import { confidenceOf } from '../../domain/calibration.js';
import type { VotingContext } from '../../context.js';

export const MESSAGES = codedMessages('vote', {
  questionNotFound: 'Question not found',
  closed: 'This question is no longer open for answers',
  unknownOption: 'Please choose one of the question’s options',
  different: 'You have already answered this question',
  notAnswered: 'Not answered',
} as const);

const pad2 = (n: number) => String(n).padStart(2, '0');
/** "Answering closed at 18:00": the close time in SAST, the product's time zone (its numbers go with it as params). */
export const CLOSED_AT = codedFormat('voteClosedAt', (p: { hour: number; minute: number }) => `Answering closed at ${pad2(p.hour)}:${pad2(p.minute)}`, { hour: 18, minute: 0 });

/** Most voters in one SubmitAnswers call (the gateway sends at most its VOTE_BATCH_MAX, 64 by default). */
export const MAX_BATCH_ITEMS = 256;

const SUBMIT_ANSWERS = '/voting.v1.VotingService/SubmitAnswers';

export function toAnswer(row: Pick<repo.AnswerRow, 'id' | 'userId' | 'questionId' | 'optionId' | 'submittedAt' | 'confidence'>): Answer {
  return { id: row.id, userId: row.userId, questionId: row.questionId, optionId: row.optionId, submittedAt: row.submittedAt, confidence: row.confidence };
}

/** A refused answer as the user is told it (`closesAt`: the question's, for `closedAt`). */
function refusalError(reason: Refusal, closesAt?: Date | null) {
  switch (reason) {
    case 'questionNotFound':
      return notFound(MESSAGES.questionNotFound);
    case 'unknownUser':
      return invalid('Unknown user');
    case 'unknownOption':
      return invalid(MESSAGES.unknownOption);
    case 'different':
      return alreadyExists(MESSAGES.different);
    case 'closed':
      return conflict(MESSAGES.closed);
    case 'closedAt': {
      if (!closesAt) return conflict(MESSAGES.closed);
      const time = sastTimeOfDay(closesAt);
      return conflict(CLOSED_AT(time), time);
    }
  }
}

const failed = (s: CallStatus): SubmitAnswersOutcome => ({ code: s.code, response: undefined, details: s.details, messageCode: s.messageCode ?? '', messageParams: s.params ?? '' });

class DeadlinePassed extends Error {}

interface AnswerHandlers {
  submitAnswer(req: SubmitAnswerRequest, call: CallContext): Promise<SubmitAnswerResponse>;
  submitAnswers(req: SubmitAnswersRequest): Promise<SubmitAnswersResponse>;
}

/**
 * SubmitAnswer (one voter, the call's actor) and SubmitAnswers (many voters, each item with its own actor token and
 * deadline): both end in `submit`, whose writes concurrent submits share (AnswerWriter: one statement per batch).
 * `onAnswered` learns, after each write commits, which questions got answers (the live results publisher).
 * Deadlines are transport time (the gateway's Date.now(), as gRPC's own), not the business clock.
 */
export function answerHandlers(ctx: VotingContext, clock: Clock, shards: number, onAnswered?: (questionIds: Set<string>) => void, now = Date.now): AnswerHandlers {
  const batchSize = new prom.Histogram({
    name: 'voting_answer_batch_size',
    help: 'Answers written per statement (concurrent submits share one)',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200],
    registers: [ctx.metrics.registry],
  });
  const callItems = new prom.Histogram({
    name: 'voting_submit_answers_items',
    help: 'Voters per SubmitAnswers call (concurrent votes a gateway sends as one call)',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200],
    registers: [ctx.metrics.registry],
  });
  const answered = new prom.Counter({
    name: 'voting_answers_submitted_total',
    help: "Voters' submits by outcome, whether each came alone (SubmitAnswer) or with others (SubmitAnswers)",
    labelNames: ['grpc_code'] as const,
    registers: [ctx.metrics.registry],
  });
  const counted = (code: grpc.status) => answered.inc({ grpc_code: grpc.status[code] });
  const writer = new AnswerWriter(ctx.pool, { shards, onBatch: (n) => batchSize.observe(n), onWritten: onAnswered });

  async function submit(req: SubmitAnswerRequest, actor: Actor): Promise<SubmitAnswerResponse> {
    // What the request alone tells is refused here, before it joins a batch (domain/answers.ts).
    const screened = screenSubmission({ questionId: req.questionId, userId: actor.id, optionId: req.optionId });
    if (screened === 'malformedOption') throw refusalError(refusalForMalformedOption(!!(await repo.findQuestion(ctx.db, req.questionId))));
    if (screened !== 'ok') throw refusalError(screened.refused);
    const confidence = confidenceOf(req.confidence);
    const at = clock();
    // Answer + counter shard + month score, atomically, batched with concurrent submits. No event: nothing
    // consumed one; the live results publisher tells the gateways about the new totals (onAnswered).
    const row = { id: randomUUID(), userId: actor.id, questionId: req.questionId, optionId: req.optionId, confidence, submittedAt: at, sastDay: sastDate(at) };
    for (let attempt = 1; ; attempt++) {
      if (await writer.record({ ...row, month: monthKey(at) })) {
        return { answer: toAnswer(row), alreadyAnswered: false };
      }
      // Nothing written: answered before, refused, or to be written again (domain/answers.ts `whyNotWritten`).
      const existing = await repo.findAnswer(ctx.db, actor.id, req.questionId);
      const question = existing ? undefined : await repo.findQuestion(ctx.db, req.questionId);
      const why = whyNotWritten({ optionId: req.optionId, confidence }, existing, question, attempt, at);
      if (why.outcome === 'alreadyAnswered') return { answer: toAnswer(existing!), alreadyAnswered: true };
      if (why.outcome === 'refused') throw refusalError(why.reason, question?.closesAt);
    }
  }

  async function one(req: SubmitAnswerRequest, actor: Actor): Promise<SubmitAnswerResponse> {
    try {
      const res = await submit(req, actor);
      counted(grpc.status.OK);
      return res;
    } catch (err) {
      counted(statusOf(err).code); // logged by the gRPC adapter, which answers with it
      throw err;
    }
  }

  async function item(it: SubmitAnswersRequest['items'][number]): Promise<SubmitAnswersOutcome> {
    const actor = ctx.serverDeps.actors.verify(it.actorToken || undefined);
    const requestId = it.requestId || randomUUID();
    return requestContext.run({ requestId, userId: actor?.id }, async () => {
      try {
        if (!actor) throw new AppError('UNAUTHENTICATED', NOT_SIGNED_IN);
        // Its caller has stopped waiting: writing it now would record a vote its voter was told failed.
        if (it.deadlineUnixMs > 0 && now() >= it.deadlineUnixMs) throw new DeadlinePassed();
        if (!it.answer) throw invalid('answer is required');
        const response = await submit(it.answer, actor);
        counted(grpc.status.OK);
        return { code: grpc.status.OK, response, details: '', messageCode: '', messageParams: '' };
      } catch (err) {
        const s = err instanceof DeadlinePassed ? { code: grpc.status.DEADLINE_EXCEEDED, details: 'Deadline exceeded' } : statusOf(err, ctx.logger, SUBMIT_ANSWERS);
        counted(s.code);
        return failed(s);
      }
    });
  }

  return {
    submitAnswer: async (req, call) => one(req, call.requireActor()),
    async submitAnswers(req) {
      if (req.items.length > MAX_BATCH_ITEMS) throw invalid(`At most ${MAX_BATCH_ITEMS} answers per call`);
      callItems.observe(req.items.length);
      return { outcomes: await Promise.all(req.items.map(item)) };
    },
  };
}
