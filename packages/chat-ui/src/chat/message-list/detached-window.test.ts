// @vitest-environment node
import type { ChatSDK, Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendText, wholeHistory } from '../../../../../apps/server/src/integration/harness';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { LiveBacklog, loadPageAfter, loadWindowAt, routeTo } from './detached-window';

/** A window of a conversation opened at an older message, against a real server: 60 messages from Ben to Ann. */

let server: TestServer;
let ann: ChatSDK;
let history: Message[];
const conversationID = 'C2Cwin-ben';

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('win-ann');
  const ben = await server.connect('win-ben');
  for (let at = 1; at <= 60; at += 20) {
    // Sent in small bursts: the order is the server's, which the history then tells.
    await Promise.all(Array.from({ length: 20 }, (_, i) => sendText(ben, 'win-ann', `m${at + i}`)));
  }
  history = await wholeHistory(ben, 'C2Cwin-ann');
});
afterAll(async () => {
  await server.close();
});

const ids = (messages: readonly Message[]) => messages.map((m) => m.ID);
const at = (index: number) => history[index] as Message;

describe('routeTo', () => {
  it('reaches a message shown in place, one a few pages older by paging back, and a farther one by a window', () => {
    const list = { messages: history.slice(50), hasNewer: false, isCompleted: false };

    expect(routeTo(list, at(55).ID, at(55).sequence)).toEqual({ kind: 'shown', message: at(55) });
    expect(routeTo(list, at(40).ID, at(40).sequence)).toEqual({ kind: 'older', maxPages: 4 });
    expect(routeTo(list, at(0).ID, at(0).sequence)).toEqual({ kind: 'window', sequence: at(0).sequence });
    // A quote without a sequence can only be looked for page by page.
    expect(routeTo(list, at(0).ID, undefined)).toEqual({ kind: 'older' });
  });

  it('calls a message gone when it is missing from what is loaded, or older than a complete history', () => {
    const loaded = [...history.slice(10, 20), ...history.slice(21, 30)];
    expect(routeTo({ messages: loaded, hasNewer: true, isCompleted: false }, at(20).ID, at(20).sequence)).toEqual({
      kind: 'gone',
    });
    const complete = { messages: history.slice(50), hasNewer: false, isCompleted: true };
    expect(routeTo(complete, at(0).ID, at(0).sequence)).toEqual({ kind: 'gone' });
  });

  it('opens a window for a message past the end of a detached window, and calls it gone at the live end', () => {
    const window = history.slice(10, 30);
    expect(routeTo({ messages: window, hasNewer: true, isCompleted: false }, 'later', at(59).sequence)).toEqual({
      kind: 'window',
      sequence: at(59).sequence,
    });
    expect(routeTo({ messages: window, hasNewer: false, isCompleted: false }, 'later', at(59).sequence)).toEqual({
      kind: 'gone',
    });
  });
});

describe('loadWindowAt', () => {
  it('loads the page up to the message and the page after it, with the message last of the first page', async () => {
    const opened = await loadWindowAt(ann, conversationID, at(30).sequence);

    expect(ids(opened.messages)).toEqual(ids(history.slice(16, 46)));
    expect(opened.messages[opened.anchorIndex]?.ID).toBe(at(30).ID);
    expect(opened).toMatchObject({ nextReqMessageID: at(16).ID, isOlderCompleted: false, isNewerCompleted: false });
  });

  it('says when the window already reaches both ends of a short history', async () => {
    const opened = await loadWindowAt(ann, conversationID, at(10).sequence);
    expect(opened).toMatchObject({ isOlderCompleted: true, isNewerCompleted: false });
    const last = await loadWindowAt(ann, conversationID, at(50).sequence);
    expect(last).toMatchObject({ isOlderCompleted: false, isNewerCompleted: true });
    expect(ids(last.messages)).toEqual(ids(history.slice(36)));
  });
});

describe('loadPageAfter', () => {
  it('loads the page after the newest message given, and says when it reaches the live end', async () => {
    const middle = await loadPageAfter(ann, conversationID, history.slice(10, 25));
    expect(ids(middle.messages)).toEqual(ids(history.slice(25, 40)));
    expect(middle.isCompleted).toBe(false);

    const end = await loadPageAfter(ann, conversationID, history.slice(30, 50));
    expect(ids(end.messages)).toEqual(ids(history.slice(50)));
    expect(end.isCompleted).toBe(true);
  });
});

describe('LiveBacklog', () => {
  it('gives back, once, the messages kept that are newer than the end of the window', () => {
    const backlog = new LiveBacklog();
    backlog.keep(history.slice(40, 50));
    backlog.keep(history.slice(50));

    expect(ids(backlog.takeAfter(history.slice(30, 45)))).toEqual(ids(history.slice(45)));
    expect(backlog.takeAfter(history.slice(30, 45))).toEqual([]);
  });

  it('forgets what it kept when cleared', () => {
    const backlog = new LiveBacklog();
    backlog.keep(history.slice(50));
    backlog.clear();
    expect(backlog.takeAfter([])).toEqual([]);
  });
});
