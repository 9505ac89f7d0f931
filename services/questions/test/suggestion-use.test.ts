import { describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { SuggestionStatus as S } from '@mzansi/proto/questions/v1/questions';
import { eventually, expectGrpcError, manualClock, outboxDrained } from '@mzansi/kit/testing';
import { SUGGESTION_MESSAGES } from '../src/domain/suggestions.js';
import { admin, member, type Harness, type QuestionsClient, type Running, useQuestionsService } from './helpers.js';

/**
 * "Use" on a suggestion: one linked draft, dated the SAST day at 13:00 like a fresh admin form; its publish
 * marks the suggestion used and emits `questions.suggestion.used` with the question, once. Own namespace: the
 * stream holds only these events.
 */
let h: Harness;
let svc: Running;
let client: QuestionsClient;
// 23:30 UTC on 10 March is 01:30 SAST on the 11th: the draft is dated the 11th.
const clock = manualClock('2026-03-10T23:30:00.000Z');

useQuestionsService(clock, (started) => ({ h, svc, client } = started));

const usedEvents = async () => (await h.events()).filter((e) => e.subject.endsWith('.questions.suggestion.used'));

describe('UseSuggestion', () => {
  it('makes one draft from the suggestion, linked both ways; a pending suggestion is approved; admins only', async () => {
    const author = member();
    const { suggestion } = await client.createSuggestion({ title: 'Will the Reserve Bank cut rates in March?', description: 'The MPC meets on the 26th.' }, author);
    await expectGrpcError(client.useSuggestion({ id: suggestion!.id }, author), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(client.useSuggestion({ id: '00000000-0000-4000-8000-000000000000' }, admin()), grpc.status.NOT_FOUND, SUGGESTION_MESSAGES.notFound);

    const { question, suggestion: linked } = await client.useSuggestion({ id: suggestion!.id }, admin());
    expect(question).toMatchObject({
      text: 'Will the Reserve Bank cut rates in March',
      context: 'The MPC meets on the 26th.',
      date: new Date('2026-03-11T13:00:00.000Z'),
      isPublished: false,
      suggestionId: suggestion!.id,
      options: [
        { id: 'yes', text: 'Yes' },
        { id: 'no', text: 'No' },
      ],
    });
    expect(linked).toMatchObject({ id: suggestion!.id, status: S.SUGGESTION_STATUS_APPROVED, questionId: question!.id });
    const listed = (await client.listSuggestions({ status: S.SUGGESTION_STATUS_UNSPECIFIED, mineOnly: true }, author)).suggestions;
    expect(listed.find((s) => s.id === suggestion!.id)?.questionId).toBe(question!.id);
    // A second Use is refused.
    await expectGrpcError(client.useSuggestion({ id: suggestion!.id }, admin()), grpc.status.FAILED_PRECONDITION, SUGGESTION_MESSAGES.alreadyHasQuestion);
  });

  it('two Uses at once make one draft', async () => {
    const { suggestion } = await client.createSuggestion({ title: 'Will Bafana Bafana qualify for the World Cup?', description: '' }, member());
    const results = await Promise.allSettled([1, 2, 3].map(() => client.useSuggestion({ id: suggestion!.id }, admin())));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const drafts = (await client.listDraftQuestions({}, admin())).questions.filter((q) => q.suggestionId === suggestion!.id);
    expect(drafts).toHaveLength(1);
  });

  it('publishing the draft marks the suggestion used and emits one suggestion.used with the question', async () => {
    const author = member();
    const { suggestion } = await client.createSuggestion({ title: 'Will the Stormers win the URC this season?', description: '' }, author);
    const { question } = await client.useSuggestion({ id: suggestion!.id }, admin());
    const before = (await usedEvents()).length;
    clock.set('2026-03-11T11:00:00.000Z');
    await client.publishQuestion({ id: question!.id }, admin());
    // Marked used by hand afterwards: no second event.
    await client.reviewSuggestion({ id: suggestion!.id, status: S.SUGGESTION_STATUS_USED, adminNotes: '' }, admin());
    await eventually(() => outboxDrained(h.db.url));
    await eventually(async () => (await usedEvents()).length === before + 1, 10_000);
    const event = (await usedEvents()).at(-1)!;
    expect(event.envelope.data).toMatchObject({ suggestionId: suggestion!.id, userId: author.actor.id, text: 'Will the Stormers win the URC this season?', questionId: question!.id });
    const mine = (await client.listSuggestions({ status: S.SUGGESTION_STATUS_UNSPECIFIED, mineOnly: true }, author)).suggestions;
    expect(mine.find((s) => s.id === suggestion!.id)?.status).toBe(S.SUGGESTION_STATUS_USED);
  });
});
