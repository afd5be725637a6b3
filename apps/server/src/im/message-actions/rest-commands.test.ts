import LiaisonChat, { type Message } from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Chat, nextEvent, useServer, wholeHistory } from '../../integration/harness';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

const { EVENT } = LiaisonChat;

const { server, user } = useServer();
let admin: RestClient;

beforeAll(() => {
  admin = new RestClient(server());
});

async function pair(prefix: string): Promise<[Chat, Chat]> {
  return [await user(`${prefix}-a`), await user(`${prefix}-b`)];
}

/** Sends a text from `<prefix>-a` to `<prefix>-b` through the REST API; answers its MsgKey. */
async function restSend(prefix: string, Text: string, random = 5): Promise<string> {
  const answer = await admin.call('openim/sendmsg', {
    From_Account: `${prefix}-a`,
    To_Account: `${prefix}-b`,
    MsgRandom: random,
    MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text } }],
  });
  expect(answer.ErrorCode).toBe(0);
  return answer.MsgKey as string;
}

describe('openim/admin_msgwithdraw', () => {
  it('revokes the message its MsgKey names, and the recipient’s client sees it revoked', async () => {
    const [, bob] = await pair('ra-wd');
    const key = await restSend('ra-wd', 'oops');
    const revoked = nextEvent<Message[]>(bob, EVENT.MESSAGE_REVOKED);
    const answer = await admin.call('openim/admin_msgwithdraw', {
      From_Account: 'ra-wd-a',
      To_Account: 'ra-wd-b',
      MsgKey: key,
    });
    expect(answer).toMatchObject({ ActionStatus: 'OK', ErrorCode: 0 });
    expect((await revoked)[0]?.isRevoked).toBe(true);
    const [stored] = await wholeHistory(bob, 'C2Cra-wd-a');
    expect(stored?.isRevoked).toBe(true);
    const again = await admin.call('openim/admin_msgwithdraw', {
      From_Account: 'ra-wd-a',
      To_Account: 'ra-wd-b',
      MsgKey: key,
    });
    expect(again).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: 20023 });
  });

  it('revokes each recipient’s copy of a batch send by its one MsgKey', async () => {
    const [, bob] = await pair('ra-wdb');
    const carol = await user('ra-wdb-c');
    const batch = await admin.call('openim/batchsendmsg', {
      From_Account: 'ra-wdb-a',
      To_Account: ['ra-wdb-b', 'ra-wdb-c'],
      MsgRandom: 321,
      MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text: 'to both' } }],
    });
    for (const To_Account of ['ra-wdb-b', 'ra-wdb-c']) {
      const answer = await admin.call('openim/admin_msgwithdraw', {
        From_Account: 'ra-wdb-a',
        To_Account,
        MsgKey: batch.MsgKey,
      });
      expect(answer.ErrorCode).toBe(0);
    }
    expect((await wholeHistory(bob, 'C2Cra-wdb-a'))[0]?.isRevoked).toBe(true);
    expect((await wholeHistory(carol, 'C2Cra-wdb-a'))[0]?.isRevoked).toBe(true);
  });

  it('refuses a MsgKey of no message of the two accounts (20022) and changes nothing', async () => {
    await pair('ra-wdx');
    const key = await restSend('ra-wdx', 'kept');
    const before = await snapshotAll(server().db);
    const withdraw = (body: object) =>
      admin.call('openim/admin_msgwithdraw', { From_Account: 'ra-wdx-a', To_Account: 'ra-wdx-b', ...body });
    expect((await withdraw({ MsgKey: '999_5_1' })).ErrorCode).toBe(20022);
    // The recipient did not send it.
    expect((await withdraw({ MsgKey: key, From_Account: 'ra-wdx-b', To_Account: 'ra-wdx-a' })).ErrorCode).toBe(20022);
    expect((await withdraw({ MsgKey: 'not-a-key' })).ErrorCode).toBe(90001);
    expect((await withdraw({ MsgKey: key, To_Account: 'ra-nobody' })).ErrorCode).toBe(90003);
    expect((await withdraw({ MsgKey: key, From_Account: 'ra-nobody' })).ErrorCode).toBe(90008);
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});

describe('openim/modify_c2c_msg', () => {
  it('changes the text and CloudCustomData of the message, and the recipient’s client sees the change', async () => {
    const [, bob] = await pair('ra-mod');
    const key = await restSend('ra-mod', 'first draft');
    const modified = nextEvent<Message[]>(bob, EVENT.MESSAGE_MODIFIED);
    const answer = await admin.call('openim/modify_c2c_msg', {
      From_Account: 'ra-mod-a',
      To_Account: 'ra-mod-b',
      MsgKey: key,
      MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text: 'final' } }],
      CloudCustomData: 'edited',
    });
    expect(answer).toMatchObject({ ActionStatus: 'OK', ErrorCode: 0 });
    expect((await modified)[0]).toMatchObject({ payload: { text: 'final' }, cloudCustomData: 'edited' });
    const onlyData = await admin.call('openim/modify_c2c_msg', {
      From_Account: 'ra-mod-a',
      To_Account: 'ra-mod-b',
      MsgKey: key,
      CloudCustomData: 'again',
    });
    expect(onlyData.ErrorCode).toBe(0);
    const [stored] = await wholeHistory(bob, 'C2Cra-mod-a');
    expect(stored).toMatchObject({ payload: { text: 'final' }, cloudCustomData: 'again' });
  });

  it('refuses another type of content (90001) and an unknown MsgKey (90054), changing nothing', async () => {
    await pair('ra-modx');
    const key = await restSend('ra-modx', 'text');
    const before = await snapshotAll(server().db);
    const modify = (body: object) =>
      admin.call('openim/modify_c2c_msg', { From_Account: 'ra-modx-a', To_Account: 'ra-modx-b', MsgKey: key, ...body });
    const face = [{ MsgType: 'TIMFaceElem', MsgContent: { Index: 1 } }];
    expect((await modify({ MsgBody: face })).ErrorCode).toBe(90001);
    expect((await modify({ MsgKey: '1_1_1', CloudCustomData: 'x' })).ErrorCode).toBe(90054);
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});
