import { describe, expect, it } from 'vitest';
import { filterMentions, mentionCandidates } from '../chat/composer/mention/mention-candidates';
import { displayName } from './display-name';

const remarks = new Map([['bob', 'Supplier Bob']]);

describe('display name', () => {
  it('prefers my remark, then the group name card, then the nick, then the user ID', () => {
    expect(displayName({ userID: 'bob', nameCard: 'Bob (Sales)', nick: 'Bob' }, remarks)).toBe('Supplier Bob');
    expect(displayName({ userID: 'carol', nameCard: 'Carol (Sales)', nick: 'Carol' }, remarks)).toBe('Carol (Sales)');
    expect(displayName({ userID: 'carol', nameCard: '', nick: 'Carol' }, remarks)).toBe('Carol');
    expect(displayName({ userID: 'carol' }, remarks)).toBe('carol');
  });

  it('lists a friend in the mention list by my remark, and finds them by it, while the mention still reads their nick', () => {
    const member = { userID: 'bob', nick: 'Bob', nameCard: 'Bob (Sales)', avatar: '' };
    const others = { userID: 'carol', nick: 'Carol', nameCard: '', avatar: '' };
    const candidates = mentionCandidates([member, others], 'me', { canMentionAll: false, everyone: 'All', remarks });
    expect(candidates.map((c) => c.name)).toEqual(['Supplier Bob', 'Carol']);
    expect(candidates[0]?.label).toBe('Bob');
    expect(filterMentions(candidates, 'supp').map((c) => c.userID)).toEqual(['bob']);
  });
});
