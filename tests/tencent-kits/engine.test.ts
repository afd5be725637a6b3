import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../apps/server/src/app';
import {
  type Chat,
  connect,
  nextEvent,
  sendText,
  startServer,
  userSigFor,
} from '../../apps/server/src/integration/harness';
import { png } from '../../apps/server/src/integration/media-samples';
import { builtSdk, installTencentKits, TENCENT_KITS } from './install';

/**
 * Tencent's own UI engine (`@tencentcloud/chat-uikit-engine` 2.5.8), unchanged, in its own Node
 * process with `@tencentcloud/chat` aliased to Liaison's built SDK and every connection beyond
 * loopback refused, driven as Tencent's demo drives it against a real Liaison server, with a plain
 * `@liaison/sdk` client as the other user. What the test reads is the engine's store: what its UI shows.
 */

type StoreName = 'application' | 'conversation' | 'chat' | 'group' | 'user' | 'friend' | 'search';
interface Reply {
  id?: number;
  type?: string;
  ok?: boolean;
  result?: unknown;
  error?: { code?: number; message: string };
  kind?: string;
  target?: string;
}
interface StoredMessage {
  ID: string;
  type: string;
  from: string;
  flow: string;
  status: string;
  isRevoked: boolean;
  isDeleted: boolean;
  isPeerRead: boolean;
  payload: Record<string, unknown>;
  cloudCustomData: string;
}
interface StoredConversation {
  conversationID: string;
  unreadCount: number;
  isPinned: boolean;
  messageRemindType: string;
  lastMessage: { payload?: { text?: string }; messageForShow?: string };
}

let server: LiaisonServer;
let bob: Chat;
let engine: ChildProcess;
let work: string;
/** Connections the engine's process tried beyond loopback: the test ends asserting there were none. */
const refused: Reply[] = [];
/** Promises the engine left rejected, unhandled: the test ends asserting there were none. */
const unhandled: Reply[] = [];
const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
let nextID = 0;

beforeAll(async () => {
  await installTencentKits();
  server = await startServer();
  work = mkdtempSync(join(tmpdir(), 'liaison-engine-'));
  bob = await connect(server, 'bob');
  // alice has used Liaison before (an account exists once a user has logged in).
  await (await connect(server, 'alice')).logout();
  // History for alice before she ever logs in: 20 texts, more than one page of the engine's 15.
  for (let i = 1; i <= 20; i++) await sendText(bob, 'alice', `history ${i}`);
  engine = fork(join(TENCENT_KITS, 'engine-app.mjs'), [], {
    cwd: TENCENT_KITS,
    execArgv: ['--import', join(TENCENT_KITS, 'engine-guard.mjs')],
    env: { ...process.env, LIAISON_SDK_ENTRY: builtSdk() },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    engine.once('exit', (code) => reject(new Error(`the engine's process exited (${code})`)));
    engine.on('message', (reply: Reply) => {
      if (reply.type === 'ready') resolve();
      else if (reply.type === 'refused') refused.push(reply);
      else if (reply.type === 'unhandled') unhandled.push(reply);
      else if (reply.id !== undefined) {
        const waiting = pending.get(reply.id);
        pending.delete(reply.id);
        if (reply.ok) waiting?.resolve(reply.result);
        else waiting?.reject(Object.assign(new Error(reply.error?.message), { code: reply.error?.code }));
      }
    });
  });
}, 300_000);

afterAll(async () => {
  engine?.kill();
  await bob?.logout().catch(() => undefined);
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

function ask<T = unknown>(action: string, params: unknown = {}): Promise<T> {
  const id = nextID++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    engine.send({ id, action, params });
  });
}

function call<T = unknown>(service: string, method: string, ...args: unknown[]): Promise<T> {
  return ask<T>('call', { service, method, args });
}

function store<T = unknown>(storeName: StoreName, key: string): Promise<T> {
  return ask<T>('store', { storeName, key });
}

