// @vitest-environment node
import type { ChatSDK, Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendText, until, wholeHistory } from '../../../../../apps/server/src/integration/harness';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { getMessageStore, type MessageStore } from './message-store';

/** The message store's window opened at an older message, against a real server. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Ann and Ben with `count` messages from Ben; Ben's copy of the history (the same IDs and sequences). */
async function conversation(name: string, count: number) {
  const annID = `${name}-ann`;
  const benID = `${name}-ben`;
  const ann = await server.connect(annID);
  const ben = await server.connect(benID);
  for (let at = 1; at <= count; at += 20) {
    // Sent in small bursts: the order is the server's, which the history then tells.
    await Promise.all(
      Array.from({ length: Math.min(20, count - at + 1) }, (_, i) => sendText(ben, annID, `m${at + i}`)),
    );
  }
  const history = await wholeHistory(ben, `C2C${annID}`);
  return { ann, ben, annID, history, conversationID: `C2C${benID}` };
}

/** Counts the history requests an SDK makes (the real calls go through). */
function countRequests(chat: ChatSDK) {
  const pages = vi.spyOn(chat, 'getMessageList');
  const hops = vi.spyOn(chat, 'getMessageListHopping');
  return () => ({ pages: pages.mock.calls.length, hops: hops.mock.calls.length });
}

/** Opens the store as the list does (it stays open for the test). */
function show(store: MessageStore): void {
  store.subscribe(() => undefined);
}

const ids = (messages: readonly Message[]) => messages.map((m) => m.ID);

describe('MessageStore opened at a message', () => {
  it('opens 400 messages back with only the two pages around it, then grows both ways without gaps or repeats', async () => {
    const { ann, history, conversationID } = await conversation('far', 500);
    const target = history[99] as Message;
    const requests = countRequests(ann);
    const store = getMessageStore(ann, conversationID);

    const jumped = store.jumpTo({ messageID: target.ID, sequence: target.sequence });
    show(store);
    await jumped;

    expect(store.getSnapshot().jump).toMatchObject({ messageID: target.ID, outcome: 'found' });
    expect(requests()).toEqual({ pages: 0, hops: 2 });
    const opened = store.getSnapshot();
    expect(ids(opened.messages)).toEqual(ids(history.slice(85, 115)));
    expect(opened.messages[opened.anchorIndex ?? -1]?.ID).toBe(target.ID);
    expect(opened).toMatchObject({ hasNewer: true, isCompleted: false });

    while (store.getSnapshot().hasNewer) await store.loadNewer();
    expect(ids(store.getSnapshot().messages)).toEqual(ids(history.slice(85)));
    while (!store.getSnapshot().isCompleted) await store.loadOlder();
    expect(ids(store.getSnapshot().messages)).toEqual(ids(history));
    // 385 newer messages in pages of 15, 85 older ones in pages of 15.
    expect(requests()).toEqual({ pages: 6, hops: 2 + 26 });
  });

  it('keeps messages that arrive while it is detached out of the list, counts them, and joins them in order at the end', async () => {
    const { ann, ben, annID, history, conversationID } = await conversation('live', 100);
    const store = getMessageStore(ann, conversationID);
    show(store);
    await until(() => store.getSnapshot().messages.length > 0, 5000, 'the newest page');
    const target = history[5] as Message;
    await store.jumpTo({ messageID: target.ID, sequence: target.sequence });
    expect(store.getSnapshot().hasNewer).toBe(true);

    const late = [await sendText(ben, annID, 'late 1'), await sendText(ben, annID, 'late 2')];
    await until(() => store.getSnapshot().missedCount === 2, 5000, 'two missed messages');
    expect(ids(store.getSnapshot().messages)).not.toContain(late[0]?.ID);

    while (store.getSnapshot().hasNewer) await store.loadNewer();
    const joined = store.getSnapshot();
    expect(ids(joined.messages)).toEqual([...ids(history), ...late.map((m) => m?.ID)]);
    expect(joined.missedCount).toBe(0);

    const later = await sendText(ben, annID, 'live again');
    await until(() => store.getSnapshot().messages.at(-1)?.ID === later.ID, 5000, 'the live message appended');
  });

  it('goes back to the newest page when the user sends while reading an older window', async () => {
    const { ann, history, conversationID } = await conversation('send', 100);
    const store = getMessageStore(ann, conversationID);
    show(store);
    const target = history[3] as Message;
    await store.jumpTo({ messageID: target.ID, sequence: target.sequence });
    const detachedKey = store.getSnapshot().windowKey;

    const message = ann.createTextMessage({ to: 'send-ben', conversationType: 'C2C', payload: { text: 'mine' } });
    expect(await store.send(message)).toBeUndefined();
    await until(() => store.getSnapshot().messages.length > 1, 5000, 'the newest page');
    const state = store.getSnapshot();
    expect(state).toMatchObject({ hasNewer: false, anchorIndex: null });
    expect(state.windowKey).toBeGreaterThan(detachedKey);
    // The newest page, with the sent message at the end (the page may or may not hold it already).
    const before = ids(state.messages.slice(0, -1));
    expect(state.messages.at(-1)?.ID).toBe(message.ID);
    expect(before).toEqual(ids(history.slice(-before.length)));
    expect(before.length).toBeGreaterThanOrEqual(14);
  });

  it('reaches a message a page or two back by loading older pages, staying at the live end', async () => {
    const { ann, history, conversationID } = await conversation('near', 40);
    const store = getMessageStore(ann, conversationID);
    show(store);
    await until(() => store.getSnapshot().messages.length > 0, 5000, 'the newest page');
    const requests = countRequests(ann);
    const target = history[5] as Message;

    await store.jumpTo({ messageID: target.ID, sequence: target.sequence });
    expect(store.getSnapshot()).toMatchObject({ hasNewer: false, jump: { outcome: 'found' } });
    expect(requests()).toEqual({ pages: 2, hops: 0 });
    expect(ids(store.getSnapshot().messages)).toEqual(ids(history));
  });

  it('tells a revoked message and one deleted for me apart from one it found', async () => {
    const { ann, ben, history, conversationID } = await conversation('gone', 80);
    const revoked = history[2] as Message;
    const deleted = history[4] as Message;
    await ben.revokeMessage(revoked);
    await ann.deleteMessage([{ ...deleted, conversationID }]);
    const store = getMessageStore(ann, conversationID);
    show(store);

    await store.jumpTo({ messageID: revoked.ID, sequence: revoked.sequence });
    expect(store.getSnapshot().jump).toMatchObject({ messageID: revoked.ID, outcome: 'revoked' });
    await store.jumpTo({ messageID: deleted.ID, sequence: deleted.sequence });
    expect(store.getSnapshot().jump).toMatchObject({ messageID: deleted.ID, outcome: 'missing' });
  });
});
