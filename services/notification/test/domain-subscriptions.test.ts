import { describe, expect, it } from 'vitest';
import { MESSAGES, testPushReply } from '../src/domain/subscriptions.js';

/** The test push's reply (domain/subscriptions.ts): pure, no I/O. */
describe('testPushReply', () => {
  it('no subscription at all', () => {
    expect(testPushReply(0)).toEqual({ success: false, message: MESSAGES.noSubscription, sent: 0 });
  });

  it('handed over for every subscription, whatever their endpoints will do', () => {
    expect(testPushReply(1)).toEqual({ success: true, message: MESSAGES.testSent, sent: 1 });
    expect(testPushReply(3)).toEqual({ success: true, message: MESSAGES.testSent, sent: 3 });
  });
});
