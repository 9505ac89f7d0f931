import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPromiseClient, DEV_INTERNAL_KEYS, grpc } from '@mzansi/kit';
import { createTestDatabase, expectGrpcError, manualClock, serviceTestEnv, sleep } from '@mzansi/kit/testing';
import { QuestionsServiceClient } from '@mzansi/proto/questions/v1/questions';
import { start as startQuestions } from '../../services/questions/src/main.js';
import { admin, newQuestion, user, votingHarness, type Harness } from '../../services/voting/test/helpers.js';

/**
 * Questions → voting: the real questions service announces its questions, the real voting service projects them
 * (one events namespace, as in production). Voting's own tests publish the events themselves; these check that what
 * the questions service does reaches voting. It lives here because a service's own tests import no other package.
 */
let h: Harness;
let questions: Awaited<ReturnType<typeof startQuestions>>;
let questionsDb: Awaited<ReturnType<typeof createTestDatabase>>;
let q: ReturnType<typeof createPromiseClient<QuestionsServiceClient>>;
const clock = manualClock('2026-03-10T10:00:00.000Z');

beforeAll(async () => {
  h = await votingHarness({ clock: clock.now });
  questionsDb = await createTestDatabase('questions');
  questions = await startQuestions(serviceTestEnv(questionsDb.url, h.ns), { clock: clock.now });
  q = createPromiseClient(QuestionsServiceClient, `127.0.0.1:${questions.grpcPort}`, { internalKeys: DEV_INTERNAL_KEYS });
});

afterAll(async () => {
  q?.close();
  await questions?.stop().catch(() => undefined);
  await h?.cleanup();
  await questionsDb?.drop().catch(() => undefined);
});

const rowsOf = (questionId: string) =>
  h.sql<{ user_id: string; option_id: string }>('SELECT user_id, option_id FROM answers WHERE question_id = $1', [questionId]);

describe('questions → voting', () => {
  it('a draft (never published) is not found', async () => {
    const draft = (await q.createQuestion(newQuestion(), admin())).question!;
    await sleep(300); // nothing is ever emitted for a draft: give a wrong event time to arrive anyway
    expect(await h.stateOf(draft.id)).toBeUndefined();
    await expectGrpcError(h.answer(user(), draft.id, 'yes'), grpc.status.NOT_FOUND, 'Question not found');
    expect(await rowsOf(draft.id)).toEqual([]);
  });

  it('a published question is answered; once deleted it is not found, its answers are gone, and the questions service no longer lists it', async () => {
    const draft = (await q.createQuestion(newQuestion(), admin())).question!;
    const doomed = (await q.publishQuestion({ id: draft.id }, admin())).question!;
    await h.projected(doomed.id, (row) => !!row);
    await h.answer(user(), doomed.id, 'yes');
    expect(await rowsOf(doomed.id)).toHaveLength(1);

    await q.deleteQuestion({ id: doomed.id }, admin());
    await h.projected(doomed.id, (row) => row === undefined);
    await expectGrpcError(h.answer(user(), doomed.id, 'yes'), grpc.status.NOT_FOUND, 'Question not found');
    expect(await rowsOf(doomed.id)).toEqual([]);
    // And the questions service no longer lists it.
    expect((await q.listAllQuestions({}, admin())).questions.map((x) => x.id)).not.toContain(doomed.id);
  });
});
