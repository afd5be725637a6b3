import LiaisonChat, { type Conversation } from '@liaison/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, sendText, useServer } from '../../integration/harness';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

const { EVENT } = LiaisonChat;

const { server, user } = useServer();
let admin: RestClient;

beforeAll(() => {
  admin = new RestClient(server());
});

describe('openim/get_c2c_unread_msg_num and admin_set_msg_read', () => {
  it('answer the user’s unread counts, and marking read clears them on the user’s client', async () => {
    const alice = await user('rc-read-a');
    const carol = await user('rc-read-c');
    const bob = await user('rc-read-b');
    await sendText(alice, 'rc-read-b', 'one');
    await sendText(alice, 'rc-read-b', 'two');
    await sendText(carol, 'rc-read-b', 'three');
    const counts = await admin.call('openim/get_c2c_unread_msg_num', {
      To_Account: 'rc-read-b',
      Peer_Account: ['rc-read-a', 'rc-read-c', 'rc-read-none'],
    });
    expect(counts).toMatchObject({
      ActionStatus: 'OK',
      AllC2CUnreadMsgNum: 3,
      C2CUnreadMsgNumList: [
        { Peer_Account: 'rc-read-a', C2CUnreadMsgNum: 2 },
        { Peer_Account: 'rc-read-c', C2CUnreadMsgNum: 1 },
        { Peer_Account: 'rc-read-none', C2CUnreadMsgNum: 0 },
      ],
    });
    const cleared = nextEvent<Conversation[]>(bob, EVENT.CONVERSATION_LIST_UPDATED, (list) =>
      list.some((c) => c.conversationID === 'C2Crc-read-a' && c.unreadCount === 0),
    );
    const read = await admin.call('openim/admin_set_msg_read', {
      Report_Account: 'rc-read-b',
      Peer_Account: 'rc-read-a',
    });
    expect(read).toMatchObject({ ActionStatus: 'OK', ErrorCode: 0 });
    await cleared;
    const after = await admin.call('openim/get_c2c_unread_msg_num', { To_Account: 'rc-read-b' });
    expect(after).toMatchObject({ AllC2CUnreadMsgNum: 1 });
    expect(after).not.toHaveProperty('C2CUnreadMsgNumList');
  });

  it('refuse an account that does not exist (90008 / 90003), changing nothing', async () => {
    await user('rc-none-b');
    const before = await snapshotAll(server().db);
    const read = await admin.call('openim/admin_set_msg_read', { Report_Account: 'rc-none-b', Peer_Account: 'rc-x' });
    expect(read.ErrorCode).toBe(90003);
    const reader = await admin.call('openim/admin_set_msg_read', { Report_Account: 'rc-x', Peer_Account: 'rc-none-b' });
    expect(reader.ErrorCode).toBe(90008);
    const counts = await admin.call('openim/get_c2c_unread_msg_num', { To_Account: 'rc-nobody' });
    expect(counts.ErrorCode).toBe(90003);
    expect(await snapshotAll(server().db)).toEqual(before);
  });
});
