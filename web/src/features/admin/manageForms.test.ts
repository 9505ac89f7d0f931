import { expect, test } from 'vitest';
import { parseTags, validateOfficial, validatePrediction } from './manageForms';

test('tags: trimmed, lower case, spaces to hyphens, no repeats', () => {
  expect(parseTags(' Economy, load shedding ,economy,, ')).toEqual(['economy', 'load-shedding']);
});

test('official avatar: initials, a local path, or derived from the name', () => {
  const base = { name: 'Enoch Godongwana', title: 'Minister', bio: '', avatar: '', tags: '' };
  expect(validateOfficial(base)).toMatchObject({ ok: true, payload: { avatar: 'EG' } });
  expect(validateOfficial({ ...base, avatar: 'cr' })).toMatchObject({ ok: true, payload: { avatar: 'CR' } });
  expect(validateOfficial({ ...base, avatar: '/avatars/eg.svg' })).toMatchObject({ ok: true, payload: { avatar: '/avatars/eg.svg' } });
  expect(validateOfficial({ ...base, avatar: '/officials/eg.png' }).ok).toBe(false);
  expect(validateOfficial({ ...base, avatar: '//cdn.example/x.png' }).ok).toBe(false);
  expect(validateOfficial({ ...base, avatar: 'ABCD' }).ok).toBe(false);
  expect(validateOfficial({ ...base, tags: 'énergie!' }).ok).toBe(false);
  expect(validateOfficial({ ...base, tags: 'under_score' }).ok).toBe(false);
  expect(validateOfficial({ ...base, tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(',') }).ok).toBe(false);
});

test('prediction: dates must exist, confidence 0–100, at least one tag', () => {
  const base = {
    statement: 'S',
    prediction: 'P',
    confidence: '0',
    sourceTitle: 'T',
    sourceDate: '2025-02-28',
    sourceUrl: 'https://x.example',
    tags: 'economy',
  };
  expect(validatePrediction(base)).toMatchObject({ ok: true, payload: { confidence: 0 } });
  expect(validatePrediction({ ...base, confidence: '100' }).ok).toBe(true);
  expect(validatePrediction({ ...base, confidence: '101' }).ok).toBe(false);
  expect(validatePrediction({ ...base, confidence: '12.5' }).ok).toBe(false);
  expect(validatePrediction({ ...base, sourceDate: '2025-02-30' }).ok).toBe(false);
  expect(validatePrediction({ ...base, tags: ' , ' }).ok).toBe(false);
  expect(validatePrediction({ ...base, statement: '  ' })).toEqual({ ok: false, error: 'Please fill in all required fields' });
});
