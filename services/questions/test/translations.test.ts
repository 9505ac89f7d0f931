// Per-language question text: the admin may give isiZulu, Afrikaans and Sesotho text; the service
// validates it like the English and returns it with the question in every list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import { eventually, expectGrpcError, manualClock } from '@mzansi/kit/testing';
import type { QuestionTranslation } from '@mzansi/proto/questions/v1/questions';
import { admin, member, newQuestion, questionsHarness, type Harness, type QuestionsClient, type StreamEvent } from './helpers.js';

let h: Harness;
let client: QuestionsClient;
const clock = manualClock('2026-03-10T08:00:00.000Z');

beforeAll(async () => {
  h = await questionsHarness();
  client = h.client(await h.start({ clock: clock.now }));
});

afterAll(async () => {
  await h?.cleanup();
});

describe('question translations', () => {
  it('stores them, normalised, and returns them in every list', async () => {
    const { question } = await client.createQuestion(
      newQuestion({
        translations: {
          zu: { text: '  Ngabe lizona eThekwini kusasa?? ', context: 'Cabanga ngesimo sezulu.', options: { yes: 'Yebo', no: 'Cha' } },
          af: { text: 'Sal dit môre in Durban reën', context: '', options: { yes: ' Ja ' } },
          // Empty: left out, English shows.
          st: { text: '  ', context: '', options: {} },
        },
      }),
      admin(),
    );
    expect(question!.translations).toEqual({
      zu: { text: 'Ngabe lizona eThekwini kusasa', context: 'Cabanga ngesimo sezulu.', options: { yes: 'Yebo', no: 'Cha' } },
      af: { text: 'Sal dit môre in Durban reën', context: '', options: { yes: 'Ja' } },
    });
    await client.publishQuestion({ id: question!.id }, admin());
    const today = (await client.listTodayQuestions({})).questions.find((q) => q.id === question!.id);
    expect(today?.translations.zu?.text).toBe('Ngabe lizona eThekwini kusasa');
    const got = (await client.getQuestion({ id: question!.id })).question;
    expect(got?.translations.af?.options).toEqual({ yes: 'Ja' });
    // A question without translations has none.
    const plain = (await client.createQuestion(newQuestion(), admin())).question;
    expect(plain!.translations).toEqual({});
  });

  it('refuses other languages, text over the English limits, unknown options and context without text', async () => {
    const bad: Record<string, QuestionTranslation>[] = [
      { xh: { text: 'Ingaba', context: '', options: {} } },
      { zu: { text: 'x'.repeat(301), context: '', options: {} } },
      { af: { text: 'Vraag', context: 'x'.repeat(2001), options: {} } },
      { st: { text: 'Potso', context: '', options: { maybe: 'Mohlomong' } } },
      { st: { text: 'Potso', context: '', options: { yes: 'x'.repeat(61) } } },
      { zu: { text: '', context: 'Only context', options: {} } },
    ];
    for (const translations of bad) {
      await expectGrpcError(client.createQuestion(newQuestion({ translations }), admin()), grpc.status.INVALID_ARGUMENT);
    }
  });

  it('the admin replaces them after create, in any state; the published event carries them', async () => {
    const { question } = await client.createQuestion(newQuestion({ translations: { zu: { text: 'Umbuzo wokuqala', context: '', options: {} } } }), admin());
    const id = question!.id;
    const { question: updated } = await client.updateQuestionTranslations(
      { id, translations: { af: { text: ' Sal dit reën?? ', context: 'Dink aan die weer.', options: { no: 'Nee' } } } },
      admin(),
    );
    // Replaced as a whole: zu is gone (English shows), af is normalised as at create.
    expect(updated!.translations).toEqual({ af: { text: 'Sal dit reën', context: 'Dink aan die weer.', options: { no: 'Nee' } } });
    expect((await client.getQuestion({ id }, admin())).question!.translations).toEqual(updated!.translations);

    await client.publishQuestion({ id }, admin());
    const isPublished = (e: StreamEvent) => e.envelope.type === 'questions.question.published' && (e.envelope.data as { question: { id: string } }).question.id === id;
    await eventually(async () => (await h.events()).some(isPublished), 10_000);
    const published = (await h.events()).find(isPublished);
    expect((published!.envelope.data as { question: { translations: unknown } }).question.translations).toEqual(updated!.translations);

    // A published question's translations may still change; an empty text drops the language.
    const { question: again } = await client.updateQuestionTranslations(
      { id, translations: { af: { text: '', context: '', options: {} }, st: { text: 'Na pula e tla na', context: '', options: { yes: 'E' } } } },
      admin(),
    );
    expect(again!.translations).toEqual({ st: { text: 'Na pula e tla na', context: '', options: { yes: 'E' } } });
    const edits = async () =>
      (await h.auditEvents())
        .map((e) => e.envelope.data as { action: string; targetId: string; outcome: string })
        .filter((a) => a.action === 'question.translate' && a.targetId === id);
    await eventually(async () => (await edits()).length >= 2, 10_000);
    expect((await edits()).map((a) => a.outcome)).toEqual(['success', 'success']);
  });

  it('refuses bad edits, non-admins and unknown questions, changing nothing', async () => {
    const before = { zu: { text: 'Umbuzo', context: '', options: { yes: 'Yebo' } } };
    const { question } = await client.createQuestion(newQuestion({ translations: before }), admin());
    const id = question!.id;
    const bad: Record<string, QuestionTranslation>[] = [
      { xh: { text: 'Ingaba', context: '', options: {} } },
      { zu: { text: 'x'.repeat(301), context: '', options: {} } },
      { af: { text: 'Vraag', context: 'x'.repeat(2001), options: {} } },
      { st: { text: 'Potso', context: '', options: { maybe: 'Mohlomong' } } },
      { zu: { text: '', context: 'Only context', options: {} } },
    ];
    for (const translations of bad) {
      await expectGrpcError(client.updateQuestionTranslations({ id, translations }, admin()), grpc.status.INVALID_ARGUMENT);
    }
    await expectGrpcError(client.updateQuestionTranslations({ id, translations: {} }, member()), grpc.status.PERMISSION_DENIED);
    await expectGrpcError(client.updateQuestionTranslations({ id, translations: {} }, {}), grpc.status.UNAUTHENTICATED);
    await expectGrpcError(
      client.updateQuestionTranslations({ id: '00000000-0000-4000-8000-000000000000', translations: {} }, admin()),
      grpc.status.NOT_FOUND,
    );
    expect((await client.getQuestion({ id }, admin())).question!.translations).toEqual(before);
  });
});
