/**
 * Scenario 8: poison events on `<ns>.questions.question.published`: a malformed envelope and a well-formed one voting
 * cannot apply (a question id that is not a UUID). Pass: both land in `<NS>_DEADLETTER` on voting's dead-letter
 * subject — the malformed one at once, the other after exactly 10 deliveries — while a valid question published
 * after them reaches voting's projection without waiting for them.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { encodeEnvelope, EventNames } from '@mzansi/kit';
import {
  count,
  publishRaw,
  report,
  streamMessages,
  until,
  useFaultSystem,
  votingDb,
} from './helpers.ts';

const system = useFaultSystem();

const question = (id: string, text: string) =>
  encodeEnvelope('questions.question.published', {
    question: { id, text, context: '', date: new Date(), options: [{ id: 'yes', text: 'Yes' }, { id: 'no', text: 'No' }], publishedAt: new Date(), tags: [] },
  } as never);

it('poison events go to the dead-letter subject after bounded deliveries; later events keep flowing', async () => {
  const { stack, nats } = system;
  const names = new EventNames(stack.namespace);
  const subject = names.subject('questions.question.published');
  const dlSubject = names.deadLetterSubject('voting-on-question-events');
  const malformedId = randomUUID();
  const unhandleable = question('not-a-uuid', 'Poison question');
  const validId = randomUUID();
  const valid = question(validId, 'Valid question after the poison');

  const started = Date.now();
  await publishRaw(nats.url, subject, [
    { data: '{"id": "broken', msgID: malformedId },
    { data: JSON.stringify(unhandleable), msgID: unhandleable.id },
    { data: JSON.stringify(valid), msgID: valid.id },
  ]);

  // The valid event is not held up by the poison ones.
  await until('valid question projected', async () => (await count(votingDb(stack), 'SELECT count(*) FROM question_state WHERE question_id = $1', [validId])) === 1, 10_000);
  const validMs = Date.now() - started;

  const dl = () => streamMessages(nats.url, names.stream('deadletter')).then((ms) => ms.filter((m) => m.subject === dlSubject));
  const malformed = await until('malformed event dead-lettered', async () => (await dl()).find((m) => m.raw === '{"id": "broken'), 10_000, 200);
  const malformedMs = Date.now() - started;
  // Backoff 400 ms … 30 s between the 10 deliveries: about 111 s.
  const poisoned = await until('unhandleable event dead-lettered', async () => (await dl()).find((m) => m.data?.id === unhandleable.id), 170_000, 1_000);
  const poisonMs = Date.now() - started;

  expect(malformed.header?.get('Original-Subject')).toBe(subject);
  expect(malformed.header?.get('Delivery-Count')).toBe('1');
  expect(malformed.header?.get('Dead-Letter-Reason')).toMatch(/^malformed event/);
  expect(poisoned.header?.get('Original-Subject')).toBe(subject);
  expect(poisoned.header?.get('Delivery-Count')).toBe('10');
  expect(await dl()).toHaveLength(2);
  expect(await count(votingDb(stack), `SELECT count(*) FROM inbox WHERE consumer = 'voting-on-question-events' AND event_id = $1`, [unhandleable.id])).toBe(0);

  // And events published after all that still flow.
  const laterId = randomUUID();
  const later = question(laterId, 'A question after the dead letters');
  await publishRaw(nats.url, subject, [{ data: JSON.stringify(later), msgID: later.id }]);
  await until('later question projected', async () => (await count(votingDb(stack), 'SELECT count(*) FROM question_state WHERE question_id = $1', [laterId])) === 1, 10_000);
  report('8 poison events', {
    validProjectedMs: validMs,
    malformedDeadLetteredMs: malformedMs,
    unhandleableDeadLetteredMs: poisonMs,
    unhandleableDeliveries: poisoned.header?.get('Delivery-Count'),
    deadLetters: 2,
  });
});
