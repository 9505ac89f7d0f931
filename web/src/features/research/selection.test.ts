import { expect, test } from 'vitest';
import { initialResearchState, researchReducer, type ResearchState } from './selection';

test('starts on Topics with nothing selected', () => {
  expect(initialResearchState).toEqual({ tab: 'topics', tag: null });
});

test('choosing a topic selects it; choosing it again deselects it; another topic replaces it', () => {
  let s: ResearchState = initialResearchState;
  s = researchReducer(s, { type: 'toggleTopic', tag: 'economy' });
  expect(s.tag).toBe('economy');
  s = researchReducer(s, { type: 'toggleTopic', tag: 'economy' });
  expect(s.tag).toBeNull();
  s = researchReducer(s, { type: 'toggleTopic', tag: 'economy' });
  s = researchReducer(s, { type: 'toggleTopic', tag: 'energy' });
  expect(s.tag).toBe('energy');
});

test('Clear deselects and keeps the tab', () => {
  const s = researchReducer({ tab: 'predictions', tag: 'energy' }, { type: 'clear' });
  expect(s).toEqual({ tab: 'predictions', tag: null });
});

test("an official's tag jumps to Topics with that tag selected (even if it was selected)", () => {
  expect(researchReducer({ tab: 'officials', tag: null }, { type: 'jumpToTopic', tag: 'energy' })).toEqual({ tab: 'topics', tag: 'energy' });
  expect(researchReducer({ tab: 'officials', tag: 'energy' }, { type: 'jumpToTopic', tag: 'energy' })).toEqual({ tab: 'topics', tag: 'energy' });
});

test('switching tabs keeps the selected topic', () => {
  expect(researchReducer({ tab: 'topics', tag: 'economy' }, { type: 'setTab', tab: 'predictions' })).toEqual({ tab: 'predictions', tag: 'economy' });
});
