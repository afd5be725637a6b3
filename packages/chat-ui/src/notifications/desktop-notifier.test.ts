// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import type { ChatSDK, Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendText, until } from '../../../../apps/server/src/integration/harness';
import { fakeNotification } from '../test-support/fake-notification';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { DesktopNotifier } from './desktop-notifier';
import { TabCoordinator } from './tab-coordinator';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** One Web Lock manager for the tabs of one browser: requests run one after another. */
function sharedLocks() {
  let chain: Promise<unknown> = Promise.resolve();
  return {
    request: <T>(_name: string, run: () => T | Promise<T>): Promise<T> => {
      const next = chain.then(run);
      chain = next.catch(() => undefined);
      return next;
    },
  };
}

/** A browser tab as the coordinator sees it: visible and focused, or not; all sharing one browser. */
function tab(locks: ReturnType<typeof sharedLocks>, isAttended: boolean): Window {
  const doc = {
    visibilityState: isAttended ? 'visible' : 'hidden',
    hasFocus: () => isAttended,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  return {
    document: doc,
    navigator: { locks },
    localStorage: window.localStorage,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    focus: () => undefined,
  } as unknown as Window;
}

function notifier(chat: ChatSDK, tabs: TabCoordinator, NotificationImpl: typeof Notification, opened: string[] = []) {
  const instance = new DesktopNotifier({
    chat,
    tabs,
    Notification: NotificationImpl,
    win: { focus: () => undefined },
    describe: (message: Message) => ({
      title: message.nick || message.from,
      body: message.type === 'TIMTextElem' ? message.payload.text : '',
    }),
    onOpen: (conversationID) => opened.push(conversationID),
  });
  instance.start();
  return instance;
}

describe('desktop notifications', () => {
  it('shows one per incoming message while the user looks elsewhere; a click opens its conversation', async () => {
    const me = await server.connect('dn-me');
    const bob = await server.connect('dn-bob');
    const { shown, Notification } = fakeNotification();
    const opened: string[] = [];
    const tabs = new TabCoordinator(tab(sharedLocks(), false));
    const instance = notifier(me, tabs, Notification, opened);
    const sent = await sendText(bob, 'dn-me', 'the samples shipped today');
    await until(() => shown.length === 1, 5000, 'the notification');
    expect(shown[0]?.title).toBe('dn-bob');
    expect(shown[0]?.options).toMatchObject({ body: 'the samples shipped today', tag: sent.ID });
    shown[0]?.notification.onclick?.();
    expect(opened).toEqual(['C2Cdn-bob']);
    expect(shown[0]?.notification.closed).toBe(true);
    instance.stop();
    tabs.stop();
  });

  it('never notifies for a muted conversation, my own messages from another tab, or without permission', async () => {
    const me = await server.connect('dn-quiet');
    const myOtherTab = await server.connect('dn-quiet');
    const bob = await server.connect('dn-quiet-bob');
    const carol = await server.connect('dn-quiet-carol');
    await sendText(bob, 'dn-quiet', 'first');
    await until(() => me.conversationStore.get('C2Cdn-quiet-bob') !== undefined, 5000, 'the conversation');
    await me.setMessageRemindType({ conversationID: 'C2Cdn-quiet-bob', messageRemindType: 'AcceptNotNotify' });
    const { shown, Notification } = fakeNotification();
    const denied = fakeNotification('denied');
    const tabs = new TabCoordinator(tab(sharedLocks(), false));
    const instances = [notifier(me, tabs, Notification), notifier(me, tabs, denied.Notification)];
    await sendText(bob, 'dn-quiet', 'muted news');
    await sendText(myOtherTab, 'dn-quiet-carol', 'sent from my other tab');
    // A message that does notify, sent last: once it shows, the others have had their turn.
    await sendText(carol, 'dn-quiet', 'this one notifies');
    await until(() => shown.length >= 1, 5000, 'the notification');
    expect(shown.map((s) => s.options.body)).toEqual(['this one notifies']);
    expect(denied.shown).toEqual([]);
    for (const instance of instances) instance.stop();
    tabs.stop();
  });

  it('notifies a community topic’s message as its community’s: not while the community is muted', async () => {
    const me = await server.connect('dn-topics');
    const owner = await server.connect('dn-topics-owner');
    const { data } = await owner.createGroup({
      type: 'Community',
      name: 'Club',
      isSupportTopic: true,
      memberList: [{ userID: 'dn-topics' }],
    });
    const { groupID } = data.group;
    const { topicID } = (await owner.createTopicInCommunity({ groupID, topicName: 'General' })).data;
    await until(() => me.conversationStore.get(`GROUP${groupID}`) !== undefined, 5000, 'the community');
    const { shown, Notification } = fakeNotification();
    const opened: string[] = [];
    const tabs = new TabCoordinator(tab(sharedLocks(), false));
    const instance = notifier(me, tabs, Notification, opened);
    await sendText(owner, topicID, 'in the topic', 'GROUP');
    await until(() => shown.length === 1, 5000, 'the notification');
    shown[0]?.notification.onclick?.();
    expect(opened).toEqual([`GROUP${topicID}`]);
    await me.setMessageRemindType({ conversationID: `GROUP${groupID}`, messageRemindType: 'AcceptNotNotify' });
    await sendText(owner, topicID, 'muted with the community', 'GROUP');
    await sendText(await server.connect('dn-topics-bob'), 'dn-topics', 'this one notifies');
    await until(() => shown.length >= 2, 5000, 'the notification');
    expect(shown.map((s) => s.options.body)).toEqual(['in the topic', 'this one notifies']);
    instance.stop();
    tabs.stop();
  });

  it('never notifies for the ‘created the group’ message of a group I was put in', async () => {
    const me = await server.connect('dn-member');
    const owner = await server.connect('dn-owner');
    const { shown, Notification } = fakeNotification();
    const tabs = new TabCoordinator(tab(sharedLocks(), false));
    const instance = notifier(me, tabs, Notification);
    await owner.createGroup({ type: 'Public', name: 'New', groupID: 'dn-new', memberList: [{ userID: 'dn-member' }] });
    await sendText(owner, 'dn-new', 'welcome', 'GROUP');
    await until(() => shown.length >= 1, 5000, 'the notification');
    expect(shown.map((s) => s.options.body)).toEqual(['welcome']);
    instance.stop();
    tabs.stop();
  });

  it('shows one notification, not one per tab, when several tabs are open', async () => {
    const tabA = await server.connect('dn-tabs');
    const tabB = await server.connect('dn-tabs');
    const bob = await server.connect('dn-tabs-bob');
    const locks = sharedLocks();
    const a = fakeNotification();
    const b = fakeNotification();
    const claims: boolean[] = [];
    const coordinators = [new TabCoordinator(tab(locks, false)), new TabCoordinator(tab(locks, false))];
    const counting = coordinators.map((tabs) => ({
      isAnyTabAttended: () => tabs.isAnyTabAttended(),
      claim: async (key: string) => {
        const won = await tabs.claim(key);
        claims.push(won);
        return won;
      },
    }));
    const instances = [
      notifier(tabA, counting[0] as unknown as TabCoordinator, a.Notification),
      notifier(tabB, counting[1] as unknown as TabCoordinator, b.Notification),
    ];
    await sendText(bob, 'dn-tabs', 'for both tabs');
    await until(() => claims.length === 2, 5000, 'both tabs deciding');
    expect(claims.sort()).toEqual([false, true]);
    expect(a.shown.length + b.shown.length).toBe(1);
    for (const instance of instances) instance.stop();
    for (const tabs of coordinators) tabs.stop();
  });

  it('shows none while the user looks at another of the kit’s tabs', async () => {
    const hidden = await server.connect('dn-seen');
    const bob = await server.connect('dn-seen-bob');
    const locks = sharedLocks();
    const { shown, Notification } = fakeNotification();
    const hiddenTab = new TabCoordinator(tab(locks, false));
    const lookedAt = new TabCoordinator(tab(locks, true));
    await until(() => hiddenTab.isAnyTabAttended(), 5000, 'the tabs hearing of each other');
    const claims: boolean[] = [];
    const instance = notifier(
      hidden,
      {
        isAnyTabAttended: () => hiddenTab.isAnyTabAttended(),
        claim: async (key: string) => {
          claims.push(true);
          return hiddenTab.claim(key);
        },
      } as unknown as TabCoordinator,
      Notification,
    );
    const received: string[] = [];
    hidden.on(hidden.EVENT.MESSAGE_RECEIVED, (event) => received.push(...event.data.map((m) => m.ID)));
    const sent = await sendText(bob, 'dn-seen', 'you are looking at the other tab');
    await until(() => received.includes(sent.ID), 5000, 'the message');
    expect(claims).toEqual([]);
    expect(shown).toEqual([]);
    instance.stop();
    hiddenTab.stop();
    lookedAt.stop();
  });
});
