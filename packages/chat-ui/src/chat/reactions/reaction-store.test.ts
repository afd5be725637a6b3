import type { MessageReaction } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { toggled } from './reaction-store';

const like = (totalUserCount: number, reactedByMyself: boolean): MessageReaction => ({
  reactionID: '[TUIEmoji_Like]',
  totalUserCount,
  reactedByMyself,
  partialUserList: [],
});

describe('my reaction, shown before the server answers', () => {
  it('adds a new reaction with me as its one reactor', () => {
    expect(toggled([], '[TUIEmoji_Like]', true)).toEqual([like(1, true)]);
  });

  it('counts me in on a reaction others gave, and out again', () => {
    expect(toggled([like(3, false)], '[TUIEmoji_Like]', true)).toEqual([like(4, true)]);
    expect(toggled([like(4, true)], '[TUIEmoji_Like]', false)).toEqual([like(3, false)]);
  });

  it('drops a reaction nobody gives any more', () => {
    expect(toggled([like(1, true)], '[TUIEmoji_Like]', false)).toEqual([]);
  });
});
