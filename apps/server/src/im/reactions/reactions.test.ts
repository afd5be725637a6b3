import { ErrorCode, type LiaisonError, Limits } from '@liaison/protocol';
import LiaisonChat, { type Message, type MessageReaction } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, createGroupWith, errorCode, nextEvent, RawClient, startServer } from '../../integration/harness';
import { Tabs } from '../../integration/tabs';

/**
 * Message reactions through the SDK against a real server: what the reactor, their other tabs and
 * the other members see, live and after a reconnect, and every refusal.
 */

const { EVENT, TYPES } = LiaisonChat;
const SMILE = '[TUIEmoji_Smile]';
const HEART = '[TUIEmoji_Heart]';

let server: LiaisonServer;
const raws: RawClient[] = [];

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await tabs.closeAll();
  for (const raw of raws) raw.close();
  await server?.close();
});

const tabs = new Tabs();
const user = (userID: string) => tabs.directOn(server, userID);
const tabThatCanGoOffline = (userID: string) => tabs.tabThatCanGoOffline(server, userID);

type ReactionsUpdate = { conversationID: string; messageID: string; reactionList: MessageReaction[] };

function reactionsUpdated(chat: Chat, messageID: string, check: (list: MessageReaction[]) => boolean = () => true) {
  return nextEvent<ReactionsUpdate>(
    chat,
    EVENT.MESSAGE_REACTIONS_UPDATED,
    (d) => d.messageID === messageID && check(d.reactionList),
  );
}

/** Sends a text and waits until `to` has it; resolves with `to`'s copy. */
async function delivered(from: Chat, to: Chat, toID: string, text: string, type: 'C2C' | 'GROUP' = 'C2C') {
  const message = from.createTextMessage({ to: toID, conversationType: type, payload: { text } });
  const arrived = nextEvent<Message[]>(to, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.ID === message.ID));
  await from.sendMessage(message);
  const copy = (await arrived).find((m) => m.ID === message.ID) as Message;
  return { sent: message, copy };
}

async function reactionsOf(chat: Chat, message: Message, maxUserCountPerReaction?: number) {
  const { data } = await chat.getMessageReactions({ messageList: [message], maxUserCountPerReaction });
  return data.resultList.find((r) => r.messageID === message.ID)?.reactionList ?? [];
}

