import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { mergeConversation } from './conversation-model';
import { ConversationStore } from './conversation-store';
import { EVENT } from './core/types';
import { Emitter, type ReadReceiptUpdate } from './events';
import { fromWire } from './message-model';
import { isMessagePeerRead, Receipts } from './receipts';
import { wireConversation, wireMessage } from './test-fixtures';

/**
 * The client side of read receipts that no server run can order at will: counts of concurrent
 * readers arriving crossed, and which of my messages a moved C2C read cursor covers. The requests
 * themselves are tested against a real server (apps/server/src/integration/read-receipts.test.ts).
 */

const me = 'me';

function setUp() {
  const events = new Emitter();
  const store = new ConversationStore();
  const told: ReadReceiptUpdate[][] = [];
  events.on(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, (event) => told.push(event.data));
  const receipts = new Receipts({
    request: () => Promise.reject(new Error('no request expected')),
    me: () => me,
    events,
    store,
  });
  store.put(mergeConversation(undefined, wireConversation({ maxSequence: 3 }), me));
  return { receipts, store, told };
}

const mine = (sequence: number) => fromWire(wireMessage({ ID: `me-${sequence}`, from: me, to: 'bob', sequence }), me);

describe('Receipts', () => {
  it('keeps the highest group read count: a lower one arriving later is not news', () => {
    const { receipts, told } = setUp();
    const push = (readCount: number) =>
      receipts.handleReadReceipt({
        conversationID: 'GROUPteam',
        messageList: [{ messageID: 'me-1', readCount, unreadCount: 5 - readCount }],
      });
    push(2);
    push(1);
    push(2);
    push(3);
    expect(told.map((list) => list.map((u) => u.readCount))).toEqual([[2], [3]]);
    expect(told[1]).toEqual([
      { conversationID: 'GROUPteam', messageID: 'me-1', isPeerRead: false, readCount: 3, unreadCount: 2 },
    ]);
  });

  it('names the messages of mine a moved C2C read cursor covers, once each, and moves peerReadSequence', () => {
    const { receipts, store, told } = setUp();
    for (const sequence of [1, 2, 3]) receipts.handleMessage(mine(sequence));
    receipts.handlePeerRead({ conversationID: 'C2Cbob', peerReadSequence: 2 });
    expect(store.get('C2Cbob')?.peerReadSequence).toBe(2);
    expect(told).toEqual([
      [
        { conversationID: 'C2Cbob', messageID: 'me-1', isPeerRead: true, readCount: 1, unreadCount: 0 },
        { conversationID: 'C2Cbob', messageID: 'me-2', isPeerRead: true, readCount: 1, unreadCount: 0 },
      ],
    ]);
    // An older cursor (a push that crossed a fresher list) changes nothing.
    receipts.handlePeerRead({ conversationID: 'C2Cbob', peerReadSequence: 1 });
    expect(store.get('C2Cbob')?.peerReadSequence).toBe(2);
    // A fresh list after a reconnect moves it as a push does.
    store.put(mergeConversation(store.get('C2Cbob'), wireConversation({ maxSequence: 3, peerReadSequence: 3 }), me));
    expect(told.at(-1)?.map((u) => u.messageID)).toEqual(['me-3']);
    expect(told).toHaveLength(2);
    expect(isMessagePeerRead(mine(3), store.get('C2Cbob'))).toBe(true);
    expect(isMessagePeerRead({ ...mine(4) }, store.get('C2Cbob'))).toBe(false);
  });

  it('refuses an empty receipt list with 2114 before asking the server', async () => {
    const { receipts } = setUp();
    await expect(receipts.sendMessageReadReceipt([])).rejects.toMatchObject({
      code: ErrorCode.READ_RECEIPT_MSG_LIST_EMPTY,
    });
  });
});
