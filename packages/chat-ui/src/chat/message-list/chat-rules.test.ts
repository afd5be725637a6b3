import { describe, expect, it } from 'vitest';
import { hasTimeSeparator, scrollButtonFor, shouldFollowNewMessage } from './chat-rules';

describe('time separators', () => {
  it('go above a message sent 600 s or more after the previous, and above the first once history is complete', () => {
    expect(hasTimeSeparator(undefined, { time: 100 }, true)).toBe(true);
    expect(hasTimeSeparator(undefined, { time: 100 }, false)).toBe(false);
    expect(hasTimeSeparator({ time: 100 }, { time: 699 }, false)).toBe(false);
    expect(hasTimeSeparator({ time: 100 }, { time: 700 }, false)).toBe(true);
  });
});

describe('the scroll button', () => {
  const viewportHeight = 500;

  it('stays hidden near the bottom with the latest message in view', () => {
    expect(scrollButtonFor({ distanceFromBottom: 900, viewportHeight, isLatestVisible: true }, 0)).toEqual({
      kind: 'hidden',
    });
  });

  it('offers "back to latest" once scrolled up more than two viewport heights', () => {
    expect(scrollButtonFor({ distanceFromBottom: 1001, viewportHeight, isLatestVisible: true }, 0)).toEqual({
      kind: 'backToLatest',
    });
  });

  it('shows when the latest message is out of view, counting new messages', () => {
    expect(scrollButtonFor({ distanceFromBottom: 200, viewportHeight, isLatestVisible: false }, 3)).toEqual({
      kind: 'newMessages',
      count: 3,
    });
  });
});

describe('following new messages', () => {
  it('scrolls down for own messages always, and for incoming ones unless the scroll button shows', () => {
    // Own messages always; incoming ones unless the scroll button shows (the reader is further up).
    expect(shouldFollowNewMessage({ flow: 'out' }, true)).toBe(true);
    expect(shouldFollowNewMessage({ flow: 'in' }, false)).toBe(true);
    expect(shouldFollowNewMessage({ flow: 'in' }, true)).toBe(false);
    expect(shouldFollowNewMessage(undefined, false)).toBe(false);
  });
});
