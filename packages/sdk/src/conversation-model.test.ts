import { AT_ALL, type WireConversation } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import {
  applyMessage,
  applyMessageChange,
  applyOwnSend,
  type Conversation,
  compareConversations,
  conversationFromMessage,
  markRead,
  mergeConversation,
  toConversation,
  totalUnreadCount,
} from './conversation-model';
import { fromWire } from './message-model';
import type { Message } from './message-types';
import { type TextWire, wireConversation, wireMessage } from './test-fixtures';

const me = 'me';

function groupMessage(overrides: Partial<TextWire> = {}): TextWire {
  return wireMessage({
    ID: `m-${overrides.sequence ?? 1}`,
    conversationType: 'GROUP',
    to: 'team',
    payload: { text: 'hello' },
    time: 100,
    clientTime: 100,
    nick: 'Bob',
    ...overrides,
  });
}

function groupConversation(overrides: Partial<WireConversation> = {}): WireConversation {
  return wireConversation({ conversationID: 'GROUPteam', type: 'GROUP', target: 'team', updatedAt: 1, ...overrides });
}

const incoming = (overrides: Partial<TextWire> = {}) => fromWire(groupMessage(overrides), me);

describe('toConversation', () => {
  it('has reference lastMessage fields, empty ones when there is no message', () => {
    const empty = toConversation(groupConversation(), me);
    expect(empty.lastMessage).toMatchObject({ lastTime: 0, messageForShow: '', fromAccount: '', payload: null });
    const withMessage = toConversation(
      groupConversation({ lastMessage: groupMessage({ sequence: 3, time: 500 }), maxSequence: 3 }),
      me,
    );
    expect(withMessage.lastMessage).toMatchObject({
      messageForShow: 'hello',
      fromAccount: 'bob',
      nick: 'Bob',
      lastTime: 500,
      lastSequence: 3,
      type: 'TIMTextElem',
      payload: { text: 'hello' },
      isRevoked: false,
    });
    expect(withMessage).toMatchObject({ peerReadTime: 0, groupAtInfoList: [], isMuted: false });
  });

  it('derives an @-info from an unread last message that mentions me', () => {
    const conversation = toConversation(
      groupConversation({
        lastMessage: groupMessage({ sequence: 3, atUserList: [me] }),
        maxSequence: 3,
        readSequence: 2,
        unreadCount: 1,
      }),
      me,
    );
    expect(conversation.groupAtInfoList).toEqual([
      { groupID: 'team', from: 'bob', messageID: 'm-3', messageSequence: 3, atType: 1 },
    ]);
  });
});

describe('applyMessage', () => {
  const base = toConversation(groupConversation({ maxSequence: 2, readSequence: 2 }), me);

  it('makes a new incoming message the last one and counts it unread', () => {
    const next = applyMessage(base, incoming({ sequence: 3, time: 200 }), me);
    expect(next).toMatchObject({ unreadCount: 1, maxSequence: 3 });
    expect(next.lastMessage).toMatchObject({ lastSequence: 3, lastTime: 200 });
  });

  it('does not count my own messages as unread', () => {
    const next = applyMessage(base, incoming({ sequence: 3, from: me }), me);
    expect(next.unreadCount).toBe(0);
    expect(next.lastMessage.fromAccount).toBe(me);
  });

  it('does not count a group tip about me as unread, but counts one about others', () => {
    const tip = (userIDList: string[]) =>
      fromWire(
        {
          ...groupMessage({ sequence: 3, from: '@TIM#SYSTEM' }),
          type: 'TIMGroupTipElem',
          payload: {
            operatorID: 'owner',
            operationType: 1,
            userIDList,
            nickList: [],
            newGroupProfile: null,
            memberNum: 3,
          },
        },
        me,
      );
    expect(applyMessage(base, tip([me]), me).unreadCount).toBe(0);
    expect(applyMessage(base, tip(['someone']), me).unreadCount).toBe(1);
  });

  it('counts a group import as unread for nobody, as the server marks the group read after import_group_msg', () => {
    const next = applyMessage(base, incoming({ sequence: 3, imported: true }), me);
    expect(next).toMatchObject({ unreadCount: 0, maxSequence: 3, lastMessage: { lastSequence: 3 } });
  });

  it('counts a one-to-one import as unread unless imported as history (SyncFromOldSystem 2), as the server does', () => {
    const c2c = toConversation(wireConversation({ maxSequence: 2, readSequence: 2 }), me);
    const imported = (overrides: Partial<TextWire>) =>
      fromWire(wireMessage({ sequence: 3, imported: true, ...overrides }), me);
    expect(applyMessage(c2c, imported({}), me).unreadCount).toBe(1);
    const history = imported({ messageControlInfo: { excludedFromUnreadCount: true } });
    expect(applyMessage(c2c, history, me)).toMatchObject({ unreadCount: 0, lastMessage: { lastSequence: 3 } });
  });

  it('ignores a message the server view already includes', () => {
    const loaded = toConversation(groupConversation({ maxSequence: 5, readSequence: 2, unreadCount: 3 }), me);
    expect(applyMessage(loaded, incoming({ sequence: 4 }), me)).toBe(loaded);
  });

  it('lists unread mentions of me or everyone, with the reference at types', () => {
    let next = applyMessage(base, incoming({ sequence: 3, atUserList: [me] }), me);
    next = applyMessage(next, incoming({ sequence: 4, atUserList: [AT_ALL] }), me);
    next = applyMessage(next, incoming({ sequence: 5, atUserList: [AT_ALL, me] }), me);
    next = applyMessage(next, incoming({ sequence: 6, atUserList: ['carol'] }), me);
    expect(next.groupAtInfoList.map((info) => [info.messageSequence, info.atType])).toEqual([
      [3, 1],
      [4, 2],
      [5, 3],
    ]);
  });

  it('updates the last message for unsequenced messages without counting them', () => {
    const next = applyMessage(base, incoming({ sequence: 0, payload: { text: 'live' } }), me);
    expect(next.lastMessage.messageForShow).toBe('live');
    expect(next.unreadCount).toBe(0);
    expect(next.maxSequence).toBe(2);
  });
});

