/**
 * Tencent Cloud Chat's getting-started flow, written the Tencent way with only the import changed
 * (and `setDefaultServer` naming the server): create → login → events → text → conversation list →
 * history paging → groups with roles → read → revoke → deleteConversation → getServerTime → logout.
 *
 * One file for two runs: the source-level test imports it as it is, and the build test transpiles
 * it to JavaScript beside the packed, installed `@liaison/sdk` and runs it in plain Node, so the
 * import resolves to the published package there. It checks each step itself (node:assert) and
 * answers the steps it completed.
 */
import assert from 'node:assert/strict';
import TencentCloudChat, { type EventDataMap, type Message } from '@liaison/sdk';

type Chat = ReturnType<typeof TencentCloudChat.create>;

export interface FlowUser {
  userID: string;
  userSig: string;
}

export interface FlowSetup {
  server: string;
  SDKAppID: number;
  /** Three users no other test uses: the flow's own, the one it talks to, and a third group member. */
  users: { me: FlowUser; peer: FlowUser; member: FlowUser };
}

const HISTORY_MESSAGES = 20;

/** Every step, in order: what a run that completed answers. */
export const GETTING_STARTED_STEPS = [
  'create',
  'login',
  'events',
  'text',
  'conversation list',
  'history paging',
  'groups with roles',
  'read',
  'revoke',
  'deleteConversation',
  'getServerTime',
  'logout',
];

