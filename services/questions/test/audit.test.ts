// Every admin action of the questions service is recorded once, with its actor and outcome, as a
// questions.audit.recorded event written in the action's own transaction (failures right after).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, outboxDrained } from '@mzansi/kit/testing';
import { SuggestionStatus } from '@mzansi/proto/questions/v1/questions';
import { member, newQuestion, questionsHarness, type Harness, type QuestionsClient, type Running, resolving, SOURCE } from './helpers.js';

let h: Harness;
let svc: Running;
let client: QuestionsClient;

beforeAll(async () => {
  h = await questionsHarness();
  svc = await h.start();
  client = h.client(svc);
});

afterAll(async () => {
  await h?.cleanup();
});

interface Record {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel?: string;
  outcome: string;
  detail?: string;
}

const records = async (): Promise<Record[]> => (await h.auditEvents()).map((e) => e.envelope.data as unknown as Record);

describe('audit records', () => {
  it('one per admin action, with the acting admin, target and outcome; refusals as failures; nothing for non-admins', async () => {
    const alice = { actor: { id: randomUUID(), isAdmin: true } };
    const bongani = { actor: { id: randomUUID(), isAdmin: true } };
    const expected: Record[] = [];
    const expect1 = (who: typeof alice, action: string, targetType: string, targetId: string, outcome = 'success', detail = '') =>
      expected.push({ actorId: who.actor.id, action, targetType, targetId, outcome, detail });

    const q = (await client.createQuestion(newQuestion({ text: 'Will the audit log hold' }), alice)).question!;
    expect1(alice, 'question.create', 'question', q.id);
    await client.publishQuestion({ id: q.id }, bongani);
    expect1(bongani, 'question.publish', 'question', q.id);
    await expectGrpcError(client.publishQuestion({ id: q.id }, alice), grpc.status.FAILED_PRECONDITION);
    expect1(alice, 'question.publish', 'question', q.id, 'failure', 'This question is already published');
    await client.resolveQuestion(resolving(q.id, 'yes'), alice);
    expect1(alice, 'question.resolve', 'question', q.id, 'success', `yes · ${SOURCE.title} <${SOURCE.url}>`);
    // The correction is a record of its own beside the resolve: the reason, from what to what, the new source.
    const corrected = { url: 'https://www.elections.org.za/results/final', title: 'IEC final results' };
    await client.correctResolution({ id: q.id, correctOptionId: 'no', source: corrected, note: 'Recount', reason: 'The provisional count was wrong' }, bongani);
    expect1(bongani, 'question.resolution.correct', 'question', q.id, 'success', `reason: The provisional count was wrong · yes → no · ${corrected.title} <${corrected.url}> · note: Recount`);
    await expectGrpcError(client.correctResolution({ id: q.id, correctOptionId: 'yes', source: SOURCE, note: '', reason: 'Again' }, alice), grpc.status.FAILED_PRECONDITION);
    expect1(alice, 'question.resolution.correct', 'question', q.id, 'failure', 'This resolution was already corrected once and cannot be corrected again');
    await client.archiveQuestion({ id: q.id }, bongani);
    expect1(bongani, 'question.archive', 'question', q.id);
    await client.deleteQuestion({ id: q.id }, alice);
    expect1(alice, 'question.delete', 'question', q.id);
    const missing = randomUUID();
    await expectGrpcError(client.deleteQuestion({ id: missing }, bongani), grpc.status.NOT_FOUND);
    expect1(bongani, 'question.delete', 'question', missing, 'failure', 'Question not found');

    const o = (await client.createOfficial({ name: 'Office of the Minister of Finance', title: 'Minister of Finance', bio: '', avatar: '', tags: ['economy'] }, alice)).official!;
    expect1(alice, 'official.create', 'official', o.id);
    await client.updateOfficial({ id: o.id, name: 'Office of the Minister of Finance', title: 'Minister', bio: '', avatar: '', tags: [] }, bongani);
    expect1(bongani, 'official.update', 'official', o.id);
    await client.deleteOfficial({ id: o.id }, alice);
    expect1(alice, 'official.delete', 'official', o.id);
    const p = (
      await client.createMediaPrediction(
        { statement: 'Inflation will fall', prediction: 'Likely', confidence: 60, sourceTitle: 'Business Day', sourceDate: '2026-03-01', sourceUrl: 'https://example.com/', tags: [] },
        bongani,
      )
    ).prediction!;
    expect1(bongani, 'prediction.create', 'prediction', p.id);
    await client.updateMediaPrediction(
      { id: p.id, statement: 'Inflation will fall', prediction: 'Very likely', confidence: 70, sourceTitle: 'Business Day', sourceDate: '2026-03-01', sourceUrl: 'https://example.com/', tags: [] },
      alice,
    );
    expect1(alice, 'prediction.update', 'prediction', p.id);
    await client.deleteMediaPrediction({ id: p.id }, bongani);
    expect1(bongani, 'prediction.delete', 'prediction', p.id);

    const author = member();
    const s = (await client.createSuggestion({ title: 'Will the rand reach R15 this year?', description: '' }, author)).suggestion!;
    await client.reviewSuggestion({ id: s.id, status: SuggestionStatus.SUGGESTION_STATUS_APPROVED, adminNotes: 'Good one' }, alice);
    expect1(alice, 'suggestion.review', 'suggestion', s.id);
    await client.deleteSuggestion({ id: s.id }, bongani);
    expect1(bongani, 'suggestion.delete', 'suggestion', s.id);

    // Non-admins are refused before anything happens: no admin action, no record.
    await expectGrpcError(client.publishQuestion({ id: q.id }, author), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(client.deleteSuggestion({ id: s.id }, author), grpc.status.PERMISSION_DENIED);
    // Creating a suggestion is not an admin action either.

    await eventually(async () => (await records()).length >= expected.length, 10_000);
    await eventually(() => outboxDrained(h.db.url)); // no stragglers or duplicates from the relay
    const got = await records();
    expect(got.map(({ actorId, action, targetType, targetId, outcome, detail }) => ({ actorId, action, targetType, targetId, outcome, detail }))).toEqual(expected);
    expect(got.find((r) => r.action === 'question.publish')!.targetLabel).toBe('Will the audit log hold');
    expect(got.find((r) => r.action === 'suggestion.review')!.targetLabel).toBe('approved');
    // The author's own words stay out of the log.
    expect(JSON.stringify(got)).not.toContain('R15');
  });
});
