import { describe, expect, it } from 'vitest';
import { ActorTokenSigner, DEV_INTERNAL_KEYS, ERROR_CODE_HEADER, grpc } from '@mzansi/kit';
import type { SubmitAnswersOutcome } from '@mzansi/proto/voting/v1/voting';
import { MAX_BATCH_ITEMS } from '../src/entry-points/grpc/answer-handlers.js';
import { MESSAGES } from '../src/entry-points/grpc/voting-service.js';
import { idOf, user } from './helpers.js';
import { h, rowsOf, useVotingService } from './answers-setup.js';

/** SubmitAnswers: many voters in one call, each item authorised, timed and answered on its own. */
useVotingService();

const signer = new ActorTokenSigner(DEV_INTERNAL_KEYS, 'voting');
const forger = new ActorTokenSigner([{ kid: DEV_INTERNAL_KEYS[0]!.kid, secret: 'not-the-internal-secret-at-all-0123456789' }], 'voting');
const soon = () => Date.now() + 5_000;
const item = (u: { actor: { id: string; isAdmin: boolean } }, questionId: string, optionId: string, over: { actorToken?: string; deadlineUnixMs?: number } = {}) => ({
  actorToken: signer.token(u.actor),
  requestId: '',
  deadlineUnixMs: soon(),
  answer: { questionId, optionId },
  ...over,
});
const shown = (o: SubmitAnswersOutcome) => (o.code === grpc.status.OK ? `${o.response!.alreadyAnswered ? 'again' : 'recorded'} ${o.response!.answer!.userId} ${o.response!.answer!.optionId}` : `${grpc.status[o.code]}: ${o.details}${o.messageCode ? ` [${o.messageCode}]` : ''}`);

describe('SubmitAnswers: one call, each voter their own answer', () => {
  it("each item is its own voter's: own token, own outcome in order; forged, missing and late items are refused unwritten", async () => {
    const q = await h.createPublished();
    const voters = Array.from({ length: 6 }, () => user());
    const twice = user();
    const forged = user();
    const anonymous = user();
    const late = user();
    const odd = user();
    const again = user();
    await h.answer(again, q.id, 'yes');

    const { outcomes } = await h.v.submitAnswers({
      items: [
        ...voters.map((u, i) => item(u, q.id, i % 2 ? 'no' : 'yes')),
        item(twice, q.id, 'yes'),
        item(twice, q.id, 'no'),
        item(forged, q.id, 'yes', { actorToken: forger.token({ id: idOf(forged), isAdmin: true }) }),
        item(anonymous, q.id, 'yes', { actorToken: '' }),
        item(late, q.id, 'yes', { deadlineUnixMs: Date.now() - 1 }),
        item(odd, q.id, 'maybe'),
        item(again, q.id, 'yes'),
      ],
    });

    expect(outcomes.slice(0, 6).map(shown)).toEqual(voters.map((u, i) => `recorded ${idOf(u)} ${i % 2 ? 'no' : 'yes'}`));
    // Two options at once for one voter: one is recorded, the other refused as a different answer.
    const pair = [shown(outcomes[6]!), shown(outcomes[7]!)];
    const won = pair.findIndex((s) => s.startsWith('recorded'));
    expect(pair[won]).toBe(`recorded ${idOf(twice)} ${won === 0 ? 'yes' : 'no'}`);
    expect(pair[1 - won]).toBe(`ALREADY_EXISTS: ${MESSAGES.different} [voteDifferent]`);
    expect(outcomes.slice(8).map(shown)).toEqual([
      'UNAUTHENTICATED: Not signed in [notSignedIn]',
      'UNAUTHENTICATED: Not signed in [notSignedIn]',
      'DEADLINE_EXCEEDED: Deadline exceeded',
      `INVALID_ARGUMENT: ${MESSAGES.unknownOption} [voteUnknownOption]`,
      `again ${idOf(again)} yes`,
    ]);

    const rows = await rowsOf(q.id);
    const expected = [...voters.map(idOf), idOf(twice), idOf(again)].sort();
    expect(rows.map((r) => r.user_id).sort()).toEqual(expected);
    for (const [i, u] of voters.entries()) expect(rows.find((r) => r.user_id === idOf(u))?.option_id).toBe(i % 2 ? 'no' : 'yes');
  });

  it('a refusal carries the message code SubmitAnswer sends as trailing metadata', async () => {
    const q = await h.createPublished();
    const u = user();
    await h.answer(u, q.id, 'yes');
    const single = await h.answer(u, q.id, 'no').then(
      () => undefined,
      (err: grpc.ServiceError) => ({ code: err.code, details: err.details, messageCode: String(err.metadata.get(ERROR_CODE_HEADER)[0]) }),
    );
    const { outcomes } = await h.v.submitAnswers({ items: [item(u, q.id, 'no')] });
    expect(single).toEqual({ code: grpc.status.ALREADY_EXISTS, details: MESSAGES.different, messageCode: 'voteDifferent' });
    expect({ code: outcomes[0]!.code, details: outcomes[0]!.details, messageCode: outcomes[0]!.messageCode }).toEqual(single);
  });

  it(`more than ${MAX_BATCH_ITEMS} items: the whole call is refused and nothing is written`, async () => {
    const q = await h.createPublished();
    const items = Array.from({ length: MAX_BATCH_ITEMS + 1 }, () => item(user(), q.id, 'yes'));
    const err = await h.v.submitAnswers({ items }).then(() => undefined, (e: grpc.ServiceError) => e);
    expect(err?.code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(await rowsOf(q.id)).toEqual([]);
  });
});