describe('markRead and merging', () => {
  it('clears unread and @-infos when read', () => {
    const unread = applyMessage(
      toConversation(groupConversation(), me),
      incoming({ sequence: 1, atUserList: [me] }),
      me,
    );
    const read = markRead(unread);
    expect(read).toMatchObject({ unreadCount: 0, groupAtInfoList: [], readSequence: 1 });
    expect(markRead(read)).toBe(read);
  });

  it('takes the server view, keeping @-infos it has not read', () => {
    const local = applyMessage(
      toConversation(groupConversation(), me),
      incoming({ sequence: 1, atUserList: [me] }),
      me,
    );
    const unreadOnServer = mergeConversation(
      local,
      groupConversation({ maxSequence: 1, unreadCount: 1, isPinned: true }),
      me,
    );
    expect(unreadOnServer).toMatchObject({ isPinned: true, unreadCount: 1 });
    expect(unreadOnServer.groupAtInfoList).toHaveLength(1);
    const readElsewhere = mergeConversation(local, groupConversation({ maxSequence: 1, readSequence: 1 }), me);
    expect(readElsewhere.groupAtInfoList).toEqual([]);
  });

  it('never lets a stale server view take away a newer message', () => {
    let local = toConversation(groupConversation({ maxSequence: 1, readSequence: 1 }), me);
    local = applyMessage(local, incoming({ sequence: 2, time: 300 }), me);
    local = applyMessage(local, incoming({ sequence: 3, time: 301 }), me);
    const stale = groupConversation({ maxSequence: 2, readSequence: 1, unreadCount: 1, isPinned: true });
    const merged = mergeConversation(local, stale, me);
    expect(merged).toMatchObject({ maxSequence: 3, unreadCount: 2, isPinned: true });
    expect(merged.lastMessage.lastSequence).toBe(3);
  });

  it('keeps a change to the last message that a server view fetched before it does not hold', () => {
    const last = incoming({ sequence: 4, payload: { text: 'draft wording' } });
    const local = applyMessageChange(
      applyMessage(toConversation(groupConversation({ maxSequence: 3, changeSequence: 2 }), me), last, me),
      { ...last, payload: { text: 'final wording' } } as Message,
      5,
    );
    const fetchedBefore = groupConversation({
      maxSequence: 4,
      changeSequence: 2,
      lastMessage: groupMessage({ sequence: 4, payload: { text: 'draft wording' } }),
      isPinned: true,
    });
    const merged = mergeConversation(local, fetchedBefore, me);
    expect(merged).toMatchObject({
      isPinned: true,
      changeSequence: 5,
      lastMessage: { messageForShow: 'final wording' },
    });
    const fetchedAfter = { ...fetchedBefore, changeSequence: 6 };
    expect(mergeConversation(local, fetchedAfter, me).changeSequence).toBe(6);
  });
  it('keeps showing my message on its way, or failed, when a server view holds nothing newer', () => {
    const local = toConversation(
      groupConversation({ maxSequence: 1, lastMessage: groupMessage({ sequence: 1, payload: { text: 'hello' } }) }),
      me,
    );
    const sending = {
      ...incoming({ sequence: 0, payload: { text: '在吗？' } }),
      ID: 'mine',
      from: me,
      status: 'unSend',
    } as Message;
    const failed = { ...sending, status: 'fail' } as Message;
    const sameView = groupConversation({ maxSequence: 1, lastMessage: groupMessage({ sequence: 1 }), isPinned: true });
    for (const [mine, status] of [
      [sending, 'unSend'],
      [failed, 'fail'],
    ] as const) {
      const merged = mergeConversation(applyOwnSend(applyOwnSend(local, sending), mine), sameView, me);
      expect(merged).toMatchObject({ isPinned: true, lastMessage: { ID: 'mine', messageForShow: '在吗？', status } });
    }
    const newer = groupConversation({
      maxSequence: 2,
      lastMessage: groupMessage({ sequence: 2, payload: { text: 'later' } }),
    });
    expect(mergeConversation(applyOwnSend(local, failed), newer, me).lastMessage).toMatchObject({ lastSequence: 2 });
  });
});

