import type { WireConversation } from '@liaison/protocol';
import { describe, expect, it, vi } from 'vitest';
import { applyMessage, type Conversation, toConversation } from './conversation-model';
import { ConversationStore } from './conversation-store';
import { fromWire } from './message-model';
import { wireConversation, wireMessage } from './test-fixtures';

function conversation(id: string, overrides: Partial<WireConversation> = {}): Conversation {
  const wire = wireConversation({
    conversationID: `C2C${id}`,
    target: id,
    userProfile: { userID: id, nick: '', avatar: '', selfSignature: '' },
    ...overrides,
  });
  return toConversation(wire, 'me');
}

function messageFrom(id: string, sequence: number, time: number) {
  return fromWire(
    wireMessage({ ID: `${id}-${sequence}`, from: id, payload: { text: 'x' }, sequence, time, clientTime: time }),
    'me',
  );
}

const ids = (list: readonly Conversation[]) => list.map((c) => c.conversationID);

describe('ConversationStore', () => {
  it('keeps the same snapshot until something changes', () => {
    const store = new ConversationStore();
    store.replaceAll([conversation('a')]);
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    store.put(conversation('b'));
    expect(store.getSnapshot()).not.toBe(first);
    expect(ids(store.getSnapshot())).toEqual(['C2Ca', 'C2Cb']);
  });

  it('keeps the old object and notifies nobody when an equal value is put', () => {
    const store = new ConversationStore();
    const original = conversation('a', { unreadCount: 1 });
    store.put(original);
    const snapshot = store.getSnapshot();
    const listener = vi.fn();
    store.subscribe(listener);
    store.put(conversation('a', { unreadCount: 1 }));
    expect(listener).not.toHaveBeenCalled();
    expect(store.get('C2Ca')).toBe(original);
    expect(store.getSnapshot()).toBe(snapshot);
  });

  it('notifies subscribers on every change and stops after unsubscribe', () => {
    const store = new ConversationStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.put(conversation('a'));
    store.remove('C2Ca');
    store.remove('C2Cmissing');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.put(conversation('b'));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('moves a conversation with a new message to the top, below pinned ones', () => {
    const store = new ConversationStore();
    store.replaceAll([conversation('pinned', { isPinned: true }), conversation('a'), conversation('b')]);
    store.update('C2Cb', (c) => applyMessage(c, messageFrom('b', 1, 100), 'me'), { touch: true });
    expect(ids(store.getSnapshot())).toEqual(['C2Cpinned', 'C2Cb', 'C2Ca']);
    store.update('C2Ca', (c) => applyMessage(c, messageFrom('a', 1, 100), 'me'), { touch: true });
    expect(ids(store.getSnapshot())).toEqual(['C2Cpinned', 'C2Ca', 'C2Cb']);
  });

  it('totals unread across notifying conversations and follows changes', () => {
    const store = new ConversationStore();
    store.replaceAll([
      conversation('a', { unreadCount: 2 }),
      conversation('muted', { unreadCount: 9, messageRemindType: 'AcceptNotNotify' }),
    ]);
    expect(store.getTotalUnreadCount()).toBe(2);
    store.update('C2Ca', (c) => applyMessage(c, messageFrom('a', 1, 100), 'me'));
    expect(store.getTotalUnreadCount()).toBe(3);
    store.remove('C2Ca');
    expect(store.getTotalUnreadCount()).toBe(0);
  });

  it('reports false when updating a conversation it does not have', () => {
    const store = new ConversationStore();
    expect(store.update('C2Cnope', (c) => c)).toBe(false);
  });

  it('drops conversations missing from a fresh list unless a message touched them since', () => {
    const store = new ConversationStore();
    store.replaceAll([conversation('a'), conversation('b')]);
    const mark = store.activityMark();
    store.put(conversation('c'), { touch: true });
    store.retainOnly(new Set(['C2Ca']), mark);
    expect(ids(store.getSnapshot()).sort()).toEqual(['C2Ca', 'C2Cc']);
  });

  it('empties on clear', () => {
    const store = new ConversationStore();
    store.replaceAll([conversation('a', { unreadCount: 1 })]);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(store.getTotalUnreadCount()).toBe(0);
  });

  it('gives a one-to-one conversation my remark for its peer, and follows the remark as it changes', () => {
    const store = new ConversationStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setFriendRemarks(new Map([['a', '老李']]));
    store.replaceAll([conversation('a'), conversation('b')]);
    expect(store.get('C2Ca')?.remark).toBe('老李');
    expect(store.get('C2Cb')?.remark).toBe('');
    // A fresh copy from the server (no remark on the wire) keeps it.
    store.put(conversation('a', { unreadCount: 2 }));
    expect(store.get('C2Ca')?.remark).toBe('老李');

    listener.mockClear();
    store.setFriendRemarks(new Map([['b', '小王']]));
    expect(store.get('C2Ca')?.remark).toBe('');
    expect(store.get('C2Cb')?.remark).toBe('小王');
    expect(listener).toHaveBeenCalledTimes(1);
    store.setFriendRemarks(new Map([['b', '小王']]));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
