import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { errorCode, nextEvent, RawClient, sendText, useServer } from './harness';

const { TYPES } = LiaisonChat;
const { server, user } = useServer();

const RLO = '\u202e';

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
