import { z } from 'zod';

/**
 * Live messages: core NATS subjects (under EVENTS_NAMESPACE like the events), not JetStream streams. They carry
 * state that the next message supersedes, so nothing is stored or redelivered: a late "results changed" is
 * useless, a lost one is corrected by the next. None starts with a producer's name, so no stream captures them.
 */
export const LIVE_SUBJECTS = {
  /** Voting → gateways: a question's current totals, at most once per question per LIVE_RESULTS_INTERVAL_MS. */
  results: 'live.voting.results',
  /** Gateways → voting: "I may have missed some; send the recent questions' totals again" (after a reconnect). */
  resync: 'live.voting.resync',
  /** Notification → gateways: one person's new inbox item, on `live.inbox.<userId>` (after it is stored). */
  inbox: 'live.inbox',
} as const;

const resultsChangedShape = z.object({
  questionId: z.string().uuid(),
  totalVotes: z.number().int().min(0),
  results: z
    .array(
      z.object({
        optionId: z.string().min(1).max(100),
        optionText: z.string().max(1_000),
        votes: z.number().int().min(0),
        /** Of totalVotes, to one decimal (0 when there are no votes), as the HTTP API gives it. */
        percentage: z.number().min(0).max(100),
      }),
    )
    .max(50),
  /**
   * The same totals per province (provinces with answers only, each option's share of that province's answers):
   * what the gateway needs to answer a vote with the panel's figures without asking voting. Only with results.
   */
  provinces: z
    .array(
      z.object({
        province: z.string().min(1).max(10),
        counts: z.array(z.object({ optionId: z.string().min(1).max(100), votes: z.number().int().min(0), percentage: z.number().min(0).max(100) })).max(50),
      }),
    )
    .max(20)
    .optional(),
  /**
   * A blind question not yet resolved: the message carries only totalVotes (results empty); clients that answered
   * it read their own figures through the API.
   */
  blind: z.boolean().optional(),
});

/** A question's exact totals with its options' texts: everything a client needs to redraw its bars. */
export type ResultsChanged = z.infer<typeof resultsChangedShape>;

export function encodeResultsChanged(m: ResultsChanged): Uint8Array {
  const body = m.blind
    ? { questionId: m.questionId, totalVotes: m.totalVotes, results: [], blind: true }
    : { questionId: m.questionId, totalVotes: m.totalVotes, results: m.results, ...(m.provinces && { provinces: m.provinces }) };
  return new TextEncoder().encode(JSON.stringify(body));
}

/** Parses a results message from the wire. Throws on anything malformed. */
export function decodeResultsChanged(bytes: Uint8Array | string): ResultsChanged {
  const text = typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes);
  return resultsChangedShape.parse(JSON.parse(text));
}
