import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, errorCode, nextEvent, sendText, until, useServer } from '../../integration/harness';

const { EVENT, TYPES } = LiaisonChat;
const { server, user } = useServer();

type Conversation = Awaited<ReturnType<Chat['getConversationList']>>['data']['conversationList'][number];

async function conversation(chat: Chat, conversationID: string): Promise<Conversation | undefined> {
  const { data } = await chat.getConversationList([conversationID]);
  return data.conversationList[0];
}

function listed(chat: Chat, conversationID: string): Conversation | undefined {
  return chat.conversationStore.get(conversationID);
}

async function texts(chat: Chat, conversationID: string): Promise<string[]> {
  const { data } = await chat.getMessageList({ conversationID });
  return data.messageList.map((m) => (m.payload as { text?: string }).text ?? '');
}

describe('conversation settings (Tencent 3.6.6)', () => {
  it('clears my history of a one-to-one chat and a group, keeps the conversations, and leaves the others’ history', async () => {
    const alice = await user('ch-alice');
    const aliceTab = await user('ch-alice');
    const bob = await user('ch-bob');
    await sendText(alice, 'ch-bob', 'secret one');
    await sendText(bob, 'ch-alice', 'secret two');
    await alice.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Clear',
      groupID: 'ch-group',
      memberList: [{ userID: 'ch-bob' }],
    });
    await sendText(bob, 'ch-group', 'secret three', 'GROUP');
    await until(() => listed(alice, 'GROUPch-group')?.unreadCount === 1, 10_000, 'the group message');

    const otherTab = nextEvent<Conversation[]>(aliceTab, EVENT.CONVERSATION_LIST_UPDATED, (list) =>
      list.some((c) => c.conversationID === 'C2Cch-bob' && c.lastMessage.ID === ''),
    );
    expect(await alice.clearHistoryMessage('C2Cch-bob')).toEqual({ code: 0, data: { conversationID: 'C2Cch-bob' } });
    await alice.clearHistoryMessage('GROUPch-group');
    await otherTab;

    expect(await conversation(alice, 'C2Cch-bob')).toMatchObject({ unreadCount: 0, lastMessage: { ID: '' } });
    expect(await conversation(alice, 'GROUPch-group')).toMatchObject({ unreadCount: 0, lastMessage: { ID: '' } });
    expect(await texts(alice, 'C2Cch-bob')).toEqual([]);
    expect(await texts(alice, 'GROUPch-group')).toEqual([]);
    const found = await alice.searchCloudMessages({ keywordList: ['secret'] });
    expect(found.data.totalCount).toBe(0);
    expect(await texts(bob, 'C2Cch-alice')).toEqual(['secret one', 'secret two']);
    expect(await texts(bob, 'GROUPch-group')).toContain('secret three');

    // A new message shows as ever; a conversation not in the list is not found.
    await sendText(bob, 'ch-alice', 'after');
    expect(await texts(alice, 'C2Cch-bob')).toEqual(['after']);
    expect(await errorCode(alice.clearHistoryMessage('GROUPch-nowhere'))).toBe(ErrorCode.CONVERSATION_NOT_FOUND);
  });

  it('keeps a one-to-one chat I only ever received in, empty, after clearing it', async () => {
    const carol = await user('ch-carol');
    const dave = await user('ch-dave');
    await sendText(dave, 'ch-carol', 'only one way');
    await until(() => listed(carol, 'C2Cch-dave')?.unreadCount === 1, 10_000, 'the message');
    await carol.clearHistoryMessage('C2Cch-dave');
    expect(listed(carol, 'C2Cch-dave')).toMatchObject({ unreadCount: 0, lastMessage: { ID: '' } });
    expect(await conversation(carol, 'C2Cch-dave')).toMatchObject({ unreadCount: 0, lastMessage: { ID: '' } });
  });

  it('reads all one-to-one chats, then everything, and the peer sees MESSAGE_READ_BY_PEER with its messages', async () => {
    const alice = await user('ra-alice');
    const bob = await user('ra-bob');
    await alice.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Read',
      groupID: 'ra-group',
      memberList: [{ userID: 'ra-bob' }],
    });
    const readByPeer = nextEvent<Array<{ ID: string; isPeerRead: boolean }>>(bob, EVENT.MESSAGE_READ_BY_PEER);
    const first = await sendText(bob, 'ra-alice', 'one');
    const second = await sendText(bob, 'ra-alice', 'two');
    await sendText(bob, 'ra-group', 'three', 'GROUP');
    await until(() => alice.getTotalUnreadMessageCount() === 3, 10_000, 'three unread');

    expect(await alice.setAllMessageRead({ scope: TYPES.READ_ALL_C2C_MSG })).toEqual({ code: 0, data: {} });
    expect(listed(alice, 'C2Cra-bob')?.unreadCount).toBe(0);
    expect(listed(alice, 'GROUPra-group')?.unreadCount).toBe(1);
    const read = await readByPeer;
    expect(read.map((m) => m.ID)).toEqual([first.ID, second.ID]);
    expect(read.every((m) => m.isPeerRead)).toBe(true);

    await alice.setAllMessageRead();
    expect(alice.getTotalUnreadMessageCount()).toBe(0);
    expect((await conversation(alice, 'GROUPra-group'))?.unreadCount).toBe(0);
    expect(await errorCode(alice.setAllMessageRead({ scope: 'everything' }))).toBe(ErrorCode.INVALID_PARAMS);
  });

  it('keeps the notification setting for all messages per user, tells my other tabs, and has it after a new login', async () => {
    const carol = await user('ro-carol');
    const carolTab = await user('ro-carol');
    expect(await carol.getAllReceiveMessageOpt()).toEqual({
      code: 0,
      data: { messageRemindType: TYPES.MSG_REMIND_ACPT_AND_NOTE, startTime: 0, endTime: 0, isRepeated: false },
    });
    const told = nextEvent<Record<string, unknown>>(carolTab, EVENT.ALL_RECEIVE_MESSAGE_OPT_UPDATED);
    await carol.setAllReceiveMessageOpt({ startHour: 22, duration: 3600 });
    const start = new Date();
    start.setHours(22, 0, 0, 0);
    const startTime = Math.round(start.getTime() / 1000);
    const expected = {
      messageRemindType: TYPES.MSG_REMIND_ACPT_NOT_NOTE,
      startTime,
      endTime: startTime + 3600,
      isRepeated: true,
    };
    expect(await told).toEqual(expected);
    const again = await user('ro-carol');
    expect((await again.getAllReceiveMessageOpt()).data).toEqual(expected);
    expect(
      await errorCode(carol.setAllReceiveMessageOpt({ messageRemindType: 'Never' as typeof TYPES.MSG_REMIND_DISCARD })),
    ).toBe(ErrorCode.INVALID_PARAMS);
    expect((await again.getAllReceiveMessageOpt()).data).toEqual(expected);
  });

  it('refuses marks and custom data on a 1001st conversation with 51008, and still lets them be taken off', async () => {
    const fay = await user('cm-fay');
    await sendText(await user('cm-gus'), 'cm-fay', 'hello');
    await until(() => listed(fay, 'C2Ccm-gus') !== undefined);
    // 1000 earlier conversations with custom data, written directly: sending 1000 messages would only be slower.
    await server().db.query(
      `INSERT INTO user_conversations (user_id, conv_key, conv_type, target, custom_data, updated_at)
       SELECT 'cm-fay', 'cm-old-' || n, 'GROUP', 'cm-old-' || n, 'kept', 0 FROM generate_series(1, 1000) AS n`,
    );
    const star = { conversationIDList: ['C2Ccm-gus'], markType: TYPES.CONV_MARK_TYPE_STAR };
    expect(await errorCode(fay.markConversation({ ...star, enableMark: true }))).toBe(
      ErrorCode.CONVERSATION_GROUP_FULL,
    );
    expect(
      await errorCode(fay.setConversationCustomData({ conversationIDList: ['C2Ccm-gus'], customData: 'vip' })),
    ).toBe(ErrorCode.CONVERSATION_GROUP_FULL);
    expect(listed(fay, 'C2Ccm-gus')).toMatchObject({ markList: [], customData: '' });
    await fay.markConversation({ ...star, enableMark: false });
    await fay.setConversationCustomData({ conversationIDList: ['C2Ccm-gus'], customData: '' });

    await server().db.query(`UPDATE user_conversations SET custom_data = '' WHERE conv_key = 'cm-old-1'`);
    await fay.markConversation({ ...star, enableMark: true });
    expect(listed(fay, 'C2Ccm-gus')?.markList).toEqual([TYPES.CONV_MARK_TYPE_STAR]);
  });

  it('keeps custom data and marks on my conversations, filters by them, and my other tabs follow', async () => {
    const dan = await user('cd-dan');
    const danTab = await user('cd-dan');
    const erin = await user('cd-erin');
    await sendText(erin, 'cd-dan', 'hello');
    await until(() => listed(dan, 'C2Ccd-erin') !== undefined && listed(danTab, 'C2Ccd-erin') !== undefined);

    const customized = nextEvent<Conversation[]>(danTab, EVENT.CONVERSATION_LIST_UPDATED, (list) =>
      list.some((c) => c.customData === 'vip'),
    );
    const set = await dan.setConversationCustomData({
      conversationIDList: ['C2Ccd-erin', 'C2Ccd-nobody'],
      customData: 'vip',
    });
    expect(set.data.successConversationIDList).toEqual(['C2Ccd-erin']);
    expect(set.data.failureConversationIDList).toEqual([
      { conversationID: 'C2Ccd-nobody', code: ErrorCode.CONVERSATION_NOT_FOUND, message: expect.any(String) },
    ]);
    await customized;
    expect(
      await errorCode(
        dan.setConversationCustomData({ conversationIDList: ['C2Ccd-erin'], customData: 'x'.repeat(257) }),
      ),
    ).toBe(ErrorCode.INVALID_PARAMS);
    expect(listed(dan, 'C2Ccd-erin')?.customData).toBe('vip');

    const custom = 2 ** 40;
    const marked = nextEvent<Conversation[]>(danTab, EVENT.CONVERSATION_LIST_UPDATED, (list) =>
      list.some((c) => c.markList.includes(custom)),
    );
    await dan.markConversation({
      conversationIDList: ['C2Ccd-erin'],
      markType: TYPES.CONV_MARK_TYPE_STAR,
      enableMark: true,
    });
    await dan.markConversation({ conversationIDList: ['C2Ccd-erin'], markType: custom, enableMark: true });
    await marked;
    expect(listed(dan, 'C2Ccd-erin')?.markList).toEqual([TYPES.CONV_MARK_TYPE_STAR, custom]);
    expect((await dan.getConversationList({ markType: TYPES.CONV_MARK_TYPE_STAR })).data.conversationList).toHaveLength(
      1,
    );
    expect((await dan.getConversationList({ markType: TYPES.CONV_MARK_TYPE_HIDE })).data.conversationList).toEqual([]);
    await dan.markConversation({
      conversationIDList: ['C2Ccd-erin'],
      markType: TYPES.CONV_MARK_TYPE_STAR,
      enableMark: false,
    });
    expect(listed(dan, 'C2Ccd-erin')?.markList).toEqual([custom]);
    expect(
      await errorCode(dan.markConversation({ conversationIDList: ['C2Ccd-erin'], markType: 3, enableMark: true })),
    ).toBe(ErrorCode.INVALID_PARAMS);

    const fresh = await user('cd-dan');
    expect(await conversation(fresh, 'C2Ccd-erin')).toMatchObject({ customData: 'vip', markList: [custom] });
    expect((await conversation(erin, 'C2Ccd-dan'))?.customData).toBe('');
    expect(
      (await fresh.getConversationList({ hasUnreadCount: true, type: TYPES.CONV_C2C })).data.conversationList,
    ).toHaveLength(1);
    expect((await fresh.getConversationList([])).data.conversationList).toEqual([]);
  });

  it('groups conversations: create, add, remove, rename and delete, with Tencent’s events, limits and codes', async () => {
    const fay = await user('cg-fay');
    const fayTab = await user('cg-fay');
    const gus = await user('cg-gus');
    const hal = await user('cg-hal');
    await sendText(gus, 'cg-fay', 'from gus');
    await sendText(hal, 'cg-fay', 'from hal');
    await until(() => listed(fayTab, 'C2Ccg-hal') !== undefined && listed(fay, 'C2Ccg-hal') !== undefined);

    const listOnTab = nextEvent<string[]>(fayTab, EVENT.CONVERSATION_GROUP_LIST_UPDATED);
    const created = await fay.createConversationGroup({ groupName: 'Work', conversationIDList: ['C2Ccg-gus'] });
    expect(created.data).toEqual({ successConversationIDList: ['C2Ccg-gus'], failureConversationIDList: [] });
    expect(await listOnTab).toEqual(['Work']);
    expect(listed(fay, 'C2Ccg-gus')?.conversationGroupList).toEqual(['Work']);
    expect(await fay.getConversationGroupList()).toEqual({ code: 0, data: ['Work'] });

    const inGroup = nextEvent<{ groupName: string; conversationList: Conversation[] }>(
      fayTab,
      EVENT.CONVERSATION_IN_GROUP_UPDATED,
    );
    await fay.addConversationsToGroup({ groupName: 'Work', conversationIDList: ['C2Ccg-hal'] });
    const update = await inGroup;
    expect(update.groupName).toBe('Work');
    expect(update.conversationList.map((c) => c.conversationID).sort()).toEqual(['C2Ccg-gus', 'C2Ccg-hal']);
    expect((await fay.getConversationList({ groupName: 'Work' })).data.conversationList).toHaveLength(2);

    await fay.deleteConversationsFromGroup({ groupName: 'Work', conversationIDList: ['C2Ccg-gus'] });
    expect(listed(fay, 'C2Ccg-gus')?.conversationGroupList).toEqual([]);
    expect(
      (await fay.getConversationList({ groupName: '' })).data.conversationList.map((c) => c.conversationID),
    ).toEqual(['C2Ccg-gus']);

    await fay.renameConversationGroup({ oldName: 'Work', newName: 'Job' });
    await until(() => listed(fayTab, 'C2Ccg-hal')?.conversationGroupList[0] === 'Job', 10_000, 'the rename on the tab');
    expect(await errorCode(fay.renameConversationGroup({ oldName: 'Work', newName: 'X' }))).toBe(
      ErrorCode.CONVERSATION_GROUP_NOT_FOUND,
    );
    expect(await errorCode(fay.createConversationGroup({ groupName: 'Job', conversationIDList: ['C2Ccg-gus'] }))).toBe(
      ErrorCode.CONVERSATION_GROUP_EXISTS,
    );
    expect(
      await errorCode(fay.createConversationGroup({ groupName: 'x'.repeat(33), conversationIDList: ['C2Ccg-gus'] })),
    ).toBe(ErrorCode.CONVERSATION_GROUP_NAME_INVALID);

    for (let i = 1; i < 20; i++) {
      await fay.createConversationGroup({ groupName: `g${i}`, conversationIDList: ['C2Ccg-gus'] });
    }
    expect(await errorCode(fay.createConversationGroup({ groupName: 'g20', conversationIDList: ['C2Ccg-gus'] }))).toBe(
      ErrorCode.CONVERSATION_GROUP_LIMIT,
    );

    const fresh = await user('cg-fay');
    expect((await conversation(fresh, 'C2Ccg-hal'))?.conversationGroupList).toEqual(['Job']);
    await fay.deleteConversationGroup('Job');
    expect(listed(fay, 'C2Ccg-hal')?.conversationGroupList).toEqual([]);
    expect((await fay.getConversationGroupList()).data).not.toContain('Job');
    expect(await errorCode(fay.deleteConversationGroup('Job'))).toBe(ErrorCode.CONVERSATION_GROUP_NOT_FOUND);
  });

  it('deletes conversations in Tencent’s object form, keeping their history when asked', async () => {
    const ivy = await user('dc-ivy');
    const jon = await user('dc-jon');
    const kim = await user('dc-kim');
    await sendText(jon, 'dc-ivy', 'keep me');
    await sendText(kim, 'dc-ivy', 'drop me');
    await until(() => listed(ivy, 'C2Cdc-kim') !== undefined);

    expect(await ivy.deleteConversation({ conversationIDList: ['C2Cdc-jon'], clearHistoryMessage: false })).toEqual({
      code: 0,
      data: { conversationIDList: ['C2Cdc-jon'] },
    });
    expect(listed(ivy, 'C2Cdc-jon')).toBeUndefined();
    expect(await texts(ivy, 'C2Cdc-jon')).toEqual(['keep me']);
    expect(await ivy.deleteConversation('C2Cdc-kim')).toEqual({ code: 0, data: { conversationID: 'C2Cdc-kim' } });
    expect(await texts(ivy, 'C2Cdc-kim')).toEqual([]);
    expect((await ivy.getConversationList()).data.conversationList).toEqual([]);
    expect(await errorCode(ivy.deleteConversation({ conversationIDList: ['GROUPdc-none'] }))).toBe(
      ErrorCode.CONVERSATION_NOT_FOUND,
    );
  });

  it('accepts muting a group but for mentions, and refuses the topics-only remind type', async () => {
    const lea = await user('rt-lea');
    await lea.createGroup({ type: TYPES.GRP_WORK, name: 'Mute', groupID: 'rt-group', memberList: [] });
    const set = await lea.setMessageRemindType({
      groupID: 'rt-group',
      messageRemindType: TYPES.NOT_RECEIVE_OFFLINE_PUSH_EXCEPT_AT,
    });
    expect(set.data.conversation).toMatchObject({ messageRemindType: 'AcceptNotNotifyExceptAt', isMuted: true });
    expect(
      await errorCode(
        lea.setMessageRemindType({
          groupID: 'rt-group',
          messageRemindType: TYPES.NOT_RECEIVE_MSG_EXCEPT_AT as typeof TYPES.MSG_REMIND_DISCARD,
        }),
      ),
    ).toBe(ErrorCode.INVALID_PARAMS);
    expect((await conversation(lea, 'GROUPrt-group'))?.messageRemindType).toBe('AcceptNotNotifyExceptAt');
  });
});
