import { GroupTipOperation, type GroupTipPayload, SYSTEM_SENDER } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { openDatabase } from '../../db/open';
import { getMessagesAfter } from '../messages/history';
import { resolveConversation } from '../messages/keys';
import { MessageWriter } from '../messages/message-writer';
import { ensureUser, updateProfile } from '../profiles/users';
import { groupTips, sendGroupTip } from './group-tips';
import { createGroup } from './groups';

/** The tips the group administration ops will send: stored in the group like any message. */
let db: Database;
let writer: MessageWriter;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl: null, dataDir: null });
  writer = new MessageWriter(
    db,
    async () => {},
    (err) => {
      throw err;
    },
  );
  for (const userID of ['gt-owner', 'gt-ann', 'gt-ben']) await ensureUser(db, userID);
  await updateProfile(db, 'gt-ann', { nick: 'Ann' });
  await createGroup(db, 'gt-owner', {
    type: 'Public',
    name: 'tips',
    groupID: 'gt-group',
    memberList: [{ userID: 'gt-ann' }, { userID: 'gt-ben' }],
  });
});

afterAll(async () => {
  await writer.drain();
  await db.close();
});

async function tips(): Promise<GroupTipPayload[]> {
  const ref = resolveConversation('gt-owner', 'GROUPgt-group');
  if (!ref) throw new Error('bad conversation');
  const { messageList } = await getMessagesAfter(db, 'gt-owner', ref, 0);
  for (const m of messageList) expect(m).toMatchObject({ type: 'TIMGroupTipElem', from: SYSTEM_SENDER });
  return messageList.map((m) => m.payload as GroupTipPayload);
}

describe('group tips for the administration ops', () => {
  it('stores kick, role and profile tips in order, with the nicks of the people named', async () => {
    const deps = { db, writer };
    await groupTips.kicked(deps, 'gt-group', 'gt-owner', ['gt-ann']);
    await groupTips.roleChanged(deps, 'gt-group', 'gt-owner', ['gt-ben'], true);
    await groupTips.roleChanged(deps, 'gt-group', 'gt-owner', ['gt-ben'], false);
    await groupTips.groupProfileChanged(deps, 'gt-group', 'gt-owner', { name: 'renamed', muteAllMembers: true });
    await groupTips.memberProfileChanged(deps, 'gt-group', 'gt-ben', ['gt-ben']);
    const stored = await tips();
    expect(stored.map((t) => t.operationType)).toEqual([
      GroupTipOperation.MEMBER_KICKED_OUT,
      GroupTipOperation.SET_ADMIN,
      GroupTipOperation.CANCEL_ADMIN,
      GroupTipOperation.GROUP_PROFILE_UPDATED,
      GroupTipOperation.MEMBER_PROFILE_UPDATED,
    ]);
    expect(stored[0]).toMatchObject({
      operatorID: 'gt-owner',
      userIDList: ['gt-ann'],
      nickList: ['Ann'],
      memberNum: 3,
    });
    expect(stored[3]).toMatchObject({ userIDList: [], newGroupProfile: { name: 'renamed', muteAllMembers: true } });
  });

  it('sends nothing to a group that does not exist', async () => {
    expect(
      await sendGroupTip({ db, writer }, 'gt-none', { operatorID: 'x', operationType: 1, userIDList: [] }),
    ).toBeNull();
  });
});
