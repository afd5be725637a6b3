import { ErrorCode, type LiaisonError } from '@liaison/protocol';
import LiaisonChat, { type Conversation, type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, errorCode, nextEvent, startServer, until, wholeHistory } from '../../integration/harness';
import { type ModerationService, startModerationService } from '../../integration/moderation-service';
import { Tabs } from '../../integration/tabs';
import { MODERATION_CALLBACK_PATH } from '../../moderation/callback-route';

/**
 * Revoke, delete for me and modify through the SDK against a real server: what the actor, their
 * other tabs and the other side see, live and after a reconnect that missed the change.
 */

const { EVENT, TYPES } = LiaisonChat;
const TOKEN = 'message-actions-callback-token-0123456789';
const WINDOW_MS = 120_000;

let server: LiaisonServer;
let provider: ModerationService;
/** The server's clock runs this far ahead of real time (the revoke window is measured with it). */
let clockAhead = 0;

beforeAll(async () => {
  provider = await startModerationService();
  server = await startServer(undefined, {
    moderation: { file: null, url: provider.url, callbackToken: TOKEN },
    messageActions: { now: () => Date.now() + clockAhead },
  });
});

afterAll(async () => {
  await tabs.closeAll();
  await server?.close();
  await provider?.close();
});

const tabs = new Tabs();
const user = (userID: string) => tabs.directOn(server, userID);
const tabThatCanGoOffline = (userID: string) => tabs.tabThatCanGoOffline(server, userID);

/** Every event of some kinds a chat emits, in order, with the net state changes between them. */
function recordEvents(chat: Chat) {
  const log: Array<{ name: string; data: unknown }> = [];
  for (const name of [
    EVENT.MESSAGE_REVOKED,
    EVENT.MESSAGE_MODIFIED,
    EVENT.MESSAGE_DELETED,
    EVENT.NET_STATE_CHANGE,
  ] as const) {
    chat.on(name, (event: { data: unknown }) => log.push({ name, data: event.data }));
  }
  return {
    log,
    /** The messages with this ID that `name` brought, in order. */
    messages(name: string, messageID: string): Message[] {
      return log
        .filter((e) => e.name === name && Array.isArray(e.data))
        .flatMap((e) => (e.data as Message[]).filter((m) => m.ID === messageID));
    },
    deleted(): string[] {
      return log
        .filter((e) => e.name === EVENT.MESSAGE_DELETED)
        .flatMap((e) => (e.data as { messageIDList: string[] }).messageIDList);
    },
    /** Index of the first event matching, -1 if none. */
    indexOf(match: (e: { name: string; data: unknown }) => boolean): number {
      return log.findIndex(match);
    },
  };
}

function changed(chat: Chat, name: (typeof EVENT)[keyof typeof EVENT], messageID: string): Promise<Message> {
  return nextEvent<Message[]>(chat, name, (list) => list.some((m) => m.ID === messageID)).then(
    (list) => list.find((m) => m.ID === messageID) as Message,
  );
}

function conversationOf(chat: Chat, conversationID: string): Conversation | undefined {
  return chat.conversationStore.getSnapshot().find((c) => c.conversationID === conversationID);
}

const textOf = (message: Message | undefined) => (message?.type === TYPES.MSG_TEXT ? message.payload.text : undefined);

async function received(chat: Chat, messageID: string): Promise<Message> {
  return nextEvent<Message[]>(chat, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.ID === messageID)).then(
    (list) => list.find((m) => m.ID === messageID) as Message,
  );
}

/** Sends a text and waits until the peer has it. */
async function delivered(from: Chat, to: Chat, toID: string, text: string, type: 'C2C' | 'GROUP' = 'C2C') {
  const message = from.createTextMessage({ to: toID, conversationType: type, payload: { text } });
  const arrived = received(to, message.ID);
  await from.sendMessage(message);
  await arrived;
  return message;
}

async function makeAdmin(groupID: string, userID: string): Promise<void> {
  await server.db.query("UPDATE group_members SET role = 'Admin' WHERE group_id = $1 AND user_id = $2", [
    groupID,
    userID,
  ]);
}

