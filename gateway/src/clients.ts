import { createPromiseClient, grpc, type PromiseClient } from '@mzansi/kit/base';
import { IdentityServiceClient } from '@mzansi/proto/identity/v1/identity';
import { NotificationServiceClient } from '@mzansi/proto/notification/v1/notification';
import { QuestionsServiceClient } from '@mzansi/proto/questions/v1/questions';
import { SocialServiceClient } from '@mzansi/proto/social/v1/social';
import { VotingServiceClient } from '@mzansi/proto/voting/v1/voting';
import type { Config } from './config.js';
import type { GatewayMetrics } from './metrics.js';
import { voteBatcher, type SubmitVote } from './vote-batch.js';

/** Promise clients for every service, each call with a deadline and the signed acting user. */
export interface Clients {
  identity: PromiseClient<IdentityServiceClient>;
  questions: PromiseClient<QuestionsServiceClient>;
  voting: PromiseClient<VotingServiceClient>;
  social: PromiseClient<SocialServiceClient>;
  notification: PromiseClient<NotificationServiceClient>;
  /** SubmitAnswer for one voter, sent with the votes that arrive beside it as one SubmitAnswers call. */
  submitVote: SubmitVote;
}

export function createClients(config: Config, metrics?: GatewayMetrics): Clients {
  const opts = {
    internalKeys: config.INTERNAL_AUTH_KEYS,
    deadlineMs: config.GRPC_DEADLINE_MS,
    onCall: metrics
      ? (method: string, code: grpc.status, seconds: number) =>
          metrics.grpcClientDuration.observe({ grpc_method: method, grpc_code: grpc.status[code] }, seconds)
      : undefined,
  };
  const voting = createPromiseClient(VotingServiceClient, config.VOTING_GRPC_ADDR, opts);
  return {
    identity: createPromiseClient(IdentityServiceClient, config.IDENTITY_GRPC_ADDR, opts),
    questions: createPromiseClient(QuestionsServiceClient, config.QUESTIONS_GRPC_ADDR, opts),
    voting,
    submitVote: voteBatcher((req, callOpts) => voting.submitAnswers(req, callOpts), {
      internalKeys: config.INTERNAL_AUTH_KEYS,
      deadlineMs: config.GRPC_DEADLINE_MS,
      maxBatch: config.VOTE_BATCH_MAX,
      onBatch: metrics && ((n) => metrics.voteBatchSize.observe(n)),
    }),
    social: createPromiseClient(SocialServiceClient, config.SOCIAL_GRPC_ADDR, opts),
    notification: createPromiseClient(NotificationServiceClient, config.NOTIFICATION_GRPC_ADDR, opts),
  };
}

/** The gRPC addresses /readyz checks. */
export function serviceAddresses(config: Config): Record<string, string> {
  return { identity: config.IDENTITY_GRPC_ADDR, questions: config.QUESTIONS_GRPC_ADDR, voting: config.VOTING_GRPC_ADDR, social: config.SOCIAL_GRPC_ADDR, notification: config.NOTIFICATION_GRPC_ADDR };
}

export function closeClients(clients: Clients) {
  for (const c of [clients.identity, clients.questions, clients.voting, clients.social, clients.notification]) c.close();
}
