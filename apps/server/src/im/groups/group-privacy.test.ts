import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { errorCode, RawClient, useServer } from '../../integration/harness';

const { TYPES } = LiaisonChat;
const { server, user } = useServer();

const details = {
  introduction: 'What we talk about',
  notification: 'Members only: the meeting moved to Friday',
};

describe('what a non-member may read of a group', () => {
  it('shows a non-member nothing of a Work group, not even through a raw frame', async () => {
    const owner = await user('v-owner');
    const outsider = await user('v-outsider');
    await owner.createGroup({ type: TYPES.GRP_WORK, name: 'Board', groupID: 'v-work', ...details });
    expect(await errorCode(outsider.getGroupProfile({ groupID: 'v-work' }))).toBe(ErrorCode.GROUP_NO_PERMISSION);
    const client = await RawClient.open(server());
    await client.login(server(), 'v-outsider');
    const reply = await client.request('getGroupProfile', { groupID: 'v-work' });
    client.close();
    expect(reply).toEqual({ id: expect.any(Number), ok: false, error: expect.any(Object) });
    expect(JSON.stringify(reply)).not.toMatch(/Board|Friday|v-owner/);
    expect(await errorCode(outsider.getGroupMemberList({ groupID: 'v-work' }))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    expect(await errorCode(outsider.getGroupProfile({ groupID: 'v-nothing' }))).toBe(ErrorCode.GROUP_NOT_FOUND);
  });

  it.each([
    ['Public', TYPES.GRP_PUBLIC],
    ['Meeting', TYPES.GRP_MEETING],
    ['Community', TYPES.GRP_COMMUNITY],
    ['AVChatRoom', TYPES.GRP_AVCHATROOM],
  ])('shows a non-member the public card of a %s group, without notice, owner or members', async (_name, type) => {
    const owner = await user(`c-owner-${type}`);
    const outsider = await user(`c-outsider-${type}`);
    const groupID = `card-${type}`;
    await owner.createGroup({ type, name: 'Open house', groupID, avatar: '', ...details });
    const card = (await outsider.getGroupProfile({ groupID })).data.group;
    expect(card).toMatchObject({
      groupID,
      name: 'Open house',
      type,
      introduction: details.introduction,
      memberCount: 1,
      notification: '',
      ownerID: '',
      selfInfo: null,
    });
    expect(await errorCode(outsider.getGroupMemberList({ groupID }))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    // Members see it all.
    const full = (await owner.getGroupProfile({ groupID })).data.group;
    expect(full).toMatchObject({ notification: details.notification, ownerID: `c-owner-${type}` });
  });

  it('shows a non-member nothing of a group that refuses applications, and everything once they are in', async () => {
    const owner = await user('d-owner');
    const outsider = await user('d-outsider');
    await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Closed',
      groupID: 'd-closed',
      joinOption: TYPES.JOIN_OPTIONS_DISABLE_APPLY,
      ...details,
    });
    expect(await errorCode(outsider.getGroupProfile({ groupID: 'd-closed' }))).toBe(ErrorCode.GROUP_NO_PERMISSION);
    await owner.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Team',
      groupID: 'd-team',
      memberList: [{ userID: 'd-outsider' }],
      ...details,
    });
    const seen = (await outsider.getGroupProfile({ groupID: 'd-team' })).data.group;
    expect(seen).toMatchObject({ notification: details.notification, ownerID: 'd-owner', memberCount: 2 });
  });
});