describe('revokeMessage', () => {
  it('lets the sender revoke within the window: every tab and the peer see it revoked, and its text is gone', async () => {
    const alice = await user('rv-alice');
    const aliceTab = await user('rv-alice');
    const bob = await user('rv-bob');
    const message = await delivered(alice, bob, 'rv-bob', 'the secret plan');
    const atBob = changed(bob, EVENT.MESSAGE_REVOKED, message.ID);
    const atOtherTab = changed(aliceTab, EVENT.MESSAGE_REVOKED, message.ID);
    const here = changed(alice, EVENT.MESSAGE_REVOKED, message.ID);

    const result = await alice.revokeMessage(message);
    // The caller's own object, its text kept for re-editing.
    expect(result.data.message).toBe(message);
    expect(message).toMatchObject({ isRevoked: true, revoker: 'rv-alice', payload: { text: 'the secret plan' } });
    expect(await here).toBe(message);
    for (const seen of [await atBob, await atOtherTab]) {
      expect(seen).toMatchObject({ ID: message.ID, isRevoked: true, revoker: 'rv-alice', payload: { text: '' } });
    }
    const stored = (await wholeHistory(bob, 'C2Crv-alice')).find((m) => m.ID === message.ID);
    expect(stored).toMatchObject({ isRevoked: true, revoker: 'rv-alice', payload: { text: '' } });
    await until(() => conversationOf(bob, 'C2Crv-alice')?.lastMessage.isRevoked === true, 5_000, 'the list row');
    expect(conversationOf(bob, 'C2Crv-alice')?.lastMessage).toMatchObject({
      ID: message.ID,
      revoker: 'rv-alice',
      messageForShow: '',
    });
    const fresh = await user('rv-bob');
    expect(conversationOf(fresh, 'C2Crv-alice')?.lastMessage).toMatchObject({ ID: message.ID, isRevoked: true });

    // Revoking again changes nothing and answers the same.
    const again = await alice.revokeMessage({ ...message, isRevoked: false });
    expect(again.data.message).toMatchObject({ isRevoked: true, revoker: 'rv-alice' });
  });

  it('refuses the sender once the window has passed (20016), and the message stays', async () => {
    const alice = await user('rw-alice');
    const bob = await user('rw-bob');
    const message = await delivered(alice, bob, 'rw-bob', 'too late to take back');
    clockAhead = WINDOW_MS + 1_000;
    try {
      const refusal = await alice.revokeMessage(message).catch((error: LiaisonError) => error);
      expect(refusal).toMatchObject({
        code: ErrorCode.MESSAGE_REVOKE_TIME_LIMIT,
        message: 'Withdrawal deadline has passed',
      });
    } finally {
      clockAhead = 0;
    }
    expect(message.isRevoked).toBe(false);
    const stored = (await wholeHistory(bob, 'C2Crw-alice')).find((m) => m.ID === message.ID);
    expect(stored).toMatchObject({ isRevoked: false, payload: { text: 'too late to take back' } });
  });

  it('never lets the receiver revoke the sender’s one-to-one message (60043)', async () => {
    const alice = await user('rr-alice');
    const bob = await user('rr-bob');
    const message = await delivered(alice, bob, 'rr-bob', 'mine, not yours');
    const atBob = (await wholeHistory(bob, 'C2Crr-alice')).find((m) => m.ID === message.ID) as Message;
    expect(await errorCode(bob.revokeMessage(atBob))).toBe(ErrorCode.MESSAGE_REVOKE_DENIED);
    expect((await wholeHistory(alice, 'C2Crr-bob')).find((m) => m.ID === message.ID)).toMatchObject({
      isRevoked: false,
    });
  });

  it('lets a group’s owner and admins revoke members’ messages at any time, and nobody else', async () => {
    const owner = await user('rg-owner');
    const admin = await user('rg-admin');
    const ann = await user('rg-ann');
    const ben = await user('rg-ben');
    const groupID = 'rg-group';
    await owner.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Revokers',
      groupID,
      memberList: [{ userID: 'rg-admin' }, { userID: 'rg-ann' }, { userID: 'rg-ben' }],
    });
    await makeAdmin(groupID, 'rg-admin');
    const byAnn = await delivered(ann, ben, groupID, 'from ann', 'GROUP');
    const byOwner = await delivered(owner, ben, groupID, 'from the owner', 'GROUP');
    const byAdmin = await delivered(admin, ben, groupID, 'from the admin', 'GROUP');
    // Each member acts on a copy of their own, as their list holds one.
    const copy = (m: Message) => ({ ...m }) as Message;

    // A plain member may not touch someone else's message; an admin may not touch the owner's.
    expect(await errorCode(ben.revokeMessage(copy(byAnn)))).toBe(ErrorCode.GROUP_NO_PERMISSION);
    expect(await errorCode(admin.revokeMessage(copy(byOwner)))).toBe(ErrorCode.GROUP_NO_PERMISSION);
    // Group tips are the server's.
    const tip = (await wholeHistory(owner, `GROUP${groupID}`)).find((m) => m.type === TYPES.MSG_GRP_TIP) as Message;
    expect(await errorCode(owner.revokeMessage(tip))).toBe(ErrorCode.MESSAGE_REVOKE_DENIED);

    clockAhead = 3_600_000;
    try {
      const seen = [ann, ben, owner].map((chat) => changed(chat, EVENT.MESSAGE_REVOKED, byAnn.ID));
      await admin.revokeMessage(copy(byAnn));
      for (const message of await Promise.all(seen)) {
        expect(message).toMatchObject({ isRevoked: true, revoker: 'rg-admin', from: 'rg-ann', payload: { text: '' } });
      }
      const ofAdmin = changed(ben, EVENT.MESSAGE_REVOKED, byAdmin.ID);
      await owner.revokeMessage(copy(byAdmin));
      expect(await ofAdmin).toMatchObject({ isRevoked: true, revoker: 'rg-owner' });
      // Their own messages stay bound by the window.
      expect(await errorCode(owner.revokeMessage(copy(byOwner)))).toBe(ErrorCode.MESSAGE_REVOKE_TIME_LIMIT);
    } finally {
      clockAhead = 0;
    }
  });

  it('stops granting a revoked message’s file to the chat, and a record fetched later shows it revoked', async () => {
    const alice = await user('rf-alice');
    const bob = await user('rf-bob');
    const carol = await user('rf-carol');
    const dave = await user('rf-dave');
    const fileMessage = alice.createFileMessage({
      to: 'rf-bob',
      conversationType: TYPES.CONV_C2C,
      payload: { file: new File(['the minutes'], 'minutes.txt', { type: 'text/plain' }) },
    });
    const fileArrived = received(bob, fileMessage.ID);
    await alice.sendMessage(fileMessage);
    const atBob = await fileArrived;
    if (atBob.type !== TYPES.MSG_FILE) throw new Error('expected a file');
    expect((await fetch(atBob.payload.fileUrl)).status).toBe(200);

    const quoted = await delivered(alice, bob, 'rf-bob', 'words to be recorded');
    const atBobQuoted = (await wholeHistory(bob, 'C2Crf-alice')).find((m) => m.ID === quoted.ID) as Message;
    const record = bob.createMergerMessage({
      to: 'rf-carol',
      conversationType: TYPES.CONV_C2C,
      payload: {
        messageList: [atBobQuoted],
        title: 'Record',
        abstractList: ['alice: words'],
        compatibleText: 'Record',
      },
    });
    const recordArrived = received(carol, record.ID);
    await bob.sendMessage(record);
    const recordAtCarol = await recordArrived;
    if (recordAtCarol.type !== TYPES.MSG_MERGER) throw new Error('expected a record');
    expect(recordAtCarol.payload.messageList[0]?.messageBody[0]).toMatchObject({
      payload: { text: 'words to be recorded' },
    });

    await alice.revokeMessage(fileMessage);
    await alice.revokeMessage(quoted);

    expect((await fetch(atBob.payload.fileUrl)).status).toBe(404);
    // The uploader still has their own file.
    if (fileMessage.type !== TYPES.MSG_FILE) throw new Error('expected a file');
    expect((await fetch(fileMessage.payload.fileUrl)).status).toBe(200);

    const revokedEntry = { isRevoked: true, messageBody: [{ type: TYPES.MSG_TEXT, payload: { text: '' } }] };
    const inHistory = (await wholeHistory(carol, 'C2Crf-bob')).find((m) => m.ID === record.ID) as Message;
    if (inHistory.type !== TYPES.MSG_MERGER) throw new Error('expected a record');
    expect(inHistory.payload.messageList[0]).toMatchObject(revokedEntry);
    const downloaded = await carol.downloadMergerMessage({
      type: TYPES.MSG_MERGER,
      payload: { ...inHistory.payload, messageList: [] },
    });
    expect(downloaded.data.payload.messageList[0]).toMatchObject(revokedEntry);
    // Forwarded on after the revoke, the record carries the marker, not the words.
    const forward = carol.createForwardMessage({ to: 'rf-dave', conversationType: TYPES.CONV_C2C, payload: inHistory });
    const forwardArrived = received(dave, forward.ID);
    await carol.sendMessage(forward);
    const atDave = await forwardArrived;
    if (atDave.type !== TYPES.MSG_MERGER) throw new Error('expected a record');
    expect(JSON.stringify(atDave.payload)).not.toContain('words to be recorded');
    // A revoked message cannot be put in a new record.
    const again = bob.createMergerMessage({
      to: 'rf-carol',
      conversationType: TYPES.CONV_C2C,
      payload: { messageList: [atBobQuoted], title: 'Again', abstractList: [], compatibleText: 'Again' },
    });
    expect(await errorCode(bob.sendMessage(again))).toBe(ErrorCode.MESSAGE_NOT_FOUND);
  });
});

