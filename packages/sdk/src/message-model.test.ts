import { AT_ALL, ErrorCode, Limits, messageIDSchema } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import {
  conversationIDOf,
  createTextMessage,
  fromWire,
  generateMessageID,
  mentions,
  toSendBody,
} from './message-model';
import type { TextWire } from './test-fixtures';

const alice = { userID: 'alice', nick: 'Alice', avatar: 'https://example.com/a.png' };
const entropy = { now: () => 1_700_000_000_123, random: () => 42 };

function wire(overrides: Partial<TextWire> = {}): TextWire {
  return {
    ID: 'bob-1-1',
    conversationType: 'C2C',
    from: 'bob',
    to: 'alice',
    type: 'TIMTextElem',
    payload: { text: 'hello' },
    atUserList: [],
    sequence: 7,
    time: 1_700_000_001,
    clientTime: 1_700_000_000,
    random: 9,
    nick: 'Bob',
    avatar: '',
    cloudCustomData: '',
    needReadReceipt: false,
    hasRiskContent: false,
    isRevoked: false,
    revoker: '',
    version: 0,
    changeSequence: 0,
    ...overrides,
  };
}

describe('createTextMessage', () => {
  it('makes an unsent outgoing message with the reference fields', () => {
    const message = createTextMessage(
      { to: 'bob', conversationType: 'C2C', payload: { text: 'hi' }, cloudCustomData: '{"x":1}' },
      alice,
      entropy,
    );
    expect(message).toMatchObject({
      ID: 'alice-1700000000123-42',
      type: 'TIMTextElem',
      payload: { text: 'hi' },
      conversationID: 'C2Cbob',
      conversationType: 'C2C',
      to: 'bob',
      from: 'alice',
      flow: 'out',
      status: 'unSend',
      time: 1_700_000_000,
      clientTime: 1_700_000_000,
      random: 42,
      sequence: 0,
      nick: 'Alice',
      avatar: 'https://example.com/a.png',
      atUserList: [],
      cloudCustomData: '{"x":1}',
      needReadReceipt: false,
      isRevoked: false,
      isDeleted: false,
      hasRiskContent: false,
      isPeerRead: false,
      readReceiptInfo: { readCount: 0, unreadCount: 0 },
      reactionList: [],
      progress: 1,
    });
  });

  it('addresses a group conversation by GROUP plus the group ID and keeps the @-list', () => {
    const message = createTextMessage(
      { to: 'team', conversationType: 'GROUP', payload: { text: '@all', atUserList: [AT_ALL, 'bob'] } },
      alice,
      entropy,
    );
    expect(message.conversationID).toBe('GROUPteam');
    expect(message.atUserList).toEqual([AT_ALL, 'bob']);
    expect(toSendBody(message).payload).toEqual({ text: '@all' });
  });

  it('gives every message a different ID within the protocol charset', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const { ID } = createTextMessage({ to: 'bob', conversationType: 'C2C', payload: { text: 'x' } }, alice);
      expect(messageIDSchema.safeParse(ID).success).toBe(true);
      ids.add(ID);
    }
    expect(ids.size).toBe(1000);
  });

  it('refuses a bad conversation type or an empty recipient with INVALID_PARAMS', () => {
    const invalid = expect.objectContaining({ code: ErrorCode.INVALID_PARAMS });
    expect(() =>
      createTextMessage({ to: 'bob', conversationType: 'DM' as 'C2C', payload: { text: 'x' } }, alice),
    ).toThrow(invalid);
    expect(() => createTextMessage({ to: '', conversationType: 'C2C', payload: { text: 'x' } }, alice)).toThrow(
      invalid,
    );
  });
});

describe('generateMessageID', () => {
  it('is userID, milliseconds and random joined by dashes', () => {
    expect(generateMessageID('user_1', 5, 6)).toBe('user_1-5-6');
  });

  it('fits the longest user ID within the ID length limit', () => {
    const id = generateMessageID('u'.repeat(32), Date.now(), 2 ** 31 - 1);
    expect(messageIDSchema.safeParse(id).success).toBe(true);
  });
});

describe('toSendBody', () => {
  it('carries exactly what the sendMessage op takes', () => {
    const message = createTextMessage(
      { to: 'bob', conversationType: 'C2C', payload: { text: 'hi' }, needReadReceipt: true },
      alice,
      entropy,
    );
    expect(toSendBody(message)).toEqual({
      ID: message.ID,
      conversationType: 'C2C',
      to: 'bob',
      type: 'TIMTextElem',
      payload: { text: 'hi' },
      atUserList: [],
      clientTime: 1_700_000_000,
      random: 42,
      cloudCustomData: '',
      needReadReceipt: true,
    });
  });

  it('sends a group message’s receiverList, its first 50 as Tencent’s SDK does, and no one-to-one message’s', () => {
    const receiverList = Array.from({ length: 60 }, (_, i) => `u${i}`);
    const targeted = createTextMessage(
      { to: 'team', conversationType: 'GROUP', payload: { text: 'hi' }, receiverList },
      alice,
      entropy,
    );
    expect(toSendBody(targeted).receiverList).toEqual(receiverList.slice(0, Limits.RECEIVER_LIST_MAX));
    const c2c = createTextMessage({ to: 'bob', conversationType: 'C2C', payload: { text: 'hi' }, receiverList }, alice);
    expect(toSendBody(c2c)).not.toHaveProperty('receiverList');
  });
});

describe('fromWire', () => {
  it('sees an incoming C2C message in the conversation with its sender', () => {
    expect(fromWire(wire(), 'alice')).toMatchObject({
      flow: 'in',
      conversationID: 'C2Cbob',
      status: 'success',
      sequence: 7,
    });
  });

  it('sees my own C2C message in the conversation with the recipient', () => {
    expect(fromWire(wire({ from: 'alice', to: 'bob' }), 'alice')).toMatchObject({
      flow: 'out',
      conversationID: 'C2Cbob',
    });
  });

  it('puts a note to self in the conversation with myself', () => {
    expect(conversationIDOf({ conversationType: 'C2C', from: 'alice', to: 'alice' }, 'alice')).toBe('C2Calice');
  });

  it('puts group messages in the group conversation whoever sent them', () => {
    const groupMessage = wire({ conversationType: 'GROUP', to: 'team' });
    expect(fromWire(groupMessage, 'alice')).toMatchObject({ conversationID: 'GROUPteam', flow: 'in' });
    expect(fromWire({ ...groupMessage, from: 'alice' }, 'alice')).toMatchObject({
      conversationID: 'GROUPteam',
      flow: 'out',
    });
  });
});

describe('mentions', () => {
  it('tells a mention of me from a mention of everyone', () => {
    expect(mentions({ atUserList: ['alice'] }, 'alice')).toEqual({ me: true, all: false });
    expect(mentions({ atUserList: [AT_ALL] }, 'alice')).toEqual({ me: false, all: true });
    expect(mentions({ atUserList: ['bob'] }, 'alice')).toEqual({ me: false, all: false });
  });
});
