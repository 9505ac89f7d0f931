import { expect, test } from 'vitest';
import { EMBED_TOKEN_MESSAGE as frameSide } from './embed-frame';
import { EMBED_TOKEN_MESSAGE as popupSide } from './embedMessage';

test('the popup posts the message type the frame listens for', () => {
  expect(popupSide).toBe(frameSide);
});
