import { describe, expect, it } from 'vitest';
import { mayDeleteComment } from '../src/domain/comments.js';
import { friendRequestRefusal, MAX_SEARCH_RESULTS, SEARCH_MAX, searchLimit, searchTerm } from '../src/domain/friends.js';

/** Friend request, people search and comment deletion rules (domain/friends.ts, domain/comments.ts): pure, no I/O. */

const request = (status = 'pending') => ({ requesterId: 'sipho', receiverId: 'thandi', status });

describe('friendRequestRefusal', () => {
  it('the receiver accepts and rejects a pending request; the sender cancels it', () => {
    expect(friendRequestRefusal(request(), 'thandi', 'accept')).toBeUndefined();
    expect(friendRequestRefusal(request(), 'thandi', 'reject')).toBeUndefined();
    expect(friendRequestRefusal(request(), 'sipho', 'cancel')).toBeUndefined();
  });

  it('anyone else is refused first, whatever the status', () => {
    for (const status of ['pending', 'accepted', 'rejected']) {
      expect(friendRequestRefusal(request(status), 'sipho', 'accept')).toBe('onlyReceiver');
      expect(friendRequestRefusal(request(status), 'lerato', 'reject')).toBe('onlyReceiver');
      expect(friendRequestRefusal(request(status), 'thandi', 'cancel')).toBe('onlySender');
    }
  });

  it('then a request that is no longer pending is answered', () => {
    expect(friendRequestRefusal(request('accepted'), 'thandi', 'accept')).toBe('answered');
    expect(friendRequestRefusal(request('rejected'), 'thandi', 'reject')).toBe('answered');
    expect(friendRequestRefusal(request('accepted'), 'sipho', 'cancel')).toBe('answered');
  });
});

describe('people search', () => {
  it('needs two characters after trimming; searches the lower-cased first SEARCH_MAX', () => {
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm(' Ab ')).toBe('ab');
    expect(searchTerm('X'.repeat(SEARCH_MAX + 5))).toBe('x'.repeat(SEARCH_MAX));
  });

  it.each([
    [undefined, 20],
    [0, 20],
    [-1, 1],
    [7, 7],
    [MAX_SEARCH_RESULTS + 1, MAX_SEARCH_RESULTS],
  ])('limit %s → %i', (asked, limit) => expect(searchLimit(asked)).toBe(limit));
});

describe('mayDeleteComment', () => {
  it('its author, or an admin', () => {
    expect(mayDeleteComment({ id: 'sipho', isAdmin: false }, { userId: 'sipho' })).toBe(true);
    expect(mayDeleteComment({ id: 'thandi', isAdmin: false }, { userId: 'sipho' })).toBe(false);
    expect(mayDeleteComment({ id: 'admin', isAdmin: true }, { userId: 'sipho' })).toBe(true);
  });
});
