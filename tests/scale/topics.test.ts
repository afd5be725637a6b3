import LiaisonChat, { type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * Community topics with the owner on one server process and a member on the other (PostgreSQL +
 * NATS): TOPIC_CREATED and a topic's message cross over, and the topic is stored on PostgreSQL.
 */
const { EVENT, TYPES } = LiaisonChat;
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;

beforeAll(async () => {
  ({ p1, p2, stop: stopPair } = await startProcessPair(`liaison_tp_${process.pid}`, 1_400_777_038));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

describe('topics on two server processes', () => {
  it('a topic made and written to on one process reaches a member on the other', async () => {
    const owner = await tabs.userOn(p1, 'xt-owner');
    const member = await tabs.userOn(p2, 'xt-member');
    const { data } = await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Across',
      isSupportTopic: true,
      memberList: [{ userID: 'xt-member' }],
    });
    const groupID = data.group.groupID;
    const created = nextEvent<{ groupID: string; topicID: string }>(member, EVENT.TOPIC_CREATED, () => true, 15_000);
    const { topicID } = (await owner.createTopicInCommunity({ groupID, topicName: 'General' })).data;
    expect(await created).toEqual({ groupID, topicID });

    const listed = await member.getTopicList({ groupID, topicIDList: undefined });
    expect(listed.data.successTopicList.map((t) => t.topicName)).toEqual(['General']);
    const message = owner.createTextMessage({
      to: topicID,
      conversationType: TYPES.CONV_GROUP,
      payload: { text: 'hi' },
    });
    const arrived = nextEvent<Message[]>(
      member,
      EVENT.MESSAGE_RECEIVED,
      (l) => l.some((m) => m.ID === message.ID),
      15_000,
    );
    await owner.sendMessage(message);
    const copy = (await arrived).find((m) => m.ID === message.ID);
    expect(copy).toMatchObject({ conversationID: `GROUP${topicID}`, payload: { text: 'hi' } });
    const [topic] = (await member.getTopicList({ groupID, topicIDList: [topicID] })).data.successTopicList;
    expect(topic).toMatchObject({ unreadCount: 1, lastMessage: { messageForShow: 'hi' } });
  });
});
