import LiaisonChat, { type Conversation, type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, nextEvent, until } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * A user's own conversation settings (issue 27) changed on a tab on one server process reach their
 * tab on the other (PostgreSQL + NATS): custom data, marks, conversation groups, the notification
 * setting for all messages, read-all, whose peer on the other process learns it, and cleared history.
 */
const { EVENT, TYPES } = LiaisonChat;
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;
const userOn = (server: ServerProcess, userID: string) => tabs.userOn(server, userID);

beforeAll(async () => {
  ({ p1, p2, stop: stopPair } = await startProcessPair('liaison_conv_settings', 1_400_777_036));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

const WAIT_MS = 30_000;

/** The next list event on `chat` with a conversation that passes `check`; `what` names it when it never comes. */
function updated(chat: Chat, what: string, check: (c: Conversation) => boolean): Promise<Conversation[]> {
  return nextEvent<Conversation[]>(chat, EVENT.CONVERSATION_LIST_UPDATED, (list) => list.some(check), WAIT_MS).catch(
    () => {
      throw new Error(`the other process's tab never showed ${what}`);
    },
  );
}

async function send(from: Chat, to: string, text: string): Promise<Message> {
  return (await from.sendMessage(from.createTextMessage({ to, conversationType: TYPES.CONV_C2C, payload: { text } })))
    .data.message;
}

describe('conversation settings across two processes', () => {
  it('reaches my tab on the other process live, and the peer there learns read-all', async () => {
    const onA = await userOn(p1, 'cs-me');
    const onB = await userOn(p2, 'cs-me');
    const peer = await userOn(p2, 'cs-peer');
    const sent = await send(peer, 'cs-me', 'hello');
    await until(() => onA.conversationStore.get('C2Ccs-peer')?.unreadCount === 1, WAIT_MS, 'the message on A');
    await until(() => onB.conversationStore.get('C2Ccs-peer') !== undefined, WAIT_MS, 'the message on B');

    const data = updated(
      onB,
      'custom data and a mark',
      (c) => c.customData === 'pinned-note' && c.markList.includes(TYPES.CONV_MARK_TYPE_STAR),
    );
    await onA.setConversationCustomData({ conversationIDList: ['C2Ccs-peer'], customData: 'pinned-note' });
    await onA.markConversation({
      conversationIDList: ['C2Ccs-peer'],
      markType: TYPES.CONV_MARK_TYPE_STAR,
      enableMark: true,
    });
    await data;

    const groupList = nextEvent<string[]>(onB, EVENT.CONVERSATION_GROUP_LIST_UPDATED, () => true, WAIT_MS);
    await onA.createConversationGroup({ groupName: 'Friends', conversationIDList: ['C2Ccs-peer'] });
    expect(await groupList).toEqual(['Friends']);
    expect(onB.conversationStore.get('C2Ccs-peer')?.conversationGroupList).toEqual(['Friends']);

    const opt = nextEvent<{ messageRemindType: string }>(
      onB,
      EVENT.ALL_RECEIVE_MESSAGE_OPT_UPDATED,
      () => true,
      WAIT_MS,
    );
    await onA.setAllReceiveMessageOpt({ messageRemindType: TYPES.MSG_REMIND_DISCARD });
    expect((await opt).messageRemindType).toBe(TYPES.MSG_REMIND_DISCARD);

    const read = updated(onB, 'read all', (c) => c.conversationID === 'C2Ccs-peer' && c.unreadCount === 0);
    const readByPeer = nextEvent<Message[]>(peer, EVENT.MESSAGE_READ_BY_PEER, () => true, WAIT_MS);
    await onA.setAllMessageRead();
    await read;
    expect((await readByPeer).map((m) => m.ID)).toEqual([sent.ID]);

    const cleared = updated(
      onB,
      'the history cleared',
      (c) => c.conversationID === 'C2Ccs-peer' && c.lastMessage.ID === '',
    );
    await onA.clearHistoryMessage('C2Ccs-peer');
    await cleared;
    expect((await onB.getMessageList({ conversationID: 'C2Ccs-peer' })).data.messageList).toEqual([]);
    expect((await peer.getMessageList({ conversationID: 'C2Ccs-me' })).data.messageList.map((m) => m.ID)).toEqual([
      sent.ID,
    ]);
  });
});
