import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, errorCode, nextEvent, until, wholeHistory } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * Revoke, delete for me and modify with the actor on one server process and the people who see
 * the change on the other (PostgreSQL + NATS), live and after a reconnect that missed it.
 */
const { EVENT, TYPES } = LiaisonChat;
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;
const userOn = (server: ServerProcess, userID: string) => tabs.userOn(server, userID);
const tabThatCanGoOffline = (server: ServerProcess, userID: string) => tabs.tabThatCanGoOffline(server, userID);

function changed(chat: Chat, name: (typeof EVENT)[keyof typeof EVENT], messageID: string): Promise<Message> {
  return nextEvent<Message[]>(chat, name, (list) => list.some((m) => m.ID === messageID), 15_000).then(
    (list) => list.find((m) => m.ID === messageID) as Message,
  );
}

async function delivered(from: Chat, to: Chat, toID: string, text: string, type: 'C2C' | 'GROUP' = 'C2C') {
  const message = from.createTextMessage({ to: toID, conversationType: type, payload: { text } });
  const arrived = nextEvent<Message[]>(to, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.ID === message.ID));
  await from.sendMessage(message);
  await arrived;
  return message;
}

const textOf = (message: Message | undefined) => (message?.type === TYPES.MSG_TEXT ? message.payload.text : undefined);

