import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CallbackEndpoint } from '../../apps/server/src/callbacks/test-endpoint';
import { createGroupWith, sendText, until } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * Tencent's callbacks from two server processes on PostgreSQL + NATS, the users' tabs on different
 * processes: each event is posted once, by the process that performed it, never once per process.
 */
const { TYPES } = LiaisonChat;
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;
let endpoint: CallbackEndpoint;

beforeAll(async () => {
  endpoint = await CallbackEndpoint.start();
  ({
    p1,
    p2,
    stop: stopPair,
  } = await startProcessPair('liaison_callbacks', 1_400_777_091, {
    CALLBACK_URL: endpoint.url,
    PRESENCE_OFFLINE_GRACE_MS: '200',
  }));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
  await endpoint?.close();
});

it('posts each event once whichever process holds the users', async () => {
  const alice = await tabs.userOn(p1, 'cbs-alice');
  const bob = await tabs.userOn(p2, 'cbs-bob');
  const sent = await sendText(alice, 'cbs-bob', 'across processes');
  await createGroupWith(alice, 'cbs-group', ['cbs-bob']);
  await bob.quitGroup('cbs-group');
  await alice.addFriend({ to: 'cbs-bob', source: 'AddSource_Type_Web' });
  await bob.acceptFriendApplication({ userID: 'cbs-alice', type: TYPES.SNS_APPLICATION_AGREE_AND_ADD });
  await alice.revokeMessage(sent);
  const expected = [
    'C2C.CallbackBeforeSendMsg',
    'C2C.CallbackAfterSendMsg',
    'Group.CallbackAfterCreateGroup',
    'Group.CallbackAfterMemberExit',
    'Sns.CallbackFriendAdd',
    'C2C.CallbackAfterMsgWithDraw',
  ];
  await until(() => expected.every((command) => endpoint.of(command).length > 0), 10_000, 'callbacks');
  // The database is this test's own: every callback posted comes from the events above.
  // Long enough for a second process's copy to have arrived, were there one.
  await new Promise((r) => setTimeout(r, 1000));
  for (const command of expected) {
    expect(endpoint.of(command), command).toHaveLength(1);
  }
  const logins = (userID: string) =>
    endpoint.of('State.StateChange').filter((c) => JSON.stringify(c.body.Info).includes(`"To_Account":"${userID}"`));
  expect(logins('cbs-alice')).toHaveLength(1);
  expect(logins('cbs-bob')).toHaveLength(1);
});
