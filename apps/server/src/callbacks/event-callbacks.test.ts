import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { type Chat, connect, createGroupWith, sendText, startServer, until } from '../integration/harness';
import { CallbackEndpoint, type ReceivedCallback } from './test-endpoint';

const { TYPES } = LiaisonChat;

describe('callbacks of other events', () => {
  let endpoint: CallbackEndpoint;
  let server: LiaisonServer;
  const chats: Chat[] = [];
  const user = async (userID: string) => {
    const chat = await connect(server, userID);
    chats.push(chat);
    return chat;
  };
  /** The first callback of `command` that `match` accepts, once it has arrived. */
  const arrived = async (command: string, match: (callback: ReceivedCallback) => boolean) => {
    await until(() => endpoint.of(command).some(match), 5000, command);
    return endpoint.of(command).find(match)?.body;
  };

  beforeAll(async () => {
    endpoint = await CallbackEndpoint.start();
    server = await startServer(undefined, {
      callbacks: { url: endpoint.url },
      presence: { offlineGraceMs: 50 },
    });
  });
  afterAll(async () => {
    await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
    await server.close();
    await endpoint.close();
  });

  it('reports a group created, members invited, quitting and removed', async () => {
    const owner = await user('ev-owner');
    const [carol, dave] = [await user('ev-carol'), await user('ev-dave')];
    await createGroupWith(owner, 'ev-group', ['ev-carol'], TYPES.GRP_PUBLIC);
    expect(await arrived('Group.CallbackAfterCreateGroup', (c) => c.body.GroupId === 'ev-group')).toMatchObject({
      Type: 'Public',
      Owner_Account: 'ev-owner',
      Name: 'ev-group',
      MemberList: [{ Member_Account: 'ev-owner' }, { Member_Account: 'ev-carol' }],
    });
    await owner.addGroupMember({ groupID: 'ev-group', userIDList: ['ev-dave'] });
    expect(await arrived('Group.CallbackAfterNewMemberJoin', (c) => c.body.GroupId === 'ev-group')).toMatchObject({
      JoinType: 'Invited',
      Operator_Account: 'ev-owner',
      NewMemberList: [{ Member_Account: 'ev-dave' }],
    });
    await carol.quitGroup('ev-group');
    const isQuit = (c: ReceivedCallback) => c.body.ExitType === 'Quit';
    expect(await arrived('Group.CallbackAfterMemberExit', isQuit)).toMatchObject({
      GroupId: 'ev-group',
      Operator_Account: 'ev-carol',
      ExitMemberList: [{ Member_Account: 'ev-carol' }],
    });
    await owner.deleteGroupMember({ groupID: 'ev-group', userIDList: ['ev-dave'] });
    const isKick = (c: ReceivedCallback) => c.body.ExitType === 'Kicked';
    expect(await arrived('Group.CallbackAfterMemberExit', isKick)).toMatchObject({
      Operator_Account: 'ev-owner',
      ExitMemberList: [{ Member_Account: 'ev-dave' }],
    });
    expect(dave).toBeDefined();
  });

  it('reports friendships made by accepting a request, and ended', async () => {
    const [erin, frank] = [await user('ev-erin'), await user('ev-frank')];
    await erin.addFriend({ to: 'ev-frank', source: 'AddSource_Type_Web' });
    expect(endpoint.of('Sns.CallbackFriendAdd').filter((c) => JSON.stringify(c.body).includes('ev-erin'))).toEqual([]);
    await frank.acceptFriendApplication({ userID: 'ev-erin', type: TYPES.SNS_APPLICATION_AGREE_AND_ADD });
    const add = await arrived('Sns.CallbackFriendAdd', (c) => JSON.stringify(c.body).includes('ev-erin'));
    expect(add).toMatchObject({
      ClientCmd: 'friend_response',
      PairList: [
        { From_Account: 'ev-erin', To_Account: 'ev-frank', Initiator_Account: 'ev-erin' },
        { From_Account: 'ev-frank', To_Account: 'ev-erin', Initiator_Account: 'ev-erin' },
      ],
    });
    await erin.deleteFriend({ userIDList: ['ev-frank'], type: TYPES.SNS_DELETE_TYPE_BOTH });
    expect(await arrived('Sns.CallbackFriendDelete', (c) => JSON.stringify(c.body).includes('ev-erin'))).toMatchObject({
      ClientCmd: 'friend_delete',
      PairList: [
        { From_Account: 'ev-erin', To_Account: 'ev-frank' },
        { From_Account: 'ev-frank', To_Account: 'ev-erin' },
      ],
    });
  });

  it('reports a one-to-one message revoked with its MsgKey', async () => {
    const [gina] = [await user('ev-gina'), await user('ev-hank')];
    const sent = await sendText(gina, 'ev-hank', 'oops');
    await gina.revokeMessage(sent);
    expect(await arrived('C2C.CallbackAfterMsgWithDraw', (c) => c.body.From_Account === 'ev-gina')).toMatchObject({
      To_Account: 'ev-hank',
      MsgKey: `${sent.sequence}_${sent.random}_${sent.time}`,
    });
  });

  it('reports a user coming online and, after the grace, going offline', async () => {
    const ivy = await connect(server, 'ev-ivy');
    const ofIvy = (action: string) => (c: ReceivedCallback) =>
      (c.body.Info as { To_Account?: string; Action?: string }).To_Account === 'ev-ivy' &&
      (c.body.Info as { Action?: string }).Action === action;
    await arrived('State.StateChange', ofIvy('Login'));
    await ivy.logout();
    expect(await arrived('State.StateChange', ofIvy('Disconnect'))).toMatchObject({
      Info: { Action: 'Disconnect', To_Account: 'ev-ivy', Reason: 'LinkClose' },
    });
    expect(endpoint.of('State.StateChange').filter(ofIvy('Login'))).toHaveLength(1);
  });
});
