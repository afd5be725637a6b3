import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { errorCode, nextEvent, RawClient, sendText, useServer } from './harness';
import { befriend } from './relation-helpers';

const { TYPES } = LiaisonChat;
const { server, user } = useServer();

const RLO = '\u202e';
/** Every kind of bidi control at once: an override, an isolate, a mark, the Arabic letter mark. */
const spoof = (a: string, b: string) => `${a}${RLO}${b}\u2066\u200f\u061c`;
const shown = (a: string, b: string) => `${a}${b}`;

/** What a client that skips the SDK sends: the server's schemas are the boundary. */
async function raw(userID: string, op: string, body: unknown) {
  const client = await RawClient.open(server());
  await client.login(server(), userID);
  const answer = await client.request(op, body);
  client.close();
  expect(answer.error).toBeUndefined();
  return answer;
}

describe('bidi controls in names', () => {
  it('are taken out of a nick when stored, so others and message senders show it as typed', async () => {
    const mallory = await user('bidi-mallory');
    const victim = await user('bidi-victim');
    await mallory.updateMyProfile({ nick: `${RLO}gnp.exe\u2066\u200f` });
    expect((await mallory.getMyProfile()).data.nick).toBe('gnp.exe');
    const [seen] = (await victim.getUserProfile({ userIDList: ['bidi-mallory'] })).data;
    expect(seen?.nick).toBe('gnp.exe');
    const received = nextEvent<Array<{ nick: string }>>(victim, LiaisonChat.EVENT.MESSAGE_RECEIVED);
    await sendText(mallory, 'bidi-victim', 'look at this file');
    expect((await received)[0]?.nick).toBe('gnp.exe');
    const [row] = await server().db.query<{ nick: string }>("SELECT nick FROM users WHERE user_id = 'bidi-mallory'");
    expect(row?.nick).toBe('gnp.exe');
  });

  it('are taken out of a group name, also from a raw frame; a name of nothing else is refused', async () => {
    const owner = await user('bidi-owner');
    const group = (await owner.createGroup({ type: TYPES.GRP_PUBLIC, name: `\u2067${RLO}fdp.scr`, groupID: 'bidi-g' }))
      .data.group;
    expect(group.name).toBe('fdp.scr');
    const client = await RawClient.open(server());
    await client.login(server(), 'bidi-raw');
    const onlyControls = await client.request('createGroup', {
      type: 'Public',
      name: `${RLO}\u200e`,
      groupID: 'bidi-x',
    });
    client.close();
    expect(onlyControls.error?.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(await errorCode(owner.getGroupProfile({ groupID: 'bidi-x' }))).toBe(ErrorCode.GROUP_NOT_FOUND);
  });
});

describe('bidi controls in every other display string', () => {
  it('are taken out of a group name card, as the owner and the members see it', async () => {
    const owner = await user('bd-card-owner');
    const member = await user('bd-card-member');
    await owner.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Cards',
      groupID: 'bd-card',
      memberList: [{ userID: 'bd-card-member' }],
    });
    await raw('bd-card-member', 'setGroupMemberNameCard', { groupID: 'bd-card', nameCard: spoof('Anna ', 'AQ') });
    const [seen] = (await owner.getGroupMemberProfile({ groupID: 'bd-card', userIDList: ['bd-card-member'] })).data
      .memberList;
    expect(seen?.nameCard).toBe(shown('Anna ', 'AQ'));
    await member.setGroupMemberNameCard({ groupID: 'bd-card', nameCard: spoof('Anna ', 'QA') });
    const [again] = (await owner.getGroupMemberProfile({ groupID: 'bd-card', userIDList: ['bd-card-member'] })).data
      .memberList;
    expect(again?.nameCard).toBe(shown('Anna ', 'QA'));
  });

  it('are taken out of a self signature', async () => {
    const other = await user('bd-sig-other');
    await raw('bd-sig', 'updateMyProfile', { selfSignature: spoof('on ', 'leave') });
    const [seen] = (await other.getUserProfile({ userIDList: ['bd-sig'] })).data;
    expect(seen?.selfSignature).toBe(shown('on ', 'leave'));
  });

  it('are taken out of a custom status', async () => {
    const other = await user('bd-status-other');
    // Friends: a stranger is shown no status at all (docs/security.md "Online status").
    await befriend(other, await user('bd-status'));
    await raw('bd-status', 'setSelfStatus', { customStatus: spoof('in a ', 'meeting') });
    const { successUserList } = (await other.getUserStatus({ userIDList: ['bd-status'] })).data;
    expect(successUserList[0]?.customStatus).toBe(shown('in a ', 'meeting'));
  });

  it('are taken out of a group introduction and notification when the group is created', async () => {
    const owner = await user('bd-gc');
    await raw('bd-gc', 'createGroup', {
      type: 'Public',
      name: 'Intro',
      groupID: 'bd-gc-g',
      introduction: spoof('we ', 'trade'),
      notification: spoof('meet ', 'friday'),
    });
    const group = (await owner.getGroupProfile({ groupID: 'bd-gc-g' })).data.group;
    expect(group).toMatchObject({ introduction: shown('we ', 'trade'), notification: shown('meet ', 'friday') });
  });

  it('are taken out of a group name, introduction and notification when they are changed', async () => {
    const owner = await user('bd-gu');
    await owner.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Before', groupID: 'bd-gu-g' });
    await raw('bd-gu', 'updateGroupProfile', {
      groupID: 'bd-gu-g',
      name: spoof('fdp', '.scr'),
      introduction: spoof('we ', 'trade'),
      notification: spoof('meet ', 'friday'),
    });
    const group = (await owner.getGroupProfile({ groupID: 'bd-gu-g' })).data.group;
    expect(group).toMatchObject({
      name: shown('fdp', '.scr'),
      introduction: shown('we ', 'trade'),
      notification: shown('meet ', 'friday'),
    });
  });

  it('are taken out of a friend remark when a friend is added, accepted and updated', async () => {
    const alice = await user('bd-fr-alice');
    const bob = await user('bd-fr-bob');
    await raw('bd-fr-alice', 'addFriend', {
      to: 'bd-fr-bob',
      source: 'AddSource_Type_Web',
      remark: spoof('my ', 'bob'),
    });
    await raw('bd-fr-bob', 'acceptFriendApplication', {
      userID: 'bd-fr-alice',
      type: TYPES.SNS_APPLICATION_AGREE_AND_ADD,
      remark: spoof('ally ', 'A'),
    });
    const remarkOf = async (chat: typeof alice) => (await chat.getFriendList()).data.map((f) => f.remark);
    expect(await remarkOf(alice)).toEqual([shown('my ', 'bob')]);
    expect(await remarkOf(bob)).toEqual([shown('ally ', 'A')]);
    await raw('bd-fr-alice', 'updateFriend', { userID: 'bd-fr-bob', remark: spoof('old ', 'bob') });
    expect(await remarkOf(alice)).toEqual([shown('old ', 'bob')]);
  });

  it('are taken out of an uploaded file name: stored, delivered and downloaded without them', async () => {
    const sender = await user('bd-file-sender');
    const receiver = await user('bd-file-receiver');
    const received = nextEvent<Array<{ type: string; payload: { fileName: string; fileUrl: string } }>>(
      receiver,
      LiaisonChat.EVENT.MESSAGE_RECEIVED,
    );
    const message = sender.createFileMessage({
      to: 'bd-file-receiver',
      conversationType: TYPES.CONV_C2C,
      payload: { file: new File(['not an invoice'], `invoice${RLO}fdp.exe`, { type: 'application/octet-stream' }) },
    });
    await sender.sendMessage(message);
    const [file] = await received;
    expect(file?.payload.fileName).toBe('invoicefdp.exe');
    const download = await fetch(file?.payload.fileUrl ?? '');
    expect(download.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''invoicefdp.exe");
    // A client that skips the SDK gets the same: the grant stores the name without the override.
    await raw('bd-file-raw', 'createUpload', { kind: 'file', fileName: `invoice${RLO}fdp.exe`, size: 3 });
    const [row] = await server().db.query<{ file_name: string }>(
      "SELECT file_name FROM files WHERE owner_id = 'bd-file-raw'",
    );
    expect(row?.file_name).toBe('invoicefdp.exe');
  });
});
