// Per-language question text (issue #20): the admin may give isiZulu, Afrikaans and Sesotho text; the service
// validates it like the English and returns it with the question in every list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc } from '@mzansi/kit';
import type { QuestionTranslation } from '@mzansi/proto/questions/v1/questions';
import { admin, expectGrpcError, manualClock, newQuestion, questionsHarness, type Harness, type QuestionsClient } from './helpers.js';

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
});
