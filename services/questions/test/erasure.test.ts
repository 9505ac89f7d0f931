import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEnvelope, ensureStream, type Actor } from '@mzansi/kit';
import { consumerCaughtUp, deadLetterCount, eventually, findValuesInDatabase, manualClock, TEST_NATS_URL } from '@mzansi/kit/testing';
import { SuggestionStatus as S } from '@mzansi/proto/questions/v1/questions';
import { admin, member, newQuestion, questionsHarness, type Harness, type QuestionsClient, type Running } from './helpers.js';

/** PRODUCT.md "Privacy": a deleted account's question suggestions go; download my data: questions' part. */
let h: Harness;
let svc: Running;
let client: QuestionsClient;
let nc: NatsConnection;
const clock = manualClock('2026-03-10T08:00:00.000Z');
const [gone, stays] = [member(), member()];
let scheduled: string;

const suggest = async (who: { actor: Actor }, title: string, description = '') => (await client.createSuggestion({ title, description }, who)).suggestion!;
const idOf = (u: { actor: Actor }) => u.actor.id;

async function publishDeleted(userId: string, opts: { id?: string; msgId?: string } = {}) {
  await ensureStream(await nc.jetstreamManager(), h.names, 'identity');
  const envelope = encodeEnvelope('identity.user.deleted', { userId, deletedAt: clock.now() }, opts.id ?? randomUUID());
  const ack = await nc.jetstream().publish(h.names.subject('identity.user.deleted'), JSON.stringify(envelope), { msgID: opts.msgId ?? envelope.id });
  return { envelope, seq: ack.seq };
}

beforeAll(async () => {
  h = await questionsHarness();
  svc = await h.start({ clock: clock.now });
  client = h.client(svc);
  nc = await connect({ servers: TEST_NATS_URL });
  const pending = await suggest(gone, 'Will taxi fares go up in April', 'Ask before the budget speech');
  clock.set('2026-03-11T08:00:00.000Z');
  const reviewed = await suggest(gone, 'Will the Proteas reach the final');
  await client.reviewSuggestion({ id: reviewed.id, status: S.SUGGESTION_STATUS_APPROVED, adminNotes: 'Scheduled for Friday' }, admin());
  await suggest(stays, 'Will Cape Town dams be above 80 percent');
  // They were an admin too, and scheduled a question: the schedule stays, without their id.
  const asAdmin = { actor: { id: idOf(gone), isAdmin: true } };
  scheduled = (await client.createQuestion(newQuestion(), admin())).question!.id;
  await client.scheduleQuestion({ id: scheduled, publishAt: new Date('2026-03-20T13:00:00Z') }, asAdmin);
  expect(pending.status).toBe(S.SUGGESTION_STATUS_PENDING);
});

afterAll(async () => {
  await nc?.close();
  await h?.cleanup();
});

describe('questions: download my data', () => {
  it('exports the acting user’s suggestions, latest first, whatever their status', async () => {
    const out = await client.exportUserData({}, gone);
    expect(out.suggestions.map((s) => [s.title, s.description, s.status, s.adminNotes, s.userId])).toEqual([
      ['Will the Proteas reach the final', '', S.SUGGESTION_STATUS_APPROVED, 'Scheduled for Friday', idOf(gone)],
      ['Will taxi fares go up in April', 'Ask before the budget speech', S.SUGGESTION_STATUS_PENDING, '', idOf(gone)],
    ]);
    expect((await client.exportUserData({}, stays)).suggestions.map((s) => s.title)).toEqual(['Will Cape Town dams be above 80 percent']);
  });
});

describe('questions: identity.user.deleted', () => {
  it('deletes every suggestion of the user (reviewed ones too) and keeps everyone else’s', async () => {
    const first = await publishDeleted(idOf(gone));
    await eventually(async () => (await findValuesInDatabase(h.env.DATABASE_URL!, [idOf(gone)])).length === 0, 15_000);
    expect((await client.exportUserData({}, gone)).suggestions).toEqual([]);
    const all = await client.listSuggestions({ status: S.SUGGESTION_STATUS_UNSPECIFIED, mineOnly: false }, admin());
    expect(all.suggestions.map((s) => s.title)).toEqual(['Will Cape Town dams be above 80 percent']);
    expect((await client.getQuestionStats({}, admin())).suggestionsPending).toBe(1);
    expect((await client.getQuestion({ id: scheduled }, admin())).question!.scheduledFor).toEqual(new Date('2026-03-20T13:00:00Z'));

    // Replays: the same event (the inbox has it) and the same deletion under a new id (nothing left to delete).
    const again = await publishDeleted(idOf(gone), { id: first.envelope.id, msgId: randomUUID() });
    const fresh = await publishDeleted(idOf(gone));
    await eventually(() => consumerCaughtUp(nc, h.names, 'identity', 'questions-on-user-deleted', Math.max(again.seq, fresh.seq)), 15_000);
    expect(await deadLetterCount(nc, h.names)).toBe(0);
    expect((await client.listSuggestions({ status: S.SUGGESTION_STATUS_UNSPECIFIED, mineOnly: false }, admin())).suggestions).toHaveLength(1);
  });
});
