import { expect } from 'vitest';
import type { Question } from '@mzansi/proto/questions/v1/questions';
import { manualClock } from '@mzansi/kit/testing';
import { admin, newQuestion, useQuestionsService, type Harness, type QuestionsClient, type Running } from './helpers.js';

export let h: Harness;
export let svc: Running;
export let client: QuestionsClient;
export const clock = manualClock('2026-03-10T08:00:00.000Z');
export const ids = (qs: Question[]) => qs.map((q) => q.id);

export async function createDraft(overrides: Parameters<typeof newQuestion>[0] = {}): Promise<Question> {
  const { question } = await client.createQuestion(newQuestion(overrides), admin());
  expect(question).toBeDefined();
  return question!;
}

export async function createPublished(): Promise<Question> {
  const draft = await createDraft();
  return (await client.publishQuestion({ id: draft.id }, admin())).question!;
}

export const listPublic = async () => ids((await client.listPublicQuestions({ limit: 100, query: '', cursor: '' })).questions);
export const listToday = async () => ids((await client.listTodayQuestions({})).questions);
export const listAll = async () => ids((await client.listAllQuestions({}, admin())).questions);
export const listDrafts = async () => ids((await client.listDraftQuestions({}, admin())).questions);

/** Starts the service before the tests of the file that calls it and stops it after them. */
export function useLifecycleService(): void {
  useQuestionsService(clock, (started) => ({ h, svc, client } = started));
}
