import type { Message } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { makeMessage } from '../message/test-messages';
import { asksForReadReceipts, groupReadLabel, needsReceiptFromMe, readStatusKind } from './read-status';

const on = { isAppEnabled: true, isUserEnabled: true };
const c2c = { type: 'C2C' as const, subType: '' as const };
const work = { type: 'GROUP' as const, subType: 'Private' as const };
const community = { type: 'GROUP' as const, subType: 'Community' as const };
const live = { type: 'GROUP' as const, subType: 'AVChatRoom' as const };

function mine(patch: Partial<Message> = {}): Message {
  return makeMessage('TIMTextElem', { text: 'hi' }, { flow: 'out', status: 'success', ...patch });
}

function inGroup(patch: Partial<Message> = {}): Message {
  return mine({ conversationType: 'GROUP', conversationID: 'GROUPg', to: 'g', needReadReceipt: true, ...patch });
}

describe('read status of my messages (spec §4)', () => {
  it('shows read/unread for my successful C2C messages', () => {
    expect(readStatusKind(mine(), c2c, on)).toBe('c2c');
  });

  it('shows counts for my group messages sent with needReadReceipt, in groups that have receipts', () => {
    expect(readStatusKind(inGroup(), work, on)).toBe('group');
    expect(readStatusKind(inGroup({ needReadReceipt: false }), work, on)).toBeNull();
    expect(readStatusKind(inGroup(), community, on)).toBeNull();
    expect(readStatusKind(inGroup(), live, on)).toBeNull();
  });

  it('shows nothing for others’ messages, unsent or failed ones, risk content, revoked ones or signals', () => {
    expect(readStatusKind(mine({ flow: 'in' }), c2c, on)).toBeNull();
    expect(readStatusKind(mine({ status: 'unSend' }), c2c, on)).toBeNull();
    expect(readStatusKind(mine({ status: 'fail' }), c2c, on)).toBeNull();
    expect(readStatusKind(mine({ hasRiskContent: true }), c2c, on)).toBeNull();
    expect(readStatusKind(mine({ isRevoked: true }), c2c, on)).toBeNull();
    const typing = makeMessage(
      'TIMCustomElem',
      { data: JSON.stringify({ businessID: 'user_typing_status' }), description: '', extension: '' },
      { flow: 'out', status: 'success' },
    );
    expect(readStatusKind(typing, c2c, on)).toBeNull();
  });

  it('shows nothing unless both the app setting and the user setting are on', () => {
    expect(readStatusKind(mine(), c2c, { isAppEnabled: false, isUserEnabled: true })).toBeNull();
    expect(readStatusKind(mine(), c2c, { isAppEnabled: true, isUserEnabled: false })).toBeNull();
  });

  it('labels a group message unread (0 read), all read (0 unread) or N read', () => {
    expect(groupReadLabel({ readCount: 0, unreadCount: 5 })).toEqual({ key: 'unread' });
    expect(groupReadLabel({ readCount: 5, unreadCount: 0 })).toEqual({ key: 'allRead' });
    expect(groupReadLabel({ readCount: 2, unreadCount: 3 })).toEqual({ key: 'readCount', count: 2 });
  });
});

describe('sending receipts (spec §4)', () => {
  it('receipts others’ group messages that ask for it, never in live broadcast or community groups', () => {
    const theirs = inGroup({ flow: 'in' });
    expect(needsReceiptFromMe(theirs, work)).toBe(true);
    expect(needsReceiptFromMe(theirs, community)).toBe(false);
    expect(needsReceiptFromMe(theirs, live)).toBe(false);
    expect(needsReceiptFromMe(inGroup({ flow: 'in', needReadReceipt: false }), work)).toBe(false);
    expect(needsReceiptFromMe(inGroup(), work)).toBe(false);
  });

  it('asks for receipts on my group messages only where receipts exist and both settings are on', () => {
    expect(asksForReadReceipts(work, on)).toBe(true);
    expect(asksForReadReceipts(c2c, on)).toBe(false);
    expect(asksForReadReceipts(community, on)).toBe(false);
    expect(asksForReadReceipts(work, { isAppEnabled: true, isUserEnabled: false })).toBe(false);
  });
});
