import { AT_ALL } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, until, useServer } from '../../integration/harness';

/**
 * @-mentions in groups (docs/groups.md): the server keeps who was mentioned (one row per member
 * named, one for @all) and gives each member their unread mentions in groupAtInfoList, with the
 * reference's atType; reading past them clears them. Only the owner and admins mention everyone.
 */
const { TYPES } = LiaisonChat;
const { server, user } = useServer();

async function mention(chat: Chat, groupID: string, text: string, atUserList: string[]): Promise<Message> {
  const message = chat.createTextAtMessage({
    to: groupID,
    conversationType: TYPES.CONV_GROUP,
    payload: { text, atUserList },
  });
  return (await chat.sendMessage(message)).data.message;
}

/** The conversation's mentions as a fresh login has them from the server. */
async function mentionsFromServer(userID: string, groupID: string) {
  const chat = await user(userID);
  return (chat.conversationStore.get(`GROUP${groupID}`)?.groupAtInfoList ?? []).map((info) => ({
    atType: info.atType,
    from: info.from,
    messageSequence: info.messageSequence,
  }));
}

describe('@-mentions', () => {
  it('lists a member’s unread mentions with the reference’s atType, from the server, until they read past them', async () => {
    const owner = await user('at-owner');
    const ann = await user('at-ann');
    await user('at-ben');
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Mentions',
      groupID: 'at-group',
      memberList: [{ userID: 'at-ann' }, { userID: 'at-ben' }],
    });
    const me = await mention(owner, 'at-group', '@ann', ['at-ann']);
    const all = await mention(owner, 'at-group', '@all', [AT_ALL]);
    const both = await mention(owner, 'at-group', '@all @ann', [AT_ALL, 'at-ann']);

    expect(await mentionsFromServer('at-ann', 'at-group')).toEqual([
      { atType: TYPES.CONV_AT_ME, from: 'at-owner', messageSequence: me.sequence },
      { atType: TYPES.CONV_AT_ALL, from: 'at-owner', messageSequence: all.sequence },
      { atType: TYPES.CONV_AT_ALL_AT_ME, from: 'at-owner', messageSequence: both.sequence },
    ]);
    expect(await mentionsFromServer('at-ben', 'at-group')).toEqual([
      { atType: TYPES.CONV_AT_ALL, from: 'at-owner', messageSequence: all.sequence },
      { atType: TYPES.CONV_AT_ALL, from: 'at-owner', messageSequence: both.sequence },
    ]);
    // The sender is not mentioned by their own @all.
    expect(await mentionsFromServer('at-owner', 'at-group')).toEqual([]);

    await until(() => (ann.conversationStore.get('GROUPat-group')?.groupAtInfoList.length ?? 0) === 3, 5000, 'live');
    await ann.setMessageRead({ conversationID: 'GROUPat-group' });
    expect(ann.conversationStore.get('GROUPat-group')?.groupAtInfoList).toEqual([]);
    expect(await mentionsFromServer('at-ann', 'at-group')).toEqual([]);
  });

  it('drops @all from a member who is neither owner nor admin, and keeps their mentions of people', async () => {
    const owner = await user('aa-owner');
    const member = await user('aa-member');
    await owner.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Everyone?',
      groupID: 'aa-group',
      memberList: [{ userID: 'aa-member' }],
    });
    const sent = await mention(member, 'aa-group', '@all @owner', [AT_ALL, 'aa-owner']);
    expect(sent.atUserList).toEqual(['aa-owner']);
    expect(await mentionsFromServer('aa-owner', 'aa-group')).toEqual([
      { atType: TYPES.CONV_AT_ME, from: 'aa-member', messageSequence: sent.sequence },
    ]);
    const history = (await owner.getMessageList({ conversationID: 'GROUPaa-group' })).data.messageList;
    expect(history.at(-1)?.atUserList).toEqual(['aa-owner']);
  });

  it('mentions everyone of a 300-member group with one row, and nobody who joins later', async () => {
    const owner = await user('ab-owner');
    const seeded = Array.from({ length: 300 }, (_, i) => `ab-${i}`);
    await server().db.query(
      'INSERT INTO users (user_id, created_at, updated_at) SELECT unnest($1::text[]), 0, 0 ON CONFLICT DO NOTHING',
      [seeded],
    );
    await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Big',
      groupID: 'ab-group',
      memberList: seeded.map((userID) => ({ userID })),
    });
    const count = async () =>
      Number((await server().db.query<{ n: unknown }>('SELECT count(*) AS n FROM group_mentions'))[0]?.n);
    const before = await count();
    const all = await mention(owner, 'ab-group', 'announcement', [AT_ALL]);
    expect(await count()).toBe(before + 1);
    expect(await mentionsFromServer('ab-7', 'ab-group')).toEqual([
      { atType: TYPES.CONV_AT_ALL, from: 'ab-owner', messageSequence: all.sequence },
    ]);
    const late = await user('ab-late');
    await late.joinGroup({ groupID: 'ab-group' });
    expect(await mentionsFromServer('ab-late', 'ab-group')).toEqual([]);
  });
});
