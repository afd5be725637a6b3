import LiaisonChat, { type Group } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, sendText } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * Group counters, attributes, pinned messages, custom fields and member marks with members on two
 * server processes (PostgreSQL + NATS): increments from both count, and every change reaches the
 * other process.
 */
const { EVENT, TYPES } = LiaisonChat;
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;

beforeAll(async () => {
  ({ p1, p2, stop: stopPair } = await startProcessPair(`liaison_gd_${process.pid}`, 1_400_777_037));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

describe('group data on two server processes', () => {
  it('counts increments made on both processes at once and tells members on each of every change', async () => {
    const owner = await tabs.userOn(p1, 'gd-owner');
    const member = await tabs.userOn(p2, 'gd-member');
    const groupID = 'gd-group';
    await owner.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Across', groupID, memberList: [{ userID: 'gd-member' }] });

    const reached = nextEvent<{ value: number }>(member, EVENT.GROUP_COUNTER_UPDATED, (d) => d.value === 40, 15_000);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? owner : member).increaseGroupCounter({ groupID, key: 'likes', value: 1 }),
      ),
    );
    await reached;
    expect((await owner.getGroupCounters({ groupID })).data.counters).toEqual({ likes: 40 });

    const attributes = nextEvent(member, EVENT.GROUP_ATTRIBUTES_UPDATED, undefined, 15_000);
    await owner.setGroupAttributes({ groupID, groupAttributes: { seat1: 'gd-owner' } });
    expect(await attributes).toMatchObject({
      groupID,
      groupAttributes: { seat1: 'gd-owner' },
      updatedKeyList: ['seat1'],
    });

    const message = await sendText(member, groupID, 'pinned across', 'GROUP');
    const pinned = nextEvent(member, EVENT.PINNED_GROUP_MESSAGE_UPDATED, undefined, 15_000);
    await owner.pinGroupMessage({ groupID, message, isPinned: true });
    expect(await pinned).toMatchObject({
      isPinned: true,
      message: { ID: message.ID },
      operatorInfo: { userID: 'gd-owner' },
    });
    expect((await member.getPinnedGroupMessageList(groupID)).data.messageList.map((m) => m.ID)).toEqual([message.ID]);
  });

  it('tells a member on the other process of a custom field change, and lists the members of a mark there', async () => {
    const owner = await tabs.userOn(p1, 'gd-cf-owner');
    const member = await tabs.userOn(p2, 'gd-cf-member');
    const groupID = 'gd-cf-group';
    await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Fields',
      groupID,
      memberList: [{ userID: 'gd-cf-member' }],
    });
    const told = nextEvent<Group[]>(
      member,
      EVENT.GROUP_LIST_UPDATED,
      (list) => list.some((g) => g.groupID === groupID && g.infoSequence === 2),
      15_000,
    );
    await owner.updateGroupProfile({ groupID, groupCustomField: [{ key: 'tier', value: 'gold' }] });
    expect((await told).find((g) => g.groupID === groupID)?.groupCustomField).toEqual([{ key: 'tier', value: 'gold' }]);

    await owner.markGroupMemberList({ groupID, userIDList: ['gd-cf-member'], markType: 1000, enableMark: true });
    const marked = (await member.getGroupMemberList({ groupID, filter: 1000 })).data.memberList;
    expect(marked.map((m) => [m.userID, m.markList])).toEqual([['gd-cf-member', [1000]]]);
  });
});
