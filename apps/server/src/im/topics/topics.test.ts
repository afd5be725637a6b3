import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, errorCode, nextEvent, wholeHistory } from '../../integration/harness';
import { serverWithTabs } from '../../integration/tabs';

/**
 * Communities with topics through the SDK against a real server: creating, listing, changing and
 * deleting topics, a topic's own conversation (history, unread, @-info), the pushes every member
 * gets, and each refusal with nothing changed.
 */

const { EVENT, TYPES } = LiaisonChat;
const { user } = serverWithTabs();

async function community(owner: Chat, name: string, members: string[]): Promise<string> {
  const { data } = await owner.createGroup({
    type: TYPES.GRP_COMMUNITY,
    name,
    isSupportTopic: true,
    memberList: members.map((userID) => ({ userID })),
  });
  return data.group.groupID;
}

async function topicsOf(chat: Chat, groupID: string) {
  return (await chat.getTopicList({ groupID, topicIDList: undefined })).data.successTopicList;
}

function sendText(chat: Chat, to: string, text: string, atUserList?: string[]) {
  const message = atUserList
    ? chat.createTextAtMessage({ to, conversationType: TYPES.CONV_GROUP, payload: { text, atUserList } })
    : chat.createTextMessage({ to, conversationType: TYPES.CONV_GROUP, payload: { text } });
  return chat.sendMessage(message);
}

describe('communities that support topics', () => {
  it('createGroup makes a community with an @TGS#_ ID and isSupportTopic; getJoinedCommunityList lists only such', async () => {
    const owner = await user('tp-owner1');
    const groupID = await community(owner, 'Hikers', []);
    expect(groupID.startsWith('@TGS#_')).toBe(true);
    const plain = await owner.createGroup({ type: TYPES.GRP_COMMUNITY, name: 'No topics' });
    expect(plain.data.group.isSupportTopic).toBe(false);
    const work = await owner.createGroup({ type: TYPES.GRP_WORK, name: 'Work', isSupportTopic: true });
    expect(work.data.group.isSupportTopic).toBe(false);
    const { data } = await owner.getJoinedCommunityList();
    expect(data.groupList.map((g) => g.groupID)).toEqual([groupID]);
    expect(data.groupList[0]?.isSupportTopic).toBe(true);
  });

  it('no group but a community may take an ID starting with @TGS#_ (2602), and nothing is created', async () => {
    const owner = await user('tp-owner2');
    const asPublic = owner.createGroup({ type: TYPES.GRP_PUBLIC, name: 'x', groupID: '@TGS#_mine' });
    expect(await errorCode(asPublic)).toBe(ErrorCode.ILLEGAL_GRP_ID);
    expect((await owner.getGroupList()).data.groupList).toEqual([]);
    const custom = await owner.createGroup({ type: TYPES.GRP_COMMUNITY, name: 'x', groupID: '@TGS#_mine' });
    expect(custom.data.group.groupID).toBe('@TGS#_mine');
  });
});

