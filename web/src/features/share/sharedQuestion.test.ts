import { expect, test } from 'vitest';
import { questionLink, readSharedQuestion, sharedQuestionId } from './sharedQuestion';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

function page(json: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = 'shared-question';
  script.textContent = json;
  doc.head.append(script);
  return doc;
}

test('a /q/{id} path names its question (any case); other paths do not', () => {
  expect(sharedQuestionId(`/q/${ID}`)).toBe(ID);
  expect(sharedQuestionId(`/q/${ID.toUpperCase()}/`)).toBe(ID);
  expect(sharedQuestionId('/q/not-an-id')).toBeNull();
  expect(sharedQuestionId(`/vote/q/${ID}`)).toBeNull();
  expect(questionLink(ID, 'https://example.org')).toBe(`https://example.org/q/${ID}`);
});

test('the question the page carries is read only for its own path and when well-formed', () => {
  const question = { id: ID, text: 'Will it rain', options: [{ id: 'yes', text: 'Yes' }] };
  expect(readSharedQuestion(page(JSON.stringify(question)), `/q/${ID}`)).toEqual(question);
  expect(readSharedQuestion(page(JSON.stringify(question)), '/')).toBeNull();
  expect(readSharedQuestion(page(JSON.stringify({ ...question, id: 'other' })), `/q/${ID}`)).toBeNull();
  expect(readSharedQuestion(page('{not json'), `/q/${ID}`)).toBeNull();
  expect(readSharedQuestion(page('null'), `/q/${ID}`)).toBeNull();
});