describe('applyMessageChange', () => {
  const last = incoming({ sequence: 4, payload: { text: 'the last words' } });
  const conversation = () =>
    applyMessage(toConversation(groupConversation({ maxSequence: 3, changeSequence: 2 }), me), last, me);

  it('shows the last message as it is now: revoked, modified, or flagged by moderation', () => {
    const revoked = { ...last, isRevoked: true, revoker: 'bob', payload: { text: '' } } as Message;
    expect(applyMessageChange(conversation(), revoked, 5)).toMatchObject({
      changeSequence: 5,
      lastMessage: { ID: last.ID, isRevoked: true, revoker: 'bob', messageForShow: '' },
    });
    const flagged = { ...last, hasRiskContent: true };
    expect(applyMessageChange(conversation(), flagged, 6).lastMessage.hasRiskContent).toBe(true);
    const modified = { ...last, payload: { text: 'better words' }, version: 1, isModified: true } as Message;
    expect(applyMessageChange(conversation(), modified, 7).lastMessage.messageForShow).toBe('better words');
  });

  it('only moves the change counter for other messages, and never back', () => {
    const older = { ...incoming({ sequence: 2 }), isRevoked: true };
    const before = conversation();
    const after = applyMessageChange(before, older, 9);
    expect(after.lastMessage).toBe(before.lastMessage);
    expect(after.changeSequence).toBe(9);
    expect(applyMessageChange(after, null, 3)).toBe(after);
  });
});

describe('conversationFromMessage', () => {
  it('stands in for an unknown conversation with just that message unread', () => {
    const message = fromWire(groupMessage({ conversationType: 'C2C', to: me, sequence: 9 }), me);
    expect(conversationFromMessage(message, me)).toMatchObject({
      conversationID: 'C2Cbob',
      type: 'C2C',
      unreadCount: 1,
      maxSequence: 9,
      readSequence: 8,
      userProfile: { userID: 'bob', nick: 'Bob' },
    });
  });

  it('counts nothing unread for my own message', () => {
    const message = fromWire(groupMessage({ conversationType: 'C2C', from: me, to: 'bob', sequence: 4 }), me);
    expect(conversationFromMessage(message, me)).toMatchObject({ conversationID: 'C2Cbob', unreadCount: 0 });
  });
});

describe('sorting and totals', () => {
  const conversation = (id: string, lastTime: number, extra: Partial<Conversation> = {}): Conversation => ({
    ...toConversation(groupConversation({ conversationID: id }), me),
    lastMessage: { ...toConversation(groupConversation(), me).lastMessage, lastTime },
    ...extra,
  });

  it('puts pinned conversations first, then newest last message first', () => {
    const list = [
      conversation('C2Cold', 100),
      conversation('C2Cnew', 300),
      conversation('C2Cpinned-old', 50, { isPinned: true }),
      conversation('C2Cmid', 200),
    ];
    const sorted = list.map((c) => ({ conversation: c, rank: 0 })).sort(compareConversations);
    expect(sorted.map((item) => item.conversation.conversationID)).toEqual([
      'C2Cpinned-old',
      'C2Cnew',
      'C2Cmid',
      'C2Cold',
    ]);
  });

  it('breaks ties in time by the most recent local activity', () => {
    const a = { conversation: conversation('C2Ca', 100), rank: 1 };
    const b = { conversation: conversation('C2Cb', 100), rank: 2 };
    expect([a, b].sort(compareConversations).map((x) => x.conversation.conversationID)).toEqual(['C2Cb', 'C2Ca']);
  });

  it('adds up unread counts of notifying conversations only', () => {
    expect(
      totalUnreadCount([
        conversation('C2Ca', 1, { unreadCount: 2 }),
        conversation('C2Cb', 1, { unreadCount: 5, messageRemindType: 'AcceptNotNotify' }),
        conversation('C2Cc', 1, { unreadCount: 7, messageRemindType: 'Discard' }),
        conversation('C2Cd', 1, { unreadCount: 1 }),
      ]),
    ).toBe(3);
  });
});
