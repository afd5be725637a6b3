import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, errorCode, sendText, useServer, wholeHistory } from '../../integration/harness';

/** getMessageListHopping through the SDK: history opened at a message, paged both ways. */

const { TYPES } = LiaisonChat;
const { user } = useServer();

describe('getMessageListHopping', () => {
  it('pages from a message both ways, oldest first, without gaps or repeats until isCompleted', async () => {
    const alice = await user('hop-alice');
    await user('hop-bob');
    await sendMany(alice, 'hop-bob', 100);
    const history = await wholeHistory(alice, 'C2Chop-bob');
    const pivot = nth(history, 39);

    const older = await hopAll(alice, 'C2Chop-bob', pivot.sequence, 0);
    const newer = await hopAll(alice, 'C2Chop-bob', pivot.sequence, 1);

    expect(older.pages.map((p) => p.length)).toEqual([15, 15, 10]);
    expect(newer.pages.map((p) => p.length)).toEqual([15, 15, 15, 15, 1]);
    expect(older.messages.at(-1)?.ID).toBe(pivot.ID);
    expect(newer.messages[0]?.ID).toBe(pivot.ID);
    expect([...older.messages, ...newer.messages.slice(1)]).toEqual(history);
    expect(older.completions).toEqual([false, false, true]);
    expect(newer.completions).toEqual([false, false, false, false, true]);
  });

  it('starts past the end of my range from its top, and before my first message from its start', async () => {
    const alice = await user('hop-clamp-alice');
    await user('hop-clamp-bob');
    await sendMany(alice, 'hop-clamp-bob', 20);
    const history = await wholeHistory(alice, 'C2Chop-clamp-bob');

    const newest = (await alice.getMessageListHopping({ conversationID: 'C2Chop-clamp-bob', sequence: 1e9 })).data;
    expect(newest.messageList).toEqual(history.slice(-15));
    const first = (
      await alice.getMessageListHopping({ conversationID: 'C2Chop-clamp-bob', sequence: 1, direction: 1, count: 5 })
    ).data;
    expect(first).toEqual({ messageList: history.slice(0, 5), isCompleted: false });
    const beyond = (
      await alice.getMessageListHopping({ conversationID: 'C2Chop-clamp-bob', sequence: 1e9, direction: 1 })
    ).data;
    expect(beyond).toEqual({ messageList: [], isCompleted: true });
    const notStarted = (await alice.getMessageListHopping({ conversationID: 'C2Chop-nobody', sequence: 1 })).data;
    expect(notStarted).toEqual({ messageList: [], isCompleted: true });
  });

  it('leaves out what I deleted (starting from its neighbours) and shows revoked messages as history does', async () => {
    const alice = await user('hop-del-alice');
    await user('hop-del-bob');
    await sendMany(alice, 'hop-del-bob', 30);
    const before = await wholeHistory(alice, 'C2Chop-del-bob');
    const deleted = before.slice(10, 13);
    await alice.deleteMessage(deleted);
    await alice.revokeMessage(nth(before, 20));
    const history = await wholeHistory(alice, 'C2Chop-del-bob');
    expect(history).toHaveLength(27);
    expect(history.find((m) => m.ID === nth(before, 20).ID)?.isRevoked).toBe(true);

    const from = nth(deleted, 1).sequence;
    const older = (await alice.getMessageListHopping({ conversationID: 'C2Chop-del-bob', sequence: from })).data;
    expect(older.messageList).toEqual(history.slice(0, 10));
    expect(older.isCompleted).toBe(true);
    const newer = await hopAll(alice, 'C2Chop-del-bob', from, 1);
    expect(newer.messages).toEqual(history.slice(10));
  });

  it('shows one who left a group nothing past the moment they left', async () => {
    const owner = await user('hop-owner');
    const member = await user('hop-member');
    await owner.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Hopping',
      groupID: 'hop-group',
      memberList: [{ userID: 'hop-member' }],
    });
    await sendMany(owner, 'hop-group', 20, 'GROUP');
    await member.quitGroup('hop-group');
    await sendMany(owner, 'hop-group', 5, 'GROUP');
    const seen = await wholeHistory(member, 'GROUPhop-group');
    expect(seen.some((m) => m.type === TYPES.MSG_TEXT && m.payload.text === 'message 20')).toBe(true);
    expect(seen.some((m) => m.type === TYPES.MSG_TEXT && m.payload.text === 'message 21')).toBe(false);

    const newer = await hopAll(member, 'GROUPhop-group', 1, 1);
    expect(newer.messages).toEqual(seen);
    const fromTop = (await member.getMessageListHopping({ conversationID: 'GROUPhop-group', sequence: 1e9 })).data;
    expect(fromTop.messageList).toEqual(seen.slice(-15));
  });

  it('opens a one-to-one chat at a message time, as Tencent’s SDK does, both ways, reading more than 15 as 15', async () => {
    const alice = await user('hop-time-alice');
    await user('hop-time-bob');
    await sendMany(alice, 'hop-time-bob', 5);
    // The next batch lands in a later second, so a time separates the two.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await sendMany(alice, 'hop-time-bob', 20);
    const history = await wholeHistory(alice, 'C2Chop-time-bob');
    const hop = async (options: { time: number; direction?: number; count?: number }) =>
      (await alice.getMessageListHopping({ conversationID: 'C2Chop-time-bob', ...options })).data;

    expect(await hop({ time: nth(history, 4).time })).toEqual({ messageList: history.slice(0, 5), isCompleted: true });
    const later = await hop({ time: nth(history, 5).time, direction: 1, count: 40 });
    expect(later).toEqual({ messageList: history.slice(5, 20), isCompleted: false });
    expect(await hop({ time: 0 })).toEqual({ messageList: history.slice(-15), isCompleted: false });
    expect(await hop({ time: nth(history, 0).time - 1 })).toEqual({ messageList: [], isCompleted: true });
    expect(await hop({ time: nth(history, 24).time + 1, direction: 1 })).toEqual({
      messageList: [],
      isCompleted: true,
    });
  });

  it('answers bad input and conversations I am not in with catalogue errors', async () => {
    const owner = await user('hop-bad-owner');
    const stranger = await user('hop-bad-stranger');
    await owner.createGroup({ type: TYPES.GRP_WORK, name: 'Closed', groupID: 'hop-closed' });
    const hop = (options: Parameters<Chat['getMessageListHopping']>[0]) => stranger.getMessageListHopping(options);

    expect(await errorCode(hop({ conversationID: 'C2Chop-bad-owner', sequence: 0 }))).toBe(ErrorCode.INVALID_PARAMS);
    expect(await errorCode(hop({ conversationID: 'C2Chop-bad-owner', sequence: 1, direction: 2 }))).toBe(
      ErrorCode.INVALID_PARAMS,
    );
    expect(await errorCode(hop({ conversationID: 'C2Chop-bad-owner', time: -1 }))).toBe(ErrorCode.INVALID_PARAMS);
    expect(await errorCode(hop({ conversationID: 'hop-bad-owner', sequence: 1 }))).toBe(ErrorCode.INVALID_PARAMS);
    expect(await errorCode(hop({ conversationID: 'GROUPhop-closed', sequence: 1 }))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    expect(await errorCode(hop({ conversationID: 'GROUPhop-missing', sequence: 1 }))).toBe(ErrorCode.GROUP_NOT_FOUND);
  });
});

function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index} in a list of ${list.length}`);
  return item;
}

async function sendMany(chat: Chat, to: string, count: number, type: 'C2C' | 'GROUP' = 'C2C'): Promise<void> {
  for (let i = 1; i <= count; i++) await sendText(chat, to, `message ${i}`, type);
}

/** Hops from a sequence until isCompleted, as a client scrolling one way would. */
async function hopAll(chat: Chat, conversationID: string, sequence: number, direction: 0 | 1) {
  const pages: Message[][] = [];
  const completions: boolean[] = [];
  let from = sequence;
  for (;;) {
    const page = (await chat.getMessageListHopping({ conversationID, sequence: from, direction })).data;
    pages.push(page.messageList);
    completions.push(page.isCompleted);
    if (page.isCompleted || page.messageList.length === 0) break;
    from = direction === 1 ? (page.messageList.at(-1)?.sequence ?? 0) + 1 : (page.messageList[0]?.sequence ?? 0) - 1;
  }
  const messages = direction === 1 ? pages.flat() : pages.toReversed().flat();
  return { pages, messages, completions };
}