export async function runGettingStartedFlow({ server, SDKAppID, users }: FlowSetup): Promise<string[]> {
  const steps: string[] = [];
  TencentCloudChat.setDefaultServer(server);

  const chat = TencentCloudChat.create({ SDKAppID });
  // The other users would be other devices. In this one process they name the server, which gives
  // each a client of its own: create() without it returns the app's one client, as Tencent's does.
  const peer = TencentCloudChat.create({ SDKAppID, server });
  const member = TencentCloudChat.create({ SDKAppID, server });
  chat.setLogLevel(1);
  peer.setLogLevel(1);
  member.setLogLevel(1);
  steps.push('create');

  const ready = nextEvent(chat, TencentCloudChat.EVENT.SDK_READY);
  const received: string[] = [];
  chat.on(TencentCloudChat.EVENT.MESSAGE_RECEIVED, (event) => {
    for (const message of event.data)
      if (message.type === TencentCloudChat.TYPES.MSG_TEXT) received.push(message.payload.text);
  });
  const login = await chat.login(users.me);
  assert.equal(login.code, 0);
  assert.equal(login.data.repeatLogin, false);
  await Promise.all([ready, loggedIn(peer, users.peer), loggedIn(member, users.member)]);
  assert.equal(chat.isReady(), true);
  steps.push('login', 'events');

  const peerHears = nextEvent(peer, TencentCloudChat.EVENT.MESSAGE_RECEIVED);
  const hello = chat.createTextMessage({
    to: users.peer.userID,
    conversationType: TencentCloudChat.TYPES.CONV_C2C,
    payload: { text: 'Hello world!' },
  });
  const sent = await chat.sendMessage(hello);
  assert.equal(textOf(sent.data.message), 'Hello world!');
  assert.equal(textOf((await peerHears)[0]), 'Hello world!');
  steps.push('text');

  const c2c = `C2C${users.peer.userID}`;
  const conversations = await chat.getConversationList();
  assert.equal(conversations.data.conversationList[0]?.conversationID, c2c);
  steps.push('conversation list');

  const texts = Array.from({ length: HISTORY_MESSAGES }, (_, i) => `page ${i + 1}`);
  for (const text of texts) {
    await peer.sendMessage(
      peer.createTextMessage({
        to: users.me.userID,
        conversationType: TencentCloudChat.TYPES.CONV_C2C,
        payload: { text },
      }),
    );
  }
  await until(() => received.length === HISTORY_MESSAGES, 'the peer’s messages arrive');
  const newest = await chat.getMessageList({ conversationID: c2c });
  assert.equal(newest.data.isCompleted, false);
  const older = await chat.getMessageList({ conversationID: c2c, nextReqMessageID: newest.data.nextReqMessageID });
  assert.equal(older.data.isCompleted, true);
  const history = [...older.data.messageList, ...newest.data.messageList].map(textOf);
  assert.deepEqual(history, ['Hello world!', ...texts]);
  steps.push('history paging');

  const { data: created } = await chat.createGroup({
    type: TencentCloudChat.TYPES.GRP_PUBLIC,
    name: 'Getting started',
    memberList: [
      { userID: users.peer.userID, role: TencentCloudChat.TYPES.GRP_MBR_ROLE_ADMIN },
      { userID: users.member.userID },
    ],
  });
  const groupID = created.group.groupID;
  await chat.setGroupMemberRole({
    groupID,
    userID: users.member.userID,
    role: TencentCloudChat.TYPES.GRP_MBR_ROLE_ADMIN,
  });
  const members = await chat.getGroupMemberList({ groupID, count: 30, offset: 0 });
  const roles = Object.fromEntries(members.data.memberList.map((m) => [m.userID, m.role]));
  assert.deepEqual(roles, {
    [users.me.userID]: TencentCloudChat.TYPES.GRP_MBR_ROLE_OWNER,
    [users.peer.userID]: TencentCloudChat.TYPES.GRP_MBR_ROLE_ADMIN,
    [users.member.userID]: TencentCloudChat.TYPES.GRP_MBR_ROLE_ADMIN,
  });
  const memberHears = nextEvent(member, TencentCloudChat.EVENT.MESSAGE_RECEIVED, (messages) =>
    messages.some((m) => m.type === TencentCloudChat.TYPES.MSG_TEXT),
  );
  await chat.sendMessage(
    chat.createTextMessage({
      to: groupID,
      conversationType: TencentCloudChat.TYPES.CONV_GROUP,
      payload: { text: 'Hi all' },
    }),
  );
  assert.deepEqual(
    (await memberHears).flatMap((m) => textOf(m) ?? []),
    ['Hi all'],
  );
  steps.push('groups with roles');

  assert.equal((await chat.getConversationProfile(c2c)).data.conversation.unreadCount, HISTORY_MESSAGES);
  await chat.setMessageRead({ conversationID: c2c });
  assert.equal((await chat.getConversationProfile(c2c)).data.conversation.unreadCount, 0);
  steps.push('read');

  const peerSeesRevoke = nextEvent(peer, TencentCloudChat.EVENT.MESSAGE_REVOKED);
  const mistake = await chat.sendMessage(
    chat.createTextMessage({
      to: users.peer.userID,
      conversationType: TencentCloudChat.TYPES.CONV_C2C,
      payload: { text: 'oops' },
    }),
  );
  await chat.revokeMessage(mistake.data.message);
  const [revoked] = await peerSeesRevoke;
  assert.equal(revoked?.ID, mistake.data.message.ID);
  assert.equal(revoked?.isRevoked, true);
  steps.push('revoke');

  await chat.deleteConversation({ conversationIDList: [c2c], clearHistoryMessage: true });
  const remaining = await chat.getConversationList();
  assert.equal(
    remaining.data.conversationList.some((c) => c.conversationID === c2c),
    false,
  );
  assert.deepEqual((await chat.getMessageList({ conversationID: c2c })).data.messageList, []);
  steps.push('deleteConversation');

  assert.ok(Math.abs(chat.getServerTime() - Date.now() / 1000) < 5, 'the server’s time is now');
  steps.push('getServerTime');

  for (const client of [chat, peer, member]) await client.logout();
  assert.equal(chat.isReady(), false);
  steps.push('logout');
  return steps;
}

async function loggedIn(client: Chat, user: FlowUser): Promise<void> {
  const ready = nextEvent(client, TencentCloudChat.EVENT.SDK_READY);
  await client.login(user);
  await ready;
}

/** The next emission of `event` whose data passes `accept`, within 10 s. */
function nextEvent<E extends keyof EventDataMap>(
  client: Chat,
  event: E,
  accept: (data: EventDataMap[E]) => boolean = () => true,
): Promise<EventDataMap[E]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 10 s`)), 10_000);
    const handler = (e: { data: EventDataMap[E] }) => {
      if (!accept(e.data)) return;
      clearTimeout(timer);
      client.off(event, handler);
      resolve(e.data);
    };
    client.on(event, handler);
  });
}

function textOf(message: Message | undefined): string | undefined {
  return message?.type === TencentCloudChat.TYPES.MSG_TEXT ? message.payload.text : undefined;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
