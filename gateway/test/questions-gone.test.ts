import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@mzansi/kit/base';
import { MicroCache } from '../src/cache.js';
import { goneQuestionId, QuestionsGone } from '../src/questions-gone.js';

const event = (type: string, data: unknown) => ({ id: 'e1', type, occurredAt: '2026-11-28T05:00:00.000Z', data }) as unknown as EventEnvelope;

describe('goneQuestionId', () => {
  it('names the question of a deleted or archived event, and nothing for the others', () => {
    expect(goneQuestionId(event('questions.question.deleted', { questionId: 'q1' }))).toBe('q1');
    expect(goneQuestionId(event('questions.question.archived', { questionId: 'q2' }))).toBe('q2');
    expect(goneQuestionId(event('questions.question.resolved', { questionId: 'q3', correctOptionId: 'yes' }))).toBeUndefined();
    expect(goneQuestionId(event('questions.question.published', { question: { id: 'q4' } }))).toBeUndefined();
    expect(goneQuestionId(event('questions.question.deleted', { questionId: '' }))).toBeUndefined();
  });
});

describe('QuestionsGone with a MicroCache', () => {
  it('drops the gone question at once: the next read loads again; other questions stay cached', async () => {
    const gone = new QuestionsGone();
    const cache = new MicroCache<string>(30_000);
    gone.onGone((id) => cache.delete(id));
    let loads = 0;
    const load = (id: string) => cache.get(id, async () => `${id}#${++loads}`);
    expect(await load('a')).toBe('a#1');
    expect(await load('b')).toBe('b#2');
    expect(await load('a')).toBe('a#1');
    gone.gone('a');
    expect(await load('a')).toBe('a#3');
    expect(await load('b')).toBe('b#2');
  });

  it('a load under way when the question goes is not kept for later readers', async () => {
    const cache = new MicroCache<string>(30_000);
    let finish!: (v: string) => void;
    const first = cache.get('a', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.delete('a');
    finish('stale');
    expect(await first).toBe('stale');
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });
});