/** Reads the store until `check` holds, as a user would wait for the screen. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)?.slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

const messages = () => store<StoredMessage[]>('chat', 'messageList');
const conversations = () => store<StoredConversation[]>('conversation', 'conversationList');
const texts = (list: StoredMessage[]) => list.filter((m) => m.type === 'TIMTextElem').map((m) => m.payload.text);

/** What Tencent's engine asks isCommercialAbilityEnabled at login and keeps in its application store. */
const LICENSED = [
  'enabledMessageReadReceipt',
  'enabledEmojiPlugin',
  'enabledOnlineStatus',
  'enabledTranslationPlugin',
  'enabledVoiceToText',
  'enabledCustomerServicePlugin',
] as const;

function loginAlice() {
  return ask('login', {
    server: server.url,
    SDKAppID: server.app.sdkAppID,
    userID: 'alice',
    userSig: userSigFor(server, 'alice'),
  });
}

describe("Tencent's UI engine against Liaison", () => {
  it('logs in through the alias to @liaison/sdk and shows the conversation list with unread counts and the last message', async () => {
    expect(await ask('chatVersion')).toEqual({ VERSION: '3.6.6', isLiaison: true });
    await loginAlice();
    expect(await call('TUIChatEngine', 'isReady')).toBe(true);
    const list = await eventually(
      conversations,
      (l) => l.some((c) => c.conversationID === 'C2Cbob'),
      'the conversation with bob',
    );
    const withBob = list.find((c) => c.conversationID === 'C2Cbob');
    expect(withBob?.unreadCount).toBe(20);
    expect(withBob?.lastMessage.payload?.text).toBe('history 20');
    expect(
      await eventually(
        () => store<number>('conversation', 'totalUnreadCount'),
        (n) => n === 20,
        'the total unread',
      ),
    ).toBe(20);
    // The engine asks for the profile once the SDK is ready.
    await eventually(
      () => store<{ userID?: string }>('user', 'userProfile'),
      (p) => p.userID === 'alice',
      'my profile',
    );
  });

  it('opens a conversation with its latest page, pages back to the first message and marks it read', async () => {
    await call('TUIConversationService', 'switchConversation', 'C2Cbob');
    const first = await eventually(messages, (l) => l.length > 0, 'the first page');
    expect(texts(first).at(-1)).toBe('history 20');
    expect(first.length).toBeLessThan(20);
    await call('TUIChatService', 'getMessageList');
    const all = await eventually(messages, (l) => texts(l).length === 20, 'the whole history');
    expect(texts(all)).toEqual(Array.from({ length: 20 }, (_, i) => `history ${i + 1}`));
    expect(await store('chat', 'isCompleted')).toBe(true);
    await eventually(
      conversations,
      (l) => l.find((c) => c.conversationID === 'C2Cbob')?.unreadCount === 0,
      'the read conversation',
    );
  });

  it('sends text, image (through its upload plugin path), file and custom messages that the plain client receives', async () => {
    const received: Array<{ type: string; payload: Record<string, unknown> }> = [];
    const handler = (event: { data: Array<{ type: string; payload: Record<string, unknown> }> }) =>
      received.push(...event.data);
    bob.on(LiaisonChat.EVENT.MESSAGE_RECEIVED, handler);
    const image = join(work, 'photo.png');
    writeFileSync(image, Buffer.from(await (await png(64, 48)).arrayBuffer()));
    const file = join(work, 'notes.txt');
    writeFileSync(file, 'minutes of the meeting');
    await call('TUIChatService', 'sendTextMessage', { payload: { text: 'hello from the engine' } });
    await call('TUIChatService', 'sendImageMessage', {
      payload: { file: { $file: { path: image, type: 'image/png' } } },
    });
    await call('TUIChatService', 'sendFileMessage', {
      payload: { file: { $file: { path: file, type: 'text/plain' } } },
    });
    await call('TUIChatService', 'sendCustomMessage', {
      payload: { data: '{"businessID":"order"}', description: 'order', extension: '' },
    });
    await eventually(
      async () => received.length,
      (n) => n >= 4,
      'bob receiving four messages',
    );
    bob.off(LiaisonChat.EVENT.MESSAGE_RECEIVED, handler);
    expect(received.map((m) => m.type)).toEqual(['TIMTextElem', 'TIMImageElem', 'TIMFileElem', 'TIMCustomElem']);
    expect(received[0]?.payload.text).toBe('hello from the engine');
    const imageInfo = received[1]?.payload.imageInfoArray as Array<{ url: string; width: number }>;
    expect(imageInfo[0]?.url.startsWith(server.url)).toBe(true);
    expect(imageInfo[0]?.width).toBe(64);
    expect(received[2]?.payload.fileName).toBe('notes.txt');
    expect(received[3]?.payload.data).toBe('{"businessID":"order"}');
    const sent = (await messages()).slice(-4);
    expect(sent.map((m) => [m.type, m.status, m.flow])).toEqual([
      ['TIMTextElem', 'success', 'out'],
      ['TIMImageElem', 'success', 'out'],
      ['TIMFileElem', 'success', 'out'],
      ['TIMCustomElem', 'success', 'out'],
    ]);
  });

  it('shows what the plain client sends in the open conversation', async () => {
    await sendText(bob, 'alice', 'seen live');
    await eventually(messages, (l) => texts(l).at(-1) === 'seen live', 'the live message');
  });

  it('revokes and deletes its messages, and shows a revoke by the other side', async () => {
    const list = await messages();
    const mine = list.filter((m) => m.flow === 'out');
    const text = mine.find((m) => m.type === 'TIMTextElem');
    if (!text) throw new Error('no text sent');
    const revoked = nextEvent(bob, LiaisonChat.EVENT.MESSAGE_REVOKED);
    await call('TUIChatService', 'revokeMessage', { $message: text.ID });
    await revoked;
    await eventually(messages, (l) => l.find((m) => m.ID === text.ID)?.isRevoked === true, 'the revoked message');
    const custom = mine.find((m) => m.type === 'TIMCustomElem');
    if (!custom) throw new Error('no custom message sent');
    await call('TUIChatService', 'deleteMessage', [{ $message: custom.ID }]);
    // The engine keeps a deleted message flagged, and its kit hides it.
    await eventually(messages, (l) => l.find((m) => m.ID === custom.ID)?.isDeleted === true, 'the deleted message');
    const theirs = await sendText(bob, 'alice', 'to be revoked');
    await eventually(messages, (l) => l.some((m) => m.ID === theirs.ID), 'bob message');
    await bob.revokeMessage(theirs);
    await eventually(messages, (l) => l.find((m) => m.ID === theirs.ID)?.isRevoked === true, 'bob revoked message');
  });

  it('replies quoting a message, and forwards one to another conversation', async () => {
    const list = await messages();
    const original = list.find((m) => m.type === 'TIMTextElem' && m.payload.text === 'seen live');
    if (!original) throw new Error('no message to quote');
    const received = nextEvent<Array<{ cloudCustomData: string; payload: { text?: string } }>>(
      bob,
      LiaisonChat.EVENT.MESSAGE_RECEIVED,
    );
    await call('TUIChatService', 'sendTextMessage', {
      payload: { text: 'a reply' },
      cloudCustomData: JSON.stringify({
        messageReply: {
          messageID: original.ID,
          messageAbstract: 'seen live',
          messageSender: 'bob',
          messageType: 1,
          version: 1,
        },
      }),
    });
    const [reply] = await received;
    expect(reply?.payload.text).toBe('a reply');
    expect(JSON.parse(reply?.cloudCustomData ?? '{}').messageReply.messageID).toBe(original.ID);
    const carol = await connect(server, 'carol');
    try {
      await sendText(carol, 'alice', 'hi from carol');
      await eventually(
        conversations,
        (l) => l.some((c) => c.conversationID === 'C2Ccarol'),
        'the conversation with carol',
      );
      const forwarded = nextEvent<Array<{ payload: { text?: string }; from: string }>>(
        carol,
        LiaisonChat.EVENT.MESSAGE_RECEIVED,
      );
      await call('TUIChatService', 'sendForwardMessage', [{ $conversation: 'C2Ccarol' }], [{ $message: original.ID }]);
      const [copy] = await forwarded;
      expect(copy?.payload.text).toBe('seen live');
      expect(copy?.from).toBe('alice');
    } finally {
      await carol.logout();
    }
  });

  it('shows the other side typing, and tells them when it types', async () => {
    const told = nextEvent<Array<{ type: string; payload: { data?: string } }>>(
      bob,
      LiaisonChat.EVENT.MESSAGE_RECEIVED,
      (list) => list.some((m) => m.type === 'TIMCustomElem'),
    );
    await call('TUIChatService', 'enterTypingState');
    const [typing] = await told;
    const signal = JSON.parse(typing?.payload.data ?? '{}') as { businessID?: string; typingStatus?: number };
    expect(signal).toMatchObject({ businessID: 'user_typing_status', typingStatus: 1 });
    // bob's client speaks the same signal back, as Tencent's kit does.
    const back = bob.createCustomMessage({
      to: 'alice',
      conversationType: LiaisonChat.TYPES.CONV_C2C,
      payload: { data: typing?.payload.data ?? '', description: '', extension: '' },
    });
    await bob.sendMessage(back, { onlineUserOnly: true });
    await eventually(
      () => store<boolean>('chat', 'typingStatus'),
      (isTyping) => isTyping === true,
      'bob typing',
    );
    const stopped = nextEvent<Array<{ payload: { data?: string } }>>(bob, LiaisonChat.EVENT.MESSAGE_RECEIVED, (list) =>
      list.some((m) => (m.payload.data ?? '').includes('"typingStatus":0')),
    );
    await call('TUIChatService', 'leaveTypingState');
    await stopped;
  });

  it('shows its message read by the peer', async () => {
    // Not just any message: the engine also tells bob it stopped typing.
    const arrived = nextEvent<Array<{ payload: { text?: string } }>>(bob, LiaisonChat.EVENT.MESSAGE_RECEIVED, (list) =>
      list.some((m) => m.payload.text === 'did you read this?'),
    );
    const sent = await call<{ data: { message: { ID: string } } }>('TUIChatService', 'sendTextMessage', {
      payload: { text: 'did you read this?' },
    });
    await arrived;
    await bob.setMessageRead({ conversationID: 'C2Calice' });
    await eventually(
      async () => (await messages()).find((m) => m.ID === sent.data.message.ID),
      (m) => m?.isPeerRead === true,
      'read by bob',
    );
  });

  it('reacts to a message and shows the reaction of the other side', async () => {
    const list = await messages();
    const target = list.find((m) => m.type === 'TIMTextElem' && m.payload.text === 'seen live');
    if (!target) throw new Error('no message to react to');
    await call('TUIChatService', 'addMessageReaction', { $message: target.ID }, 'thumbs_up');
    // 'seen live' is bob's own message: his client knows it.
    const theirs = bob.findMessage(target.ID);
    if (!theirs) throw new Error('bob cannot find the message');
    const reactions = await bob.getMessageReactions({ messageList: [theirs], maxUserCountPerReaction: 10 });
    expect(reactions.data.resultList[0]?.reactionList.map((r) => r.reactionID)).toContain('thumbs_up');
    await bob.addMessageReaction(theirs, 'heart');
    await eventually(
      messages,
      (l) =>
        (
          l.find((m) => m.ID === target.ID) as unknown as { reactionList?: Array<{ reactionID: string }> }
        )?.reactionList?.some((r) => r.reactionID === 'heart') === true,
      'bob reaction shown',
    );
  });

  it('pins and mutes a conversation', async () => {
    await call('TUIConversationService', 'pinConversation', { conversationID: 'C2Cbob', isPinned: true });
    await eventually(
      conversations,
      (l) => l.find((c) => c.conversationID === 'C2Cbob')?.isPinned === true,
      'the pinned conversation',
    );
    await call('TUIConversationService', 'muteConversation', {
      userIDList: ['bob'],
      messageRemindType: 'AcceptNotNotify',
    });
    await eventually(
      conversations,
      (l) => l.find((c) => c.conversationID === 'C2Cbob')?.messageRemindType === 'AcceptNotNotify',
      'the muted conversation',
    );
  });

  it('creates a group, adds a member, makes them admin, mutes them and dismisses the group', async () => {
    const created = await call<{ data: { group: { groupID: string } } }>('TUIGroupService', 'createGroup', {
      type: 'Public',
      name: 'engine team',
      memberList: [{ userID: 'bob' }],
    });
    const groupID = created.data.group.groupID;
    await eventually(
      conversations,
      (l) => l.some((c) => c.conversationID === `GROUP${groupID}`),
      'the group conversation',
    );
    const dave = await connect(server, 'dave');
    try {
      await call('TUIGroupService', 'addGroupMember', { groupID, userIDList: ['dave'] });
      await call('TUIGroupService', 'setGroupMemberRole', { groupID, userID: 'dave', role: 'Admin' });
      await call('TUIGroupService', 'setGroupMemberMuteTime', { groupID, userID: 'bob', muteTime: 600 });
      const members = await call<{ data: { memberList: Array<{ userID: string; role: string; muteUntil: number }> } }>(
        'TUIGroupService',
        'getGroupMemberList',
        { groupID, count: 50, offset: 0 },
      );
      const byID = new Map(members.data.memberList.map((m) => [m.userID, m]));
      expect(byID.get('dave')?.role).toBe('Admin');
      expect(byID.get('bob')?.muteUntil).toBeGreaterThan(Date.now() / 1000);
      const dismissed = nextEvent(dave, LiaisonChat.EVENT.MESSAGE_RECEIVED, (list: Array<{ type: string }>) =>
        list.some((m) => m.type === 'TIMGroupSystemNoticeElem'),
      );
      await call('TUIGroupService', 'dismissGroup', groupID);
      await dismissed;
      await eventually(
        () => store<Array<{ groupID: string }>>('group', 'groupList'),
        (l) => !l.some((g) => g.groupID === groupID),
        'the dismissed group off the list',
      );
    } finally {
      await dave.logout();
    }
  });

  it('adds a friend the other side accepts, remarks them, files them in a group, and blocks and unblocks them', async () => {
    const applied = nextEvent(bob, LiaisonChat.EVENT.FRIEND_APPLICATION_LIST_UPDATED);
    await call('TUIFriendService', 'addFriend', {
      to: 'bob',
      source: 'AddSource_Type_Web',
      wording: 'hi',
      type: 'Add_Type_Both',
    });
    await applied;
    await bob.acceptFriendApplication({ userID: 'alice', type: 'Response_Action_AgreeAndAdd' });
    await eventually(
      () => store<Array<{ userID: string }>>('friend', 'friendList'),
      (l) => l.some((f) => f.userID === 'bob'),
      'bob as a friend',
    );
    await call('TUIFriendService', 'updateFriend', { userID: 'bob', remark: 'Bobby' });
    await eventually(
      () => store<Array<{ userID: string; remark: string }>>('friend', 'friendList'),
      (l) => l.find((f) => f.userID === 'bob')?.remark === 'Bobby',
      'the remark',
    );
    await call('TUIFriendService', 'createFriendGroup', { name: 'work', userIDList: ['bob'] });
    // The engine shows a friend group with its friends' profiles (friendList), not their IDs.
    await eventually(
      () =>
        store<Array<{ name: string; friendList: Array<{ userID: string } | undefined> }>>('friend', 'friendGroupList'),
      (l) => l.find((g) => g.name === 'work')?.friendList.some((f) => f?.userID === 'bob') === true,
      'the friend group',
    );
    await call('TUIUserService', 'addToBlacklist', { userIDList: ['bob'] });
    await eventually(
      () => store<Array<{ userID: string }>>('user', 'userBlacklist'),
      (l) => l.some((profile) => profile.userID === 'bob'),
      'bob blocked',
    );
    await call('TUIUserService', 'removeFromBlacklist', { userIDList: ['bob'] });
    await eventually(
      () => store<Array<{ userID: string }>>('user', 'userBlacklist'),
      (l) => !l.some((profile) => profile.userID === 'bob'),
      'bob unblocked',
    );
  });

  it('shows a friend request it receives and accepts it', async () => {
    const erin = await connect(server, 'erin');
    try {
      await erin.addFriend({
        to: 'alice',
        source: 'AddSource_Type_Web',
        wording: 'hello alice',
        type: 'Add_Type_Both',
      });
      await eventually(
        () => store<Array<{ userID: string; wording: string }>>('friend', 'friendApplicationList'),
        (l) => l.some((a) => a.userID === 'erin' && a.wording === 'hello alice'),
        'erin asking',
      );
      const befriended = nextEvent<Array<{ userID: string }>>(erin, LiaisonChat.EVENT.FRIEND_LIST_UPDATED, (list) =>
        list.some((f) => f.userID === 'alice'),
      );
      await call('TUIFriendService', 'acceptFriendApplication', {
        userID: 'erin',
        type: 'Response_Action_AgreeAndAdd',
      });
      await befriended;
      await eventually(
        () => store<Array<{ userID: string }>>('friend', 'friendList'),
        (l) => l.some((f) => f.userID === 'erin'),
        'erin as a friend',
      );
    } finally {
      await erin.logout();
    }
  });

  it('searches the messages it can see', async () => {
    const found = await call<{
      data: { totalCount: number; searchResultList: Array<{ conversation: { conversationID: string } }> };
    }>('TUIChatService', 'searchCloudMessages', { keywordList: ['history'] });
    expect(found.data.totalCount).toBeGreaterThan(0);
    expect(found.data.searchResultList.map((r) => r.conversation.conversationID)).toContain('C2Cbob');
  });

  it('logs out, clearing its store, and logs in again to the same conversations', async () => {
    await call('TUIChatEngine', 'logout');
    expect(await conversations()).toEqual([]);
    await loginAlice();
    await eventually(conversations, (l) => l.some((c) => c.conversationID === 'C2Cbob'), 'the conversations again');
  });

  it("reads the deployment's switches as its licence: every capability on shows enabled, the customer-service plugin Liaison lacks does not, and a switch the operator turns off shows off at the next login", async () => {
    const licence = async () => {
      const entries = await Promise.all(
        LICENSED.map(async (key) => [key, await store<boolean>('application', key)] as const),
      );
      return Object.fromEntries(entries);
    };
    const allOn = {
      enabledMessageReadReceipt: true,
      enabledEmojiPlugin: true,
      enabledOnlineStatus: true,
      enabledTranslationPlugin: true,
      enabledVoiceToText: true,
      enabledCustomerServicePlugin: false,
    };
    expect(await eventually(licence, (l) => l.enabledMessageReadReceipt === true, 'the licence read')).toEqual(allOn);
    await server.abilities.set({ groupReadReceipt: false });
    try {
      await call('TUIChatEngine', 'logout');
      await loginAlice();
      expect(await eventually(licence, (l) => l.enabledMessageReadReceipt === false, 'read receipts off')).toEqual({
        ...allOn,
        enabledMessageReadReceipt: false,
      });
    } finally {
      await server.abilities.set({ groupReadReceipt: true });
    }
  });

  it('never connected anywhere but this machine', () => {
    expect(refused).toEqual([]);
  });

  it('left no promise of the SDK rejected unhandled', () => {
    expect(unhandled).toEqual([]);
  });
});