describe('merged records after a late moderation flag', () => {
  it('shows the flagged message of a record as flagged and emptied, in history and when downloaded', async () => {
    const alice = await user('rk-alice');
    const bob = await user('rk-bob');
    const carol = await user('rk-carol');
    const risky = await delivered(alice, bob, 'rk-bob', 'words flagged later');
    const atBob = (await wholeHistory(bob, 'C2Crk-alice')).find((m) => m.ID === risky.ID) as Message;
    const record = bob.createMergerMessage({
      to: 'rk-carol',
      conversationType: TYPES.CONV_C2C,
      payload: { messageList: [atBob], title: 'Record', abstractList: [], compatibleText: 'Record' },
    });
    const recordArrived = received(carol, record.ID);
    await bob.sendMessage(record);
    await recordArrived;

    const question = provider.asked.find((q) => q.messageID === risky.ID);
    const verdict = await fetch(`${server.url}${MODERATION_CALLBACK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ messageID: risky.ID, conversationKey: question?.conversationKey }),
    });
    expect(verdict.status).toBe(200);

    const flaggedEntry = { hasRiskContent: true, messageBody: [{ type: TYPES.MSG_TEXT, payload: { text: '' } }] };
    const inHistory = (await wholeHistory(carol, 'C2Crk-bob')).find((m) => m.ID === record.ID) as Message;
    if (inHistory.type !== TYPES.MSG_MERGER) throw new Error('expected a record');
    expect(inHistory.payload.messageList[0]).toMatchObject(flaggedEntry);
    const downloaded = await carol.downloadMergerMessage({
      type: TYPES.MSG_MERGER,
      payload: { ...inHistory.payload, messageList: [] },
    });
    expect(downloaded.data.payload.messageList[0]).toMatchObject(flaggedEntry);
    expect(JSON.stringify(downloaded.data.payload)).not.toContain('words flagged later');
  });
});

describe('deleteMessage', () => {
  it('deletes for me only: my other tab drops them, my history and list leave them out, the peer keeps all', async () => {
    const alice = await user('dl-alice');
    const aliceTab = await user('dl-alice');
    const bob = await user('dl-bob');
    const first = await delivered(alice, bob, 'dl-bob', 'one');
    const second = await delivered(bob, alice, 'dl-alice', 'two');
    const third = await delivered(alice, bob, 'dl-bob', 'three');
    const atAlice = await wholeHistory(alice, 'C2Cdl-bob');
    const toDelete = atAlice.filter((m) => m.ID === second.ID || m.ID === third.ID);
    const atOtherTab = nextEvent<{ conversationID: string; messageIDList: string[] }>(aliceTab, EVENT.MESSAGE_DELETED);

    const result = await alice.deleteMessage(toDelete);
    expect(result.data.messageList.map((m) => [m.ID, m.isDeleted])).toEqual([
      [second.ID, true],
      [third.ID, true],
    ]);
    expect(await atOtherTab).toEqual({ conversationID: 'C2Cdl-bob', messageIDList: [second.ID, third.ID] });
    expect((await wholeHistory(alice, 'C2Cdl-bob')).map(textOf)).toEqual(['one']);
    for (const chat of [alice, aliceTab]) {
      await until(() => conversationOf(chat, 'C2Cdl-bob')?.lastMessage.ID === first.ID, 5_000, 'the list row');
    }
    const fresh = await user('dl-alice');
    expect(conversationOf(fresh, 'C2Cdl-bob')?.lastMessage).toMatchObject({ ID: first.ID, messageForShow: 'one' });

    // Someone else's copy: bob still has all three.
    expect((await wholeHistory(bob, 'C2Cdl-alice')).map(textOf)).toEqual(['one', 'two', 'three']);
    expect(conversationOf(bob, 'C2Cdl-alice')?.lastMessage.ID).toBe(third.ID);
  });

  it('deletes nothing when one ID is unknown or belongs to another conversation (8003)', async () => {
    const alice = await user('dx-alice');
    const bob = await user('dx-bob');
    const carol = await user('dx-carol');
    const withBob = await delivered(alice, bob, 'dx-bob', 'for bob');
    const withCarol = await delivered(alice, carol, 'dx-carol', 'for carol');
    const elsewhere = { ...withBob, ID: withCarol.ID } as Message;
    const unknown = { ...withBob, ID: 'dx-no-such-message' } as Message;
    expect(await errorCode(alice.deleteMessage([withBob, elsewhere]))).toBe(ErrorCode.MESSAGE_NOT_FOUND);
    expect(await errorCode(alice.deleteMessage([withBob, unknown]))).toBe(ErrorCode.MESSAGE_NOT_FOUND);
    expect(await errorCode(alice.deleteMessage([withBob, withCarol]))).toBe(ErrorCode.INVALID_PARAMS);
    expect((await wholeHistory(alice, 'C2Cdx-bob')).map(textOf)).toEqual(['for bob']);
    expect((await wholeHistory(alice, 'C2Cdx-carol')).map(textOf)).toEqual(['for carol']);
  });
});

describe('modifyMessage', () => {
  it('changes the sender’s text everywhere: MESSAGE_MODIFIED with isModified, history and the list follow', async () => {
    const alice = await user('md-alice');
    const aliceTab = await user('md-alice');
    const bob = await user('md-bob');
    const message = await delivered(alice, bob, 'md-bob', 'draft wording');
    const seen = [bob, aliceTab, alice].map((chat) => changed(chat, EVENT.MESSAGE_MODIFIED, message.ID));
    if (message.type !== TYPES.MSG_TEXT) throw new Error('expected text');
    message.payload.text = 'final wording';

    const result = await alice.modifyMessage(message);
    expect(result.data.message).toBe(message);
    expect(message).toMatchObject({ isModified: true, version: 1, payload: { text: 'final wording' } });
    for (const modified of await Promise.all(seen)) {
      expect(modified).toMatchObject({ isModified: true, version: 1, payload: { text: 'final wording' } });
    }
    expect(textOf((await wholeHistory(bob, 'C2Cmd-alice')).find((m) => m.ID === message.ID))).toBe('final wording');
    await until(
      () => conversationOf(bob, 'C2Cmd-alice')?.lastMessage.messageForShow === 'final wording',
      5_000,
      'the list row',
    );

    const custom = alice.createCustomMessage({
      to: 'md-bob',
      conversationType: TYPES.CONV_C2C,
      payload: { data: 'v1', description: 'first', extension: '' },
    });
    await alice.sendMessage(custom);
    if (custom.type !== TYPES.MSG_CUSTOM) throw new Error('expected custom');
    custom.payload.data = 'v2';
    custom.cloudCustomData = '{"edited":true}';
    await alice.modifyMessage(custom);
    const stored = (await wholeHistory(bob, 'C2Cmd-alice')).find((m) => m.ID === custom.ID);
    expect(stored).toMatchObject({ payload: { data: 'v2' }, cloudCustomData: '{"edited":true}', isModified: true });
  });

  it('answers a modification of an older version with 2480 and the message as it is now', async () => {
    const alice = await user('mc-alice');
    const aliceTab = await user('mc-alice');
    const bob = await user('mc-bob');
    const message = await delivered(alice, bob, 'mc-bob', 'original');
    const here = (await wholeHistory(alice, 'C2Cmc-bob')).find((m) => m.ID === message.ID) as Message;
    const there = (await wholeHistory(aliceTab, 'C2Cmc-bob')).find((m) => m.ID === message.ID) as Message;
    if (here.type !== TYPES.MSG_TEXT || there.type !== TYPES.MSG_TEXT) throw new Error('expected text');
    here.payload.text = 'first edit';
    await alice.modifyMessage(here);
    there.payload.text = 'second edit, too late';
    const conflict = (await aliceTab.modifyMessage(there).catch((error: unknown) => error)) as {
      code: number;
      data?: { message: Message };
    };
    expect(conflict.code).toBe(ErrorCode.MESSAGE_MODIFY_CONFLICT);
    expect(conflict.data?.message).toMatchObject({ ID: message.ID, version: 1, payload: { text: 'first edit' } });
    expect(textOf((await wholeHistory(bob, 'C2Cmc-alice')).find((m) => m.ID === message.ID))).toBe('first edit');

    // The same change sent again (as after a reconnect that lost its answer) is not a conflict.
    const resent = { ...there, payload: { text: 'first edit' } } as Message;
    expect((await aliceTab.modifyMessage(resent)).data.message).toMatchObject({ version: 1, isModified: true });
  });

  it('refuses anyone but the sender, revoked messages, other types, 12 KB and blocked words', async () => {
    const alice = await user('mr-alice');
    const bob = await user('mr-bob');
    const message = await delivered(alice, bob, 'mr-bob', 'as sent');
    const atBob = (await wholeHistory(bob, 'C2Cmr-alice')).find((m) => m.ID === message.ID) as Message;
    if (atBob.type !== TYPES.MSG_TEXT || message.type !== TYPES.MSG_TEXT) throw new Error('expected text');
    atBob.payload.text = 'words put in her mouth';
    expect(await errorCode(bob.modifyMessage(atBob))).toBe(ErrorCode.MESSAGE_MODIFY_DENIED);

    message.payload.text = 'x'.repeat(12 * 1024 + 1);
    expect(await errorCode(alice.modifyMessage(message))).toBe(ErrorCode.MESSAGE_TOO_LONG);
    message.payload.text = 'buy cheap spam';
    expect(await errorCode(alice.modifyMessage(message))).toBe(ErrorCode.TEXT_SENSITIVE);
    expect(textOf((await wholeHistory(bob, 'C2Cmr-alice')).find((m) => m.ID === message.ID))).toBe('as sent');

    const face = alice.createFaceMessage({
      to: 'mr-bob',
      conversationType: TYPES.CONV_C2C,
      payload: { index: 1, data: 'smile' },
    });
    await alice.sendMessage(face);
    expect(await errorCode(alice.modifyMessage(face))).toBe(ErrorCode.MESSAGE_MODIFY_DENIED);

    await alice.revokeMessage(message);
    message.payload.text = 'after the revoke';
    expect(await errorCode(alice.modifyMessage(message))).toBe(ErrorCode.MESSAGE_MODIFY_DENIED);
  });
});

describe('after a reconnect', () => {
  it('a tab that missed revokes, modifications, deletions and a late flag catches up on all of them', async () => {
    const alice = await user('ru-alice');
    const aliceAway = await tabThatCanGoOffline('ru-alice');
    const bobAway = await tabThatCanGoOffline('ru-bob');
    const revoked = await delivered(alice, bobAway.chat, 'ru-bob', 'will be revoked');
    const modified = await delivered(alice, bobAway.chat, 'ru-bob', 'will be modified');
    const flagged = await delivered(alice, bobAway.chat, 'ru-bob', 'maybe risky');
    const deleted = await delivered(alice, bobAway.chat, 'ru-bob', 'will be deleted by alice');
    const aliceEvents = recordEvents(aliceAway.chat);
    const bobEvents = recordEvents(bobAway.chat);
    const back = [aliceAway.chat, bobAway.chat].map((chat) =>
      nextEvent<{ state: string }>(chat, EVENT.NET_STATE_CHANGE, (d) => d.state === 'connected', 15_000),
    );
    aliceAway.goOffline();
    bobAway.goOffline();

    await alice.revokeMessage(revoked);
    if (modified.type !== TYPES.MSG_TEXT) throw new Error('expected text');
    modified.payload.text = 'modified while you were away';
    await alice.modifyMessage(modified);
    const question = provider.asked.find((q) => q.messageID === flagged.ID);
    const verdict = await fetch(`${server.url}${MODERATION_CALLBACK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ messageID: flagged.ID, conversationKey: question?.conversationKey }),
    });
    expect(verdict.status).toBe(200);
    await alice.deleteMessage([deleted]);
    await Promise.all(back);

    const caughtUp = (events: ReturnType<typeof recordEvents>, withDeletion: boolean) =>
      events.messages(EVENT.MESSAGE_REVOKED, revoked.ID).length > 0 &&
      events.messages(EVENT.MESSAGE_MODIFIED, modified.ID).length > 0 &&
      events.messages(EVENT.MESSAGE_MODIFIED, flagged.ID).length > 0 &&
      (!withDeletion || events.deleted().includes(deleted.ID));
    await until(() => caughtUp(aliceEvents, true) && caughtUp(bobEvents, false), 15_000, 'the changes');
    for (const events of [aliceEvents, bobEvents]) {
      expect(events.messages(EVENT.MESSAGE_REVOKED, revoked.ID)[0]).toMatchObject({
        isRevoked: true,
        revoker: 'ru-alice',
      });
      expect(events.messages(EVENT.MESSAGE_MODIFIED, modified.ID)[0]).toMatchObject({
        isModified: true,
        payload: { text: 'modified while you were away' },
      });
      expect(events.messages(EVENT.MESSAGE_MODIFIED, flagged.ID)[0]).toMatchObject({ hasRiskContent: true });
      // Learnt from the catch-up after the reconnect, not from a push.
      const reconnected = events.indexOf(
        (e) => e.name === EVENT.NET_STATE_CHANGE && (e.data as { state: string }).state === 'connected',
      );
      const learnt = events.indexOf((e) => e.name === EVENT.MESSAGE_REVOKED);
      expect(reconnected).toBeGreaterThanOrEqual(0);
      expect(learnt).toBeGreaterThan(reconnected);
    }
    // Deleted for alice only: bob heard of no deletion and keeps the message.
    expect(bobEvents.deleted()).toEqual([]);
    expect((await wholeHistory(bobAway.chat, 'C2Cru-alice')).some((m) => m.ID === deleted.ID)).toBe(true);
    expect((await wholeHistory(aliceAway.chat, 'C2Cru-bob')).some((m) => m.ID === deleted.ID)).toBe(false);
    // The list rows follow: alice's last message is the flagged one now, shown flagged; bob's is the one she deleted.
    await until(() => conversationOf(aliceAway.chat, 'C2Cru-bob')?.lastMessage.ID === flagged.ID, 5_000, 'alice row');
    expect(conversationOf(aliceAway.chat, 'C2Cru-bob')?.lastMessage.hasRiskContent).toBe(true);
    expect(conversationOf(bobAway.chat, 'C2Cru-alice')?.lastMessage.ID).toBe(deleted.ID);
    // Each change came once.
    expect(bobEvents.messages(EVENT.MESSAGE_REVOKED, revoked.ID)).toHaveLength(1);
    expect(aliceEvents.deleted().filter((id) => id === deleted.ID)).toHaveLength(1);
  });

  it('the conversation list preview follows a late moderation flag on the last message', async () => {
    const cat = await user('rp-cat');
    const dan = await user('rp-dan');
    const message = await delivered(cat, dan, 'rp-dan', 'maybe too much');
    expect(conversationOf(dan, 'C2Crp-cat')?.lastMessage).toMatchObject({ ID: message.ID, hasRiskContent: false });
    const question = provider.asked.find((q) => q.messageID === message.ID);
    await fetch(`${server.url}${MODERATION_CALLBACK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ messageID: message.ID, conversationKey: question?.conversationKey }),
    });
    await until(() => conversationOf(dan, 'C2Crp-cat')?.lastMessage.hasRiskContent === true, 5_000, 'the flag');
    await until(() => conversationOf(cat, 'C2Crp-dan')?.lastMessage.hasRiskContent === true, 5_000, 'the flag');
  });
});
