import { describe, expect, it } from 'vitest';
import { MESSAGES, testPushReply } from '../src/domain/subscriptions.js';

/** The test push's reply (domain/subscriptions.ts): pure, no I/O. */
describe('testPushReply', () => {
  it('no subscription at all', () => {
    expect(testPushReply([])).toEqual({ success: false, message: MESSAGES.noSubscription, sent: 0 });
  });

  it('sent when any went out, counting those that did', () => {
    expect(testPushReply(['sent', 'gone', 'failed', 'sent'])).toEqual({ success: true, message: MESSAGES.testSent, sent: 2 });
  });

  it('every subscription gone is the same as none', () => {
    expect(testPushReply(['gone', 'gone'])).toEqual({ success: false, message: MESSAGES.noSubscription, sent: 0 });
  });

  it('any left that did not take it: failed', () => {
    expect(testPushReply(['gone', 'failed'])).toEqual({ success: false, message: MESSAGES.testFailed, sent: 0 });
    expect(testPushReply(['interrupted'])).toEqual({ success: false, message: MESSAGES.testFailed, sent: 0 });
  });
});
