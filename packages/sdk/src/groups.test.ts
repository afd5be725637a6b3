import { type GroupProfile, GroupTipOperation, type GroupTipPayload, GroupType, type OpName } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { type Group, GroupAPI } from './groups';
import { fromWire } from './message-model';
import type { MessageOf } from './message-types';

const ME = 'me';

function group(overrides: Partial<GroupProfile> = {}): Group {
  return {
    groupID: 'g1',
    name: 'Suppliers',
    type: 'Public',
    avatar: '',
    introduction: '',
    notification: '',
    ownerID: 'boss',
    createTime: 1,
    memberCount: 3,
    maxMemberCount: 6000,
    joinOption: 'NeedPermission',
    muteAllMembers: false,
    isSupportTopic: false,
    groupCustomField: [],
    infoSequence: 1,
    lastInfoTime: 0,
    nextMessageSeq: 1,
    lastMessage: { lastTime: 0, lastSequence: 0, fromAccount: '', messageForShow: '' },
    selfInfo: {
      userID: ME,
      role: 'Member',
      joinTime: 1,
      messageRemindType: 'AcceptAndNotify',
      nameCard: '',
      muteTime: 0,
    },
    ...overrides,
  };
}

function tip(payload: Partial<GroupTipPayload>, time = 1000): MessageOf<'TIMGroupTipElem'> {
  return fromWire(
    {
      ID: `tip-${time}`,
      conversationType: 'GROUP',
      from: '@TIM#SYSTEM',
      to: 'g1',
      type: 'TIMGroupTipElem',
      payload: {
        operatorID: 'boss',
        operationType: GroupTipOperation.MEMBER_JOIN,
        userIDList: [],
        nickList: [],
        newGroupProfile: null,
        memberNum: 3,
        ...payload,
      },
      atUserList: [],
      sequence: 5,
      time,
      clientTime: time,
      random: 1,
      nick: '',
      avatar: '',
      cloudCustomData: '',
      needReadReceipt: false,
      hasRiskContent: false,
      isRevoked: false,
      revoker: '',
      version: 0,
      changeSequence: 0,
    },
    ME,
  ) as MessageOf<'TIMGroupTipElem'>;
}

/** A group API whose list holds one group, recording what it reports. */
async function listed(initial: Group) {
  const lists: Group[][] = [];
  const changed: Group[] = [];
  const api = new GroupAPI({
    request: (async (op: OpName) => {
      if (op === 'getGroupList') return { groupList: [initial] };
      throw new Error(`unexpected ${op}`);
    }) as never,
    me: () => ME,
    onListChanged: (list) => lists.push(list),
    onGroupChanged: (g) => changed.push(g),
    onJoined: () => undefined,
    onError: (error) => {
      throw error;
    },
  });
  await api.load();
  return { api, lists, changed, current: () => api.get('g1') };
}

describe('the group list follows group tips', () => {
  it('takes profile changes and the member count from a tip, and tells the conversation', async () => {
    const { api, changed, current } = await listed(group());
    api.applyTip(
      tip({
        operationType: GroupTipOperation.GROUP_PROFILE_UPDATED,
        newGroupProfile: { name: 'Buyers', muteAllMembers: true, joinOption: 'FreeAccess' },
        memberNum: 4,
      }),
    );
    expect(current()).toMatchObject({ name: 'Buyers', muteAllMembers: true, joinOption: 'FreeAccess', memberCount: 4 });
    expect(changed.map((g) => g.name)).toEqual(['Buyers']);
  });

  it('makes me admin, owner or member as the tips say, and leaves others’ role changes to them', async () => {
    const { api, current } = await listed(group());
    api.applyTip(tip({ operationType: GroupTipOperation.SET_ADMIN, userIDList: ['someone-else'] }));
    expect(current()?.selfInfo?.role).toBe('Member');
    api.applyTip(tip({ operationType: GroupTipOperation.SET_ADMIN, userIDList: [ME] }));
    expect(current()?.selfInfo?.role).toBe('Admin');
    api.applyTip(tip({ operationType: GroupTipOperation.GROUP_PROFILE_UPDATED, newGroupProfile: { ownerID: ME } }));
    expect(current()).toMatchObject({ ownerID: ME, selfInfo: { role: 'Owner' } });
    api.applyTip(tip({ operationType: GroupTipOperation.GROUP_PROFILE_UPDATED, newGroupProfile: { ownerID: 'heir' } }));
    expect(current()).toMatchObject({ ownerID: 'heir', selfInfo: { role: 'Member' } });
  });

  it('mutes me from the tip’s time for the length it gives, and unmutes me with 0', async () => {
    const { api, current } = await listed(group());
    api.applyTip(
      tip(
        { operationType: GroupTipOperation.MEMBER_PROFILE_UPDATED, memberList: [{ userID: ME, muteTime: 600 }] },
        2000,
      ),
    );
    expect(current()?.selfInfo?.muteTime).toBe(2600);
    api.applyTip(
      tip({ operationType: GroupTipOperation.MEMBER_PROFILE_UPDATED, memberList: [{ userID: ME, muteTime: 0 }] }, 2100),
    );
    expect(current()?.selfInfo?.muteTime).toBe(0);
  });

  it('reports nothing for a tip that changes nothing it holds', async () => {
    const { api, lists, changed } = await listed(group());
    const before = lists.length;
    api.applyTip(
      tip({ operationType: GroupTipOperation.MEMBER_PROFILE_UPDATED, memberList: [{ userID: 'x', muteTime: 60 }] }),
    );
    expect(lists.length).toBe(before);
    expect(changed).toEqual([]);
  });
});

describe('creating a group', () => {
  it('lets the server choose the ID when the groupID is empty, as Tencent’s UI kit sends it', async () => {
    const asked: unknown[] = [];
    const api = new GroupAPI({
      request: (async (op: OpName, body: unknown) => {
        if (op !== 'createGroup') throw new Error(`unexpected ${op}`);
        asked.push(body);
        return { group: group({ groupID: '@TGS#2ASSIGNED' }) };
      }) as never,
      me: () => ME,
      onListChanged: () => undefined,
      onGroupChanged: () => undefined,
      onJoined: () => undefined,
      onError: (error) => {
        throw error;
      },
    });
    const { data } = await api.createGroup({ type: GroupType.WORK, name: 'Kit group', groupID: '' });
    expect(asked).toEqual([expect.objectContaining({ name: 'Kit group', groupID: undefined })]);
    expect(data.group.groupID).toBe('@TGS#2ASSIGNED');
  });
});
