import LiaisonChat, { type Conversation } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { connect, createGroupWith, nextEvent, sendText, startServer, wholeHistory } from '../../integration/harness';
import { snapshotAll } from '../../integration/state-snapshot';
import { RestClient } from '../../rest-api/test-client';

let server: LiaisonServer;
let admin: RestClient;

beforeAll(async () => {
  server = await startServer();
  admin = new RestClient(server);
});
afterAll(() => server?.close());

interface Page {
  SessionItem: Array<{ Type: number; To_Account?: string; GroupId?: string; MsgTime: number; TopFlag: number }>;
  CompleteFlag: number;
  TimeStamp: number;
  StartIndex: number;
  TopTimeStamp: number;
  TopStartIndex: number;
}

const FIRST_PAGE = { TimeStamp: 0, StartIndex: 0, TopTimeStamp: 0, TopStartIndex: 0 };

describe('recentcontact/get_list', () => {
  it('answers the user’s conversations, one-to-one and group, with the pinned one first when asked', async () => {
    const owner = await connect(server, 'rc_owner');
    const peer = await connect(server, 'rc_peer');
    await sendText(peer, 'rc_owner', 'hello');
    await createGroupWith(owner, 'rc_group', ['rc_peer']);
    await sendText(owner, 'rc_group', 'to the group', 'GROUP');
    await owner.pinConversation({ conversationID: 'C2Crc_peer', isPinned: true });

    const withPinned = (await admin.call('recentcontact/get_list', {
      From_Account: 'rc_owner',
      ...FIRST_PAGE,
      AssistFlags: 1,
    })) as unknown as Page;
    expect(withPinned).toMatchObject({ ActionStatus: 'OK', CompleteFlag: 1 });
    expect(withPinned.SessionItem.map(({ MsgTime: _, ...item }) => item)).toEqual([
      { Type: 1, To_Account: 'rc_peer', TopFlag: 1 },
      { Type: 2, GroupId: 'rc_group', TopFlag: 0 },
    ]);
    const plain = (await admin.call('recentcontact/get_list', {
      From_Account: 'rc_owner',
      ...FIRST_PAGE,
      AssistFlags: 0,
    })) as unknown as Page;
    expect(plain.SessionItem.every((item) => item.TopFlag === 0)).toBe(true);
    expect(plain.SessionItem.map((item) => item.To_Account ?? item.GroupId).sort()).toEqual(['rc_group', 'rc_peer']);
    await Promise.all([owner.logout(), peer.logout()]);
  });

  it('pages a long list by Tencent’s cursor, each conversation once, until CompleteFlag 1', async () => {
    const peers = Array.from({ length: 120 }, (_, i) => `rc_many_${i}`);
    for (let start = 0; start < peers.length; start += 100) {
      await admin.call('im_open_login_svc/multiaccount_import', { Accounts: peers.slice(start, start + 100) });
    }
    const busy = await connect(server, 'rc_busy');
    for (const peer of peers) await sendText(busy, peer, 'hi');

    const seen: string[] = [];
    let cursor = { TimeStamp: 0, StartIndex: 0 };
    let pages = 0;
    for (;;) {
      const page = (await admin.call('recentcontact/get_list', {
        From_Account: 'rc_busy',
        ...FIRST_PAGE,
        ...cursor,
        AssistFlags: 7,
      })) as unknown as Page;
      pages += 1;
      seen.push(...page.SessionItem.map((item) => item.To_Account ?? ''));
      if (page.CompleteFlag === 1) break;
      cursor = { TimeStamp: page.TimeStamp, StartIndex: page.StartIndex };
    }
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual([...peers].sort());
    await busy.logout();
  });

  it('refuses an account that does not exist (50001) and a body without its fields (50002)', async () => {
    expect(
      await admin.call('recentcontact/get_list', { From_Account: 'rc_nobody', ...FIRST_PAGE, AssistFlags: 0 }),
    ).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: 50001 });
    expect(await admin.call('recentcontact/get_list', { From_Account: 'rc_owner' })).toMatchObject({
      ActionStatus: 'FAIL',
      ErrorCode: 50002,
    });
  });
});

describe('recentcontact/delete', () => {
  it('takes the conversation out of the user’s list, and their client hears of it', async () => {
    const alice = await connect(server, 'rcd_alice');
    const bob = await connect(server, 'rcd_bob');
    await sendText(bob, 'rcd_alice', 'one');
    const updated = nextEvent<Conversation[]>(alice, LiaisonChat.EVENT.CONVERSATION_LIST_UPDATED, (list) =>
      list.every((conversation) => conversation.conversationID !== 'C2Crcd_bob'),
    );
    expect(
      await admin.call('recentcontact/delete', { From_Account: 'rcd_alice', Type: 1, To_Account: 'rcd_bob' }),
    ).toMatchObject({ ActionStatus: 'OK', ErrorCode: 0 });
    await updated;
    const page = (await admin.call('recentcontact/get_list', {
      From_Account: 'rcd_alice',
      ...FIRST_PAGE,
      AssistFlags: 0,
    })) as unknown as Page;
    expect(page.SessionItem).toEqual([]);
    // Without ClearRamble the history stays.
    expect((await wholeHistory(alice, 'C2Crcd_bob')).map((message) => message.payload)).toEqual([{ text: 'one' }]);
    await Promise.all([alice.logout(), bob.logout()]);
  });

  it('with ClearRamble 1 clears the user’s history of it too, a group’s as well', async () => {
    const carol = await connect(server, 'rcd_carol');
    const dave = await connect(server, 'rcd_dave');
    await createGroupWith(carol, 'rcd_group', ['rcd_dave']);
    await sendText(carol, 'rcd_group', 'before', 'GROUP');
    expect(
      await admin.call('recentcontact/delete', {
        From_Account: 'rcd_dave',
        Type: 2,
        ToGroupid: 'rcd_group',
        ClearRamble: 1,
      }),
    ).toMatchObject({ ActionStatus: 'OK' });
    await sendText(carol, 'rcd_group', 'after', 'GROUP');
    expect((await wholeHistory(dave, 'GROUPrcd_group')).map((message) => message.payload)).toEqual([{ text: 'after' }]);
    // To_Groupid, the name Liaison read before, still names the group.
    expect(
      await admin.call('recentcontact/delete', { From_Account: 'rcd_dave', Type: 2, To_Groupid: 'rcd_group' }),
    ).toMatchObject({ ActionStatus: 'OK' });
    // Carol's history is hers: untouched.
    const carols = (await wholeHistory(carol, 'GROUPrcd_group')).map((message) => message.payload);
    expect(carols).toEqual(expect.arrayContaining([{ text: 'before' }, { text: 'after' }]));
    await Promise.all([carol.logout(), dave.logout()]);
  });

  it('refuses a Type it does not know or a group without ToGroupid, and changes nothing', async () => {
    const before = await snapshotAll(server.db);
    expect(
      await admin.call('recentcontact/delete', { From_Account: 'rcd_alice', Type: 3, To_Account: 'rcd_bob' }),
    ).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: 50002 });
    expect(
      await admin.call('recentcontact/delete', { From_Account: 'rcd_alice', Type: 2, To_Account: 'rcd_group' }),
    ).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: 50002 });
    expect(
      await admin.call('recentcontact/delete', { From_Account: 'rcd_nobody', Type: 1, To_Account: 'rcd_bob' }),
    ).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: 50001 });
    expect(await snapshotAll(server.db)).toEqual(before);
  });
});
