import type { Conversation } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { conversationText } from '../i18n/conversation-text';
import {
  abstractText,
  atLabels,
  badgeText,
  conversationName,
  lastMessageAbstract,
  unreadMark,
  visibleDraft,
} from './conversation-display';

type Key = keyof typeof conversationText.en;
const t = (key: Key, options: Record<string, string> = {}) =>
  conversationText.en[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => options[name] ?? '');

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    conversationID: 'C2Cbob',
    type: 'C2C',
    subType: '',
    unreadCount: 0,
    lastMessage: {
      ID: 'm1',
      type: 'TIMTextElem',
      payload: { text: 'hello' },
      messageForShow: 'hello',
      fromAccount: 'bob',
      nick: 'Bob',
      nameCard: '',
      lastTime: 1,
      lastSequence: 1,
      isRevoked: false,
      revoker: '',
      hasRiskContent: false,
      isPeerRead: false,
      cloudCustomData: '',
      onlineOnlyFlag: false,
      status: 'success',
    },
    isPinned: false,
    messageRemindType: 'AcceptAndNotify',
    isMuted: false,
    draftText: '',
    groupAtInfoList: [],
    userProfile: { userID: 'bob', nick: '', avatar: '', selfSignature: '' },
    groupProfile: null,
    peerReadTime: 0,
    remark: '',
    operationType: 0,
    maxSequence: 1,
    readSequence: 1,
    changeSequence: 0,
    peerReadSequence: 0,
    updatedAt: 0,
    customData: '',
    markList: [],
    conversationGroupList: [],
    ...overrides,
  };
}

describe('unread badge', () => {
  it('shows the count up to 99 and 99+ above', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(0)).toBe('');
  });

  it('shows only a dot for a muted conversation with unread messages', () => {
    expect(unreadMark({ unreadCount: 5, isMuted: true })).toBe('dot');
    expect(unreadMark({ unreadCount: 5, isMuted: false })).toBe('count');
    expect(unreadMark({ unreadCount: 0, isMuted: true })).toBe('none');
  });
});

describe('row texts', () => {
  it('names a one-to-one conversation by remark, then nick, then user ID', () => {
    expect(conversationName(conversation())).toBe('bob');
    expect(
      conversationName(conversation({ userProfile: { userID: 'bob', nick: 'Bob', avatar: '', selfSignature: '' } })),
    ).toBe('Bob');
    expect(conversationName(conversation({ remark: 'Boss' }))).toBe('Boss');
  });

  it('shows the draft only when the conversation is not the open one', () => {
    const drafted = conversation({ draftText: 'half a thought' });
    expect(visibleDraft(drafted, null)).toBe('half a thought');
    expect(visibleDraft(drafted, 'C2Calice')).toBe('half a thought');
    expect(visibleDraft(drafted, 'C2Cbob')).toBe('');
  });

  it('marks unread group mentions of me and of everyone, and none for one-to-one', () => {
    const at = (atType: 1 | 2 | 3) => ({ groupID: 'g', from: 'bob', messageID: 'm', messageSequence: 1, atType });
    const group = (list: ReturnType<typeof at>[]) =>
      conversation({ conversationID: 'GROUPg', type: 'GROUP', groupAtInfoList: list, userProfile: null });
    expect(atLabels(group([at(1)]), t)).toBe('[@me]');
    expect(atLabels(group([at(2)]), t)).toBe('[@All]');
    expect(atLabels(group([at(3)]), t)).toBe('[@me][@All]');
    expect(atLabels(group([]), t)).toBe('');
    expect(atLabels(conversation({ groupAtInfoList: [at(1)] }), t)).toBe('');
  });

  it('abstracts text as itself, other types as a bracketed label, and prefixes the sender in groups', () => {
    const c2c = conversation();
    expect(lastMessageAbstract(c2c, 'alice', t)).toEqual([{ text: 'hello', isUserText: true }]);
    expect(
      lastMessageAbstract(conversation({ lastMessage: { ...c2c.lastMessage, type: 'TIMImageElem' } }), 'alice', t),
    ).toEqual([{ text: '[Image]', isUserText: false }]);
    const group = conversation({ conversationID: 'GROUPg', type: 'GROUP' });
    expect(lastMessageAbstract(group, 'alice', t)).toEqual([
      { text: 'Bob', isUserText: true },
      { text: ': ', isUserText: false },
      { text: 'hello', isUserText: true },
    ]);
    expect(abstractText(lastMessageAbstract(group, 'alice', t))).toBe('Bob: hello');
  });

  it('says who revoked the last message, the name marked as user text', () => {
    const revoked = conversation();
    revoked.lastMessage = { ...revoked.lastMessage, isRevoked: true, revoker: 'bob' };
    expect(lastMessageAbstract(revoked, 'alice', t)).toEqual([
      { text: 'Bob', isUserText: true },
      { text: ' revoked a message', isUserText: false },
    ]);
    expect(abstractText(lastMessageAbstract(revoked, 'bob', t))).toBe('You revoked a message');
  });

  it("names the admin who revoked a member's message, and me when it was me", () => {
    const group = conversation({ conversationID: 'GROUPg1', type: 'GROUP' });
    group.lastMessage = { ...group.lastMessage, isRevoked: true, revoker: 'carol' };
    expect(abstractText(lastMessageAbstract(group, 'alice', t))).toBe('carol revoked a message');
    expect(abstractText(lastMessageAbstract(group, 'carol', t))).toBe('You revoked a message');
  });

  it("reads a new group's 'created' message as a sentence about the creator, without a sender prefix", () => {
    const group = conversation({ conversationID: 'GROUPg2', type: 'GROUP' });
    const data = JSON.stringify({ businessID: 'group_create', version: 4, opUser: '张伟', content: '创建群组' });
    group.lastMessage = {
      ...group.lastMessage,
      type: 'TIMCustomElem',
      payload: { data, description: '', extension: '' },
    };
    expect(lastMessageAbstract(group, 'alice', t)).toEqual([
      { text: '张伟', isUserText: true },
      { text: ' created the group', isUserText: false },
    ]);
  });

  it('never previews content moderation flagged, even after delivery', () => {
    const flagged = conversation();
    flagged.lastMessage = { ...flagged.lastMessage, hasRiskContent: true };
    expect(abstractText(lastMessageAbstract(flagged, 'alice', t))).toBe('[Sensitive content]');
  });
});
