// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import { CallMediaType } from '@liaison/protocol';
import type { ChatSDK } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../apps/server/src/integration/harness';
import { fakeNotification } from '../test-support/fake-notification';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { CallNotifier } from './call-notifier';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Ben's notifier while he looks at none of his tabs. */
function notifierFor(ben: ChatSDK, Notification: typeof globalThis.Notification) {
  const notifier = new CallNotifier({
    engine: ben.getCallEngine(),
    me: ben.getLoginUser(),
    tabs: { isAnyTabAttended: () => false, claim: async () => true },
    describe: async (kind, call) => ({ title: call.inviterID, body: kind }),
    onClick: () => undefined,
    Notification,
  });
  notifier.start();
  return notifier;
}

describe('CallNotifier', () => {
  it('shows an invite, then replaces it with the cancel when the caller gives up', async () => {
    const ann = await server.connect('cn-ann');
    const ben = await server.connect('cn-ben');
    const { shown, Notification } = fakeNotification();
    const notifier = notifierFor(ben, Notification);

    const call = await ann.getCallEngine().call({ userID: 'cn-ben', type: CallMediaType.AUDIO });
    await until(() => shown.length === 1, 10_000, 'the invite notification');
    expect(shown[0]).toMatchObject({ title: 'cn-ann', options: { body: 'invite', tag: `call-${call.callID}` } });

    await ann.getCallEngine().hangup();
    await until(() => shown.length === 2, 10_000, 'the cancel notification');
    // Same tag: the system replaces the invite with it.
    expect(shown[1]).toMatchObject({ title: 'cn-ann', options: { body: 'cancel', tag: `call-${call.callID}` } });
    notifier.stop();
  });

  it('takes the invite away when it is answered on another tab', async () => {
    const ann = await server.connect('cn2-ann');
    const ben = await server.connect('cn2-ben');
    const benElsewhere = await server.connect('cn2-ben');
    const { shown, Notification } = fakeNotification();
    const notifier = notifierFor(ben, Notification);

    await ann.getCallEngine().call({ userID: 'cn2-ben', type: CallMediaType.VIDEO });
    await until(() => shown.length === 1, 10_000, 'the invite notification');
    await until(() => benElsewhere.getCallEngine().isRingingHere(), 10_000, 'the other tab ringing');
    await benElsewhere.getCallEngine().accept();

    await until(() => shown[0]?.notification.closed === true, 10_000, 'the invite closed');
    expect(shown).toHaveLength(1);
    notifier.stop();
    await ann.getCallEngine().hangup();
  });
});