describe('topics', () => {
  it('the owner creates topics; every member gets TOPIC_CREATED and lists them with Tencent’s fields', async () => {
    const owner = await user('tp-owner3');
    const member = await user('tp-member3');
    const groupID = await community(owner, 'Club', ['tp-member3']);
    const created = nextEvent<{ groupID: string; topicID: string }>(member, EVENT.TOPIC_CREATED);
    const { data } = await owner.createTopicInCommunity({
      groupID,
      topicName: 'General',
      notification: 'Be kind',
      introduction: 'Talk here',
      customData: 'c1',
    });
    expect(data.topicID.startsWith(`${groupID}@TOPIC#_`)).toBe(true);
    expect(await created).toEqual({ groupID, topicID: data.topicID });
    const custom = `${groupID}@TOPIC#_news`;
    expect((await owner.createTopicInCommunity({ groupID, topicName: 'News', topicID: custom })).data.topicID).toBe(
      custom,
    );
    const topics = await topicsOf(member, groupID);
    expect(topics.map((t) => t.topicName)).toEqual(['General', 'News']);
    expect(topics[0]).toMatchObject({
      topicID: data.topicID,
      notification: 'Be kind',
      introduction: 'Talk here',
      customData: 'c1',
      unreadCount: 0,
      muteAllMembers: false,
      groupAtInfoList: [],
      nextMessageSeq: 1,
      selfInfo: { readedSequence: 0, messageRemindType: TYPES.MSG_REMIND_ACPT_AND_NOTE },
    });
    const some = await member.getTopicList({ groupID, topicIDList: [custom, `${groupID}@TOPIC#_none`] });
    expect(some.data.successTopicList.map((t) => t.topicID)).toEqual([custom]);
    expect(some.data.failureTopicList).toEqual([
      { topicID: `${groupID}@TOPIC#_none`, code: ErrorCode.GROUP_NOT_FOUND, message: 'The topic does not exist' },
    ]);
  });

  it('an admin creates topics; refused: a member (10007), a malformed or foreign topic ID (3021), a non-member listing (10011)', async () => {
    const owner = await user('tp-owner4');
    const member = await user('tp-member4');
    const outsider = await user('tp-outsider4');
    const groupID = await community(owner, 'Club', ['tp-member4']);
    expect(await errorCode(member.createTopicInCommunity({ groupID, topicName: 'Mine' }))).toBe(
      ErrorCode.GROUP_NO_PERMISSION,
    );
    expect(await errorCode(owner.createTopicInCommunity({ groupID, topicName: 'x', topicID: 'plain' }))).toBe(
      ErrorCode.ILLEGAL_TOPIC_ID,
    );
    const other = await community(owner, 'Other', []);
    const foreign = owner.createTopicInCommunity({ groupID, topicName: 'x', topicID: `${other}@TOPIC#_x` });
    expect(await errorCode(foreign)).toBe(ErrorCode.ILLEGAL_TOPIC_ID);
    expect(await errorCode(outsider.getTopicList({ groupID, topicIDList: undefined }))).toBe(
      ErrorCode.GROUP_NOT_MEMBER,
    );
    const plain = await owner.createGroup({ type: TYPES.GRP_COMMUNITY, name: 'No topics' });
    const noTopics = owner.createTopicInCommunity({ groupID: plain.data.group.groupID, topicName: 'x' });
    expect(await errorCode(noTopics)).toBe(ErrorCode.GROUP_INVALID_PARAMS);
    expect(await topicsOf(owner, groupID)).toEqual([]);
    await owner.setGroupMemberRole({ groupID, userID: 'tp-member4', role: TYPES.GRP_MBR_ROLE_ADMIN });
    await member.createTopicInCommunity({ groupID, topicName: 'By an admin' });
    expect((await topicsOf(owner, groupID)).map((t) => t.topicName)).toEqual(['By an admin']);
  });

  it('a topic is a conversation of its own: live to members, its history, unread and @-info, not in the conversation list', async () => {
    const owner = await user('tp-owner5');
    const member = await user('tp-member5');
    const groupID = await community(owner, 'Club', ['tp-member5']);
    const { topicID } = (await owner.createTopicInCommunity({ groupID, topicName: 'General' })).data;
    await topicsOf(member, groupID);
    expect(await errorCode(sendText(owner, groupID, 'to the community'))).toBe(ErrorCode.MSG_SEND_GRP_WITH_TOPIC_FAIL);

    const conversationID = `GROUP${topicID}`;
    const arrived = nextEvent<Message[]>(member, EVENT.MESSAGE_RECEIVED);
    const updated = nextEvent<{ groupID: string; topic: { unreadCount: number } }>(
      member,
      EVENT.TOPIC_UPDATED,
      (d) => d.topic.unreadCount === 1,
    );
    await sendText(owner, topicID, 'hello topic', ['tp-member5']);
    const [message] = await arrived;
    expect(message).toMatchObject({ conversationID, conversationType: TYPES.CONV_GROUP, to: topicID });
    expect((await updated).groupID).toBe(groupID);

    const [topic] = await topicsOf(member, groupID);
    expect(topic).toMatchObject({ unreadCount: 1, nextMessageSeq: 2 });
    expect(topic?.lastMessage).toMatchObject({
      fromAccount: 'tp-owner5',
      messageForShow: 'hello topic',
      lastSequence: 1,
    });
    expect(topic?.groupAtInfoList).toHaveLength(1);
    expect((await wholeHistory(member, conversationID)).map((m) => m.payload)).toEqual([{ text: 'hello topic' }]);
    const profile = (await member.getConversationProfile(conversationID)).data.conversation;
    expect(profile.type).toBe(TYPES.CONV_TOPIC);
    const listed = (await member.getConversationList()).data.conversationList.map((c) => c.conversationID);
    expect(listed).not.toContain(conversationID);

    await member.setMessageRead({ conversationID });
    const [read] = await topicsOf(member, groupID);
    expect(read).toMatchObject({ unreadCount: 0, groupAtInfoList: [], selfInfo: { readedSequence: 1 } });
  });

  it('updateTopicProfile: the owner’s change reaches members as TOPIC_UPDATED; a member may not (10007)', async () => {
    const owner = await user('tp-owner6');
    const member = await user('tp-member6');
    const groupID = await community(owner, 'Club', ['tp-member6']);
    const { topicID } = (await owner.createTopicInCommunity({ groupID, topicName: 'General' })).data;
    await topicsOf(member, groupID);
    const pushed = nextEvent<{ groupID: string; topic: { topicName: string } }>(member, EVENT.TOPIC_UPDATED);
    const { data } = await owner.updateTopicProfile({ groupID, topicID, topicName: 'Lobby', muteAllMembers: true });
    expect(data.topic).toMatchObject({ topicID, topicName: 'Lobby', muteAllMembers: true });
    expect(await pushed).toMatchObject({ groupID, topic: { topicName: 'Lobby' } });
    expect(await errorCode(sendText(member, topicID, 'muted'))).toBe(ErrorCode.GROUP_MEMBER_MUTED);
    expect(await errorCode(member.updateTopicProfile({ groupID, topicID, topicName: 'Mine' }))).toBe(
      ErrorCode.GROUP_NO_PERMISSION,
    );
    expect((await topicsOf(owner, groupID))[0]?.topicName).toBe('Lobby');
  });

  it('deleteTopicFromCommunity answers success and failure lists; members get TOPIC_DELETED; who leaves loses the topics', async () => {
    const owner = await user('tp-owner7');
    const member = await user('tp-member7');
    const groupID = await community(owner, 'Club', ['tp-member7']);
    const a = (await owner.createTopicInCommunity({ groupID, topicName: 'A' })).data.topicID;
    const b = (await owner.createTopicInCommunity({ groupID, topicName: 'B' })).data.topicID;
    await sendText(owner, b, 'kept');
    expect(await errorCode(member.deleteTopicFromCommunity({ groupID, topicIDList: [a] }))).toBe(
      ErrorCode.GROUP_NO_PERMISSION,
    );
    const deleted = nextEvent<{ groupID: string; topicIDList: string[] }>(member, EVENT.TOPIC_DELETED);
    const missing = `${groupID}@TOPIC#_gone`;
    const { data } = await owner.deleteTopicFromCommunity({ groupID, topicIDList: [a, missing] });
    expect(data).toEqual({
      successTopicList: [{ topicID: a }],
      failureTopicList: [{ topicID: missing, code: ErrorCode.GROUP_NOT_FOUND, message: 'The topic does not exist' }],
    });
    expect(await deleted).toEqual({ groupID, topicIDList: [a] });
    expect((await topicsOf(member, groupID)).map((t) => t.topicID)).toEqual([b]);

    await owner.deleteGroupMember({ groupID, userIDList: ['tp-member7'] });
    expect(await errorCode(member.getMessageList({ conversationID: `GROUP${b}` }))).toBeDefined();
    expect(await errorCode(sendText(member, b, 'after leaving'))).toBe(ErrorCode.GROUP_NOT_MEMBER);
  });
});