beforeAll(async () => {
  ({
    p1,
    p2,
    stop: stopPair,
  } = await startProcessPair('liaison_actions', 1_400_777_011, {
    REVOKE_WINDOW_SECONDS: '600',
  }));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

describe('message actions on two server processes', () => {
  it('shows a revoke, a modification and a deletion made on one process to tabs on the other', async () => {
    const alice = await userOn(p1, 'sa-alice');
    const aliceTab = await userOn(p2, 'sa-alice');
    const bob = await userOn(p2, 'sa-bob');
    const revoked = await delivered(alice, bob, 'sa-bob', 'take this back');
    const modified = await delivered(alice, bob, 'sa-bob', 'first wording');
    const deleted = await delivered(alice, bob, 'sa-bob', 'delete me, not for bob');

    const revokedAt = [bob, aliceTab].map((chat) => changed(chat, EVENT.MESSAGE_REVOKED, revoked.ID));
    await alice.revokeMessage(revoked);
    for (const message of await Promise.all(revokedAt)) {
      expect(message).toMatchObject({ isRevoked: true, revoker: 'sa-alice', payload: { text: '' } });
    }

    const modifiedAt = [bob, aliceTab].map((chat) => changed(chat, EVENT.MESSAGE_MODIFIED, modified.ID));
    if (modified.type !== TYPES.MSG_TEXT) throw new Error('expected text');
    modified.payload.text = 'second wording';
    await alice.modifyMessage(modified);
    for (const message of await Promise.all(modifiedAt)) {
      expect(message).toMatchObject({ isModified: true, payload: { text: 'second wording' } });
    }

    const deletedAtTab = nextEvent<{ messageIDList: string[] }>(aliceTab, EVENT.MESSAGE_DELETED);
    await alice.deleteMessage([deleted]);
    expect((await deletedAtTab).messageIDList).toEqual([deleted.ID]);
    expect((await wholeHistory(aliceTab, 'C2Csa-bob')).map(textOf)).toEqual(['', 'second wording']);
    expect((await wholeHistory(bob, 'C2Csa-alice')).map(textOf)).toEqual([
      '',
      'second wording',
      'delete me, not for bob',
    ]);

    // A concurrent modification from the other process: 2480 with the message as it is now.
    const stale = (await wholeHistory(aliceTab, 'C2Csa-bob')).find((m) => m.ID === modified.ID) as Message;
    modified.payload.text = 'third wording';
    await alice.modifyMessage(modified);
    if (stale.type !== TYPES.MSG_TEXT) throw new Error('expected text');
    stale.payload.text = 'too late';
    const conflict = (await aliceTab.modifyMessage(stale).catch((error: unknown) => error)) as {
      code: number;
      data?: { message: Message };
    };
    expect(conflict.code).toBe(ErrorCode.MESSAGE_MODIFY_CONFLICT);
    expect(textOf(conflict.data?.message)).toBe('third wording');
  });

  it('lets the group owner on one process revoke a member’s message on the other, and no plain member', async () => {
    const owner = await userOn(p1, 'sg-owner');
    const ann = await userOn(p2, 'sg-ann');
    const ben = await userOn(p2, 'sg-ben');
    await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Across',
      groupID: 'sg-group',
      memberList: [{ userID: 'sg-ann' }, { userID: 'sg-ben' }],
    });
    const byAnn = await delivered(ann, owner, 'sg-group', 'from ann', 'GROUP');
    // Ben keeps a record of it, made on p2.
    const record = ben.createMergerMessage({
      to: 'sg-group',
      conversationType: TYPES.CONV_GROUP,
      payload: { messageList: [{ ...byAnn }], title: 'Kept', abstractList: [], compatibleText: 'Kept' },
    });
    await ben.sendMessage(record);
    expect(await errorCode(ben.revokeMessage({ ...byAnn }))).toBe(ErrorCode.GROUP_NO_PERMISSION);
    const seen = [ann, ben].map((chat) => changed(chat, EVENT.MESSAGE_REVOKED, byAnn.ID));
    await owner.revokeMessage({ ...byAnn });
    for (const message of await Promise.all(seen)) {
      expect(message).toMatchObject({ isRevoked: true, revoker: 'sg-owner', from: 'sg-ann' });
    }
    // The record, read later on p1, shows the message revoked.
    const kept = (await wholeHistory(owner, 'GROUPsg-group')).find((m) => m.ID === record.ID);
    if (kept?.type !== TYPES.MSG_MERGER) throw new Error('expected the record');
    expect(kept.payload.messageList[0]).toMatchObject({ ID: byAnn.ID, isRevoked: true });
    expect(JSON.stringify(kept.payload)).not.toContain('from ann');
  });

  it('lets a tab that missed changes made on the other process catch up after it reconnects', async () => {
    const alice = await userOn(p2, 'sr-alice');
    const away = await tabThatCanGoOffline(p1, 'sr-alice');
    const bobAway = await tabThatCanGoOffline(p1, 'sr-bob');
    const revoked = await delivered(alice, bobAway.chat, 'sr-bob', 'revoked while away');
    const modified = await delivered(alice, bobAway.chat, 'sr-bob', 'modified while away');
    const deleted = await delivered(alice, bobAway.chat, 'sr-bob', 'deleted while away');
    const events: string[] = [];
    const log = (chat: Chat, who: string) => {
      chat.on(EVENT.NET_STATE_CHANGE, (e) => events.push(`${who} ${e.data.state}`));
      chat.on(EVENT.MESSAGE_REVOKED, (e) => events.push(...e.data.map((m) => `${who} revoked ${m.ID}`)));
      chat.on(EVENT.MESSAGE_MODIFIED, (e) =>
        events.push(...e.data.map((m) => `${who} modified ${m.ID} ${textOf(m) ?? ''}`)),
      );
      chat.on(EVENT.MESSAGE_DELETED, (e) => events.push(...e.data.messageIDList.map((id) => `${who} deleted ${id}`)));
    };
    log(away.chat, 'alice');
    log(bobAway.chat, 'bob');
    const back = [away.chat, bobAway.chat].map((chat) =>
      nextEvent<{ state: string }>(chat, EVENT.NET_STATE_CHANGE, (d) => d.state === 'connected', 20_000),
    );
    away.goOffline();
    bobAway.goOffline();
    await alice.revokeMessage(revoked);
    if (modified.type !== TYPES.MSG_TEXT) throw new Error('expected text');
    modified.payload.text = 'changed on p2';
    await alice.modifyMessage(modified);
    await alice.deleteMessage([deleted]);
    await Promise.all(back);

    const expected = {
      alice: [`revoked ${revoked.ID}`, `modified ${modified.ID} changed on p2`, `deleted ${deleted.ID}`],
      bob: [`revoked ${revoked.ID}`, `modified ${modified.ID} changed on p2`],
    };
    const all = [...expected.alice.map((e) => `alice ${e}`), ...expected.bob.map((e) => `bob ${e}`)];
    await until(() => all.every((e) => events.includes(e)), 20_000, 'the changes after the reconnect');
    for (const who of ['alice', 'bob'] as const) {
      const connected = events.indexOf(`${who} connected`);
      expect(connected).toBeGreaterThanOrEqual(0);
      for (const e of expected[who]) expect(events.indexOf(`${who} ${e}`)).toBeGreaterThan(connected);
    }
    expect(events).not.toContain(`bob deleted ${deleted.ID}`);
    expect((await wholeHistory(bobAway.chat, 'C2Csr-alice')).map(textOf)).toEqual([
      '',
      'changed on p2',
      'deleted while away',
    ]);
    expect((await wholeHistory(away.chat, 'C2Csr-bob')).map(textOf)).toEqual(['', 'changed on p2']);
  });
});