describe('reactions in a group', () => {
  it('a member reacts: their answer, their other tab and every member see the whole list, and a repeat changes nothing', async () => {
    const alice = await user('rx-alice');
    const bob = await user('rx-bob');
    const bobTab = await user('rx-bob');
    const carol = await user('rx-carol');
    await bob.updateMyProfile({ nick: 'Bob B.' });
    await createGroupWith(alice, 'rx-group', ['rx-bob', 'rx-carol']);
    const { sent, copy } = await delivered(alice, bob, 'rx-group', 'react to me', 'GROUP');

    const atAlice = reactionsUpdated(alice, sent.ID);
    const atCarol = reactionsUpdated(carol, sent.ID);
    const atBobTab = reactionsUpdated(bobTab, sent.ID);
    const atBob = reactionsUpdated(bob, sent.ID);
    const answer = await bob.addMessageReaction(copy, SMILE);
    expect(answer.data).toMatchObject({ message: copy, reactionID: SMILE });
    const bobListed = [{ userID: 'rx-bob', nick: 'Bob B.', avatar: '' }];
    expect(copy.reactionList).toEqual([
      { reactionID: SMILE, totalUserCount: 1, reactedByMyself: true, partialUserList: bobListed },
    ]);
    for (const [seen, mine] of [
      [await atAlice, false],
      [await atCarol, false],
      [await atBobTab, true],
      [await atBob, true],
    ] as const) {
      expect(seen).toEqual({
        conversationID: 'GROUPrx-group',
        messageID: sent.ID,
        reactionList: [{ reactionID: SMILE, totalUserCount: 1, reactedByMyself: mine, partialUserList: bobListed }],
      });
    }

    // Carol adds a second reaction and the same one; the list keeps the order of first use.
    await carol.addMessageReaction({ ...copy }, HEART);
    const both = reactionsUpdated(alice, sent.ID, (list) => list[0]?.totalUserCount === 2);
    await carol.addMessageReaction({ ...copy }, SMILE);
    expect((await both).reactionList.map((r) => [r.reactionID, r.totalUserCount])).toEqual([
      [SMILE, 2],
      [HEART, 1],
    ]);

    // Reacting again is idempotent: counted once.
    await bob.addMessageReaction(copy, SMILE);
    expect(await reactionsOf(alice, sent)).toEqual([
      {
        reactionID: SMILE,
        totalUserCount: 2,
        reactedByMyself: false,
        partialUserList: [bobListed[0], { userID: 'rx-carol', nick: '', avatar: '' }],
      },
      {
        reactionID: HEART,
        totalUserCount: 1,
        reactedByMyself: false,
        partialUserList: [{ userID: 'rx-carol', nick: '', avatar: '' }],
      },
    ]);
    expect((await reactionsOf(carol, sent)).map((r) => r.reactedByMyself)).toEqual([true, true]);
    // maxUserCountPerReaction bounds the listed reactors, not the count.
    expect((await reactionsOf(alice, sent, 1))[0]).toMatchObject({
      totalUserCount: 2,
      partialUserList: [bobListed[0]],
    });
  });

  it('a member takes a reaction back: everyone sees it gone, and removing it again changes nothing', async () => {
    const alice = await user('ru-alice');
    const bob = await user('ru-bob');
    await createGroupWith(alice, 'ru-group', ['ru-bob']);
    const { sent, copy } = await delivered(alice, bob, 'ru-group', 'changing my mind', 'GROUP');
    await bob.addMessageReaction(copy, SMILE);
    const gone = reactionsUpdated(alice, sent.ID, (list) => list.length === 0);
    const answer = await bob.removeMessageReaction(copy, SMILE);
    expect(answer.data.message.reactionList).toEqual([]);
    expect(await gone).toMatchObject({ conversationID: 'GROUPru-group', reactionList: [] });
    await bob.removeMessageReaction(copy, SMILE);
    expect(await reactionsOf(alice, sent)).toEqual([]);
    expect(await reactionsOf(bob, copy)).toEqual([]);
  });

  it('a tab that was offline shows the reactions made meanwhile once it is back', async () => {
    const alice = await user('rr-alice');
    const away = await tabThatCanGoOffline('rr-bob');
    await createGroupWith(alice, 'rr-group', ['rr-bob']);
    const { sent, copy } = await delivered(alice, away.chat, 'rr-group', 'while you were out', 'GROUP');
    const back = nextEvent<{ state: string }>(
      away.chat,
      EVENT.NET_STATE_CHANGE,
      (d) => d.state === 'connected',
      15_000,
    );
    away.goOffline();
    await alice.addMessageReaction(sent, HEART);
    await back;
    expect(await reactionsOf(away.chat, copy)).toEqual([
      {
        reactionID: HEART,
        totalUserCount: 1,
        reactedByMyself: false,
        partialUserList: [{ userID: 'rr-alice', nick: '', avatar: '' }],
      },
    ]);
    // And from there on it follows live again.
    const live = reactionsUpdated(away.chat, sent.ID, (list) => list.length === 0);
    await alice.removeMessageReaction(sent, HEART);
    expect((await live).reactionList).toEqual([]);
  });

  it('refuses an 11th distinct reaction (60045) while the 10 it has can still be added', async () => {
    const alice = await user('rl-alice');
    const bob = await user('rl-bob');
    await createGroupWith(alice, 'rl-group', ['rl-bob']);
    const { sent, copy } = await delivered(alice, bob, 'rl-group', 'so many feelings', 'GROUP');
    const ten = Array.from({ length: Limits.REACTIONS_PER_MESSAGE_MAX }, (_, i) => `[r${i}]`);
    for (const reactionID of ten) await alice.addMessageReaction(sent, reactionID);

    const refusal = await bob.addMessageReaction(copy, '[r10]').catch((error: LiaisonError) => error);
    expect(refusal).toMatchObject({
      code: ErrorCode.REACTION_LIMIT,
      message: 'You have reached the max reaction limit',
    });
    await bob.addMessageReaction(copy, '[r3]');
    const list = await reactionsOf(bob, copy);
    expect(list.map((r) => r.reactionID)).toEqual(ten);
    expect(list.find((r) => r.reactionID === '[r3]')).toMatchObject({ totalUserCount: 2, reactedByMyself: true });
    // Once one is gone, a new one has room.
    for (const who of [alice, bob]) await who.removeMessageReaction(who === alice ? sent : copy, '[r3]');
    await bob.addMessageReaction(copy, '[r10]');
    expect((await reactionsOf(alice, sent)).map((r) => r.reactionID)).toContain('[r10]');
  });

  it('counts the 101st reactor though only 100 are ever listed, paged by at most 100', async () => {
    const owner = await user('rm-owner');
    const reactorIDs = Array.from({ length: 101 }, (_, i) => `rm-u${String(i).padStart(3, '0')}`);
    // Bare protocol clients: 101 reactors, in the order of their IDs.
    const reactors: RawClient[] = [];
    for (const userID of reactorIDs) {
      const raw = await RawClient.open(server);
      raws.push(raw);
      reactors.push(raw);
      expect((await raw.login(server, userID)).ok).toBe(true);
    }
    await createGroupWith(owner, 'rm-group', reactorIDs);
    const sent = owner.createTextMessage({ to: 'rm-group', conversationType: 'GROUP', payload: { text: 'react!' } });
    await owner.sendMessage(sent);
    for (const [i, raw] of reactors.entries()) {
      const answer = await raw.request('addMessageReaction', {
        conversationID: 'GROUPrm-group',
        messageID: sent.ID,
        reactionID: SMILE,
      });
      expect(answer.ok, `reactor ${i}`).toBe(true);
    }
    const last = reactors[100] as RawClient;
    const lastAnswer = await last.request('getMessageReactions', {
      conversationID: 'GROUPrm-group',
      messageIDList: [sent.ID],
    });
    expect(lastAnswer.data).toMatchObject({
      resultList: [{ reactionList: [{ reactionID: SMILE, totalUserCount: 101, reactedByMyself: true }] }],
    });

    const [summary] = await reactionsOf(owner, sent);
    expect(summary).toMatchObject({ totalUserCount: 101, reactedByMyself: false });
    expect(summary?.partialUserList.map((u) => u.userID)).toEqual(reactorIDs.slice(0, 10));

    const whole = await owner.getAllUserListOfMessageReaction({ message: sent, reactionID: SMILE });
    expect(whole.data.userList.map((u) => u.userID)).toEqual(reactorIDs.slice(0, 100));
    expect(whole.data.isCompleted).toBe(true);

    const listed: string[] = [];
    let nextSeq = 0;
    for (let pages = 0; pages < 10; pages++) {
      const page = await owner.getAllUserListOfMessageReaction({
        message: sent,
        reactionID: SMILE,
        nextSeq,
        count: 40,
      });
      listed.push(...page.data.userList.map((u) => u.userID));
      if (page.data.isCompleted) break;
      nextSeq = page.data.nextSeq;
    }
    expect(listed).toEqual(reactorIDs.slice(0, 100));
    // The 101st takes it back: the count follows exactly.
    await last.request('removeMessageReaction', {
      conversationID: 'GROUPrm-group',
      messageID: sent.ID,
      reactionID: SMILE,
    });
    expect((await reactionsOf(owner, sent))[0]?.totalUserCount).toBe(100);
  }, 60_000);

  it('refuses non-members (10011), revoked messages and group tips, and never-stored messages in the SDK', async () => {
    const alice = await user('rn-alice');
    const bob = await user('rn-bob');
    const eve = await user('rn-eve');
    await createGroupWith(alice, 'rn-group', ['rn-bob']);
    const { sent, copy } = await delivered(alice, bob, 'rn-group', 'members only', 'GROUP');

    expect(await errorCode(eve.addMessageReaction({ ...sent }, SMILE))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    expect(await errorCode(eve.getMessageReactions({ messageList: [{ ...sent }] }))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    expect(await errorCode(eve.getAllUserListOfMessageReaction({ message: { ...sent }, reactionID: SMILE }))).toBe(
      ErrorCode.GROUP_NOT_MEMBER,
    );

    const tips = await alice.getMessageList({ conversationID: 'GROUPrn-group' });
    const tip = tips.data.messageList.find((m) => m.type === TYPES.MSG_GRP_TIP) as Message;
    expect(await errorCode(alice.addMessageReaction(tip, SMILE))).toBe(ErrorCode.INVALID_PARAMS);

    await bob.addMessageReaction(copy, SMILE);
    await alice.revokeMessage(sent);
    expect(await errorCode(bob.addMessageReaction(copy, HEART))).toBe(ErrorCode.INVALID_PARAMS);
    // A revoked message shows no reactions.
    expect(await reactionsOf(bob, copy)).toEqual([]);

    const unsent = alice.createTextMessage({ to: 'rn-group', conversationType: 'GROUP', payload: { text: 'draft' } });
    expect(await errorCode(alice.addMessageReaction(unsent, SMILE))).toBe(ErrorCode.INVALID_PARAMS);
    expect(await errorCode(alice.addMessageReaction({ ...copy, ID: 'rn-bob-1-1' }, SMILE))).toBe(
      ErrorCode.MESSAGE_NOT_FOUND,
    );
  });
});

describe('reactions in a one-to-one chat', () => {
  it('both sides and the reactor’s other tab see it, each under the conversation as they know it', async () => {
    const alice = await user('rc-alice');
    const aliceTab = await user('rc-alice');
    const bob = await user('rc-bob');
    const { sent, copy } = await delivered(alice, bob, 'rc-bob', 'hi bob');
    const atAlice = reactionsUpdated(alice, sent.ID);
    const atAliceTab = reactionsUpdated(aliceTab, sent.ID);
    await bob.addMessageReaction(copy, HEART);
    expect(await atAlice).toMatchObject({ conversationID: 'C2Crc-bob', reactionList: [{ reactedByMyself: false }] });
    expect(await atAliceTab).toMatchObject({ conversationID: 'C2Crc-bob' });

    const atBob = reactionsUpdated(bob, sent.ID, (list) => list.length === 1 && list[0]?.totalUserCount === 2);
    await alice.addMessageReaction(sent, HEART);
    expect(await atBob).toMatchObject({
      conversationID: 'C2Crc-alice',
      reactionList: [{ reactionID: HEART, totalUserCount: 2, reactedByMyself: true }],
    });
    // A third user is not in this chat: the message is not there for them.
    const carol = await user('rc-carol');
    expect(await errorCode(carol.addMessageReaction({ ...sent, conversationID: 'C2Crc-alice' }, HEART))).toBe(
      ErrorCode.MESSAGE_NOT_FOUND,
    );
  });
});
