import { ErrorCode, Limits } from '@liaison/protocol';
import LiaisonChat, { type Message } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { type Chat, createGroupWith, errorCode, nextEvent, RawClient, useServer } from '../../integration/harness';

/**
 * Tencent's message extensions through the SDK against a real server: who sees a change, the
 * version check between users, history, and every refusal (with nothing changed).
 */

const { EVENT, TYPES } = LiaisonChat;
const { server, user } = useServer();

type Updated = { messageID: string; extensions: Array<{ key: string; value: string }> };
type Deleted = { messageID: string; keyList: string[] };

const updated = (chat: Chat, messageID: string) =>
  nextEvent<Updated>(chat, EVENT.MESSAGE_EXTENSIONS_UPDATED, (d) => d.messageID === messageID);
const deleted = (chat: Chat, messageID: string) =>
  nextEvent<Deleted>(chat, EVENT.MESSAGE_EXTENSIONS_DELETED, (d) => d.messageID === messageID);

/** A poll-like custom message sent with isSupportExtension, and `to`'s copy of it. */
async function poll(from: Chat, to: Chat, target: string, type: 'C2C' | 'GROUP', isSupportExtension = true) {
  const message = from.createCustomMessage({
    to: target,
    conversationType: type,
    payload: { data: 'poll', description: 'Lunch?', extension: '' },
    isSupportExtension,
  });
  const arrived = nextEvent<Message[]>(to, EVENT.MESSAGE_RECEIVED, (list) => list.some((m) => m.ID === message.ID));
  await from.sendMessage(message);
  return { sent: message, copy: (await arrived).find((m) => m.ID === message.ID) as Message };
}

describe('message extensions in a group', () => {
  it('a member sets keys: the answer gives each key’s result, every member gets MESSAGE_EXTENSIONS_UPDATED, and history keeps the flag', async () => {
    const alice = await user('mx-alice');
    const bob = await user('mx-bob');
    const carol = await user('mx-carol');
    await createGroupWith(alice, 'mx-group', ['mx-bob', 'mx-carol']);
    const { sent, copy } = await poll(alice, bob, 'mx-group', 'GROUP');
    expect(sent.isSupportExtension).toBe(true);
    expect(copy.isSupportExtension).toBe(true);

    const atAlice = updated(alice, sent.ID);
    const atCarol = updated(carol, sent.ID);
    const answer = await bob.setMessageExtensions(copy, [{ key: 'mx-bob', value: 'yes' }]);
    expect(answer).toEqual({ code: 0, data: { extensions: [{ code: 0, key: 'mx-bob', value: 'yes' }] } });
    expect(await atAlice).toEqual({ messageID: sent.ID, extensions: [{ key: 'mx-bob', value: 'yes' }] });
    expect((await atCarol).extensions).toEqual([{ key: 'mx-bob', value: 'yes' }]);

    const { data: history } = await carol.getMessageList({ conversationID: 'GROUPmx-group' });
    const inHistory = history.messageList.find((m) => m.ID === sent.ID) as Message;
    expect(inHistory.isSupportExtension).toBe(true);
    expect((await carol.getMessageExtensions(inHistory)).data.extensions).toEqual([{ key: 'mx-bob', value: 'yes' }]);
  });

  it('two users change one key: whoever names an old version gets 23001 with the key as it is, and succeeds once it knows it', async () => {
    const alice = await user('mx2-alice');
    const bob = await user('mx2-bob');
    const carol = await user('mx2-carol');
    await createGroupWith(alice, 'mx2-group', ['mx2-bob', 'mx2-carol']);
    const { sent, copy } = await poll(alice, bob, 'mx2-group', 'GROUP');
    await bob.setMessageExtensions(copy, [{ key: 'winner', value: 'bob' }]);

    const stale = await carol.setMessageExtensions(sent, [
      { key: 'winner', value: 'carol' },
      { key: 'other', value: 'x' },
    ]);
    expect(stale.data.extensions).toEqual([
      { code: ErrorCode.MESSAGE_EXTENSION_CONFLICT, key: 'winner', value: 'bob' },
      { code: 0, key: 'other', value: 'x' },
    ]);
    const retried = await carol.setMessageExtensions(sent, [{ key: 'winner', value: 'carol' }]);
    expect(retried.data.extensions).toEqual([{ code: 0, key: 'winner', value: 'carol' }]);
    expect((await alice.getMessageExtensions(sent)).data.extensions).toEqual([
      { key: 'other', value: 'x' },
      { key: 'winner', value: 'carol' },
    ]);
  });

  it('deleting named keys, then every key: MESSAGE_EXTENSIONS_DELETED names them and nothing is left', async () => {
    const alice = await user('mx3-alice');
    const bob = await user('mx3-bob');
    await createGroupWith(alice, 'mx3-group', ['mx3-bob']);
    const { sent, copy } = await poll(alice, bob, 'mx3-group', 'GROUP');
    await alice.setMessageExtensions(sent, [
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
      { key: 'c', value: '3' },
    ]);

    const named = deleted(bob, sent.ID);
    const answer = await alice.deleteMessageExtensions(sent, ['a']);
    expect(answer.data.extensions).toEqual([{ code: 0, key: 'a', value: '' }]);
    expect(await named).toEqual({ messageID: sent.ID, keyList: ['a'] });

    const all = deleted(bob, sent.ID);
    await alice.deleteMessageExtensions(sent);
    expect((await all).keyList.sort()).toEqual(['b', 'c']);
    expect((await bob.getMessageExtensions(copy)).data.extensions).toEqual([]);
  });

  it(`refuses key ${Limits.MESSAGE_EXTENSIONS_PER_MESSAGE_MAX + 1} of a message with 60048, and keys or values over Tencent's sizes with 60003`, async () => {
    const alice = await user('mx4-alice');
    const bob = await user('mx4-bob');
    await createGroupWith(alice, 'mx4-group', ['mx4-bob']);
    const { sent } = await poll(alice, bob, 'mx4-group', 'GROUP');
    const perCall = Limits.MESSAGE_EXTENSIONS_PER_CALL_MAX;
    for (let call = 0; call < Limits.MESSAGE_EXTENSIONS_PER_MESSAGE_MAX / perCall; call++) {
      const keys = Array.from({ length: perCall }, (_, i) => ({ key: `k${call * perCall + i}`, value: 'v' }));
      await alice.setMessageExtensions(sent, keys);
    }
    const over = await alice.setMessageExtensions(sent, [
      { key: 'one-too-many', value: 'v' },
      { key: 'k0', value: 'changed' },
    ]);
    expect(over.data.extensions.map((e) => e.code)).toEqual([ErrorCode.MESSAGE_EXTENSION_LIMIT, 0]);

    expect(await errorCode(alice.setMessageExtensions(sent, [{ key: 'k'.repeat(101), value: 'v' }]))).toBe(
      ErrorCode.INVALID_PARAMS,
    );
    expect(await errorCode(alice.setMessageExtensions(sent, [{ key: 'k1', value: 'v'.repeat(1025) }]))).toBe(
      ErrorCode.INVALID_PARAMS,
    );
    const { data } = await alice.getMessageExtensions(sent);
    expect(data.extensions).toHaveLength(Limits.MESSAGE_EXTENSIONS_PER_MESSAGE_MAX);
    expect(data.extensions.find((e) => e.key === 'k1')?.value).toBe('v');
  });
});

describe('message extensions in one-to-one chats', () => {
  it('either side sets a key: both get MESSAGE_EXTENSIONS_UPDATED', async () => {
    const alice = await user('mx5-alice');
    const bob = await user('mx5-bob');
    const { sent, copy } = await poll(alice, bob, 'mx5-bob', 'C2C');
    const atAlice = updated(alice, sent.ID);
    const atBob = updated(bob, sent.ID);
    await bob.setMessageExtensions(copy, [{ key: 'seen', value: 'bob' }]);
    expect((await atAlice).extensions).toEqual([{ key: 'seen', value: 'bob' }]);
    expect((await atBob).extensions).toEqual([{ key: 'seen', value: 'bob' }]);
  });
});

describe('message extensions refused', () => {
  it('a message sent without isSupportExtension: the SDK refuses with 60003 as Tencent’s, the server with 60047', async () => {
    const alice = await user('mx6-alice');
    const bob = await user('mx6-bob');
    const { sent } = await poll(alice, bob, 'mx6-bob', 'C2C', false);
    expect(sent.isSupportExtension).toBe(false);
    expect(await errorCode(alice.setMessageExtensions(sent, [{ key: 'a', value: '1' }]))).toBe(
      ErrorCode.INVALID_PARAMS,
    );

    const raw = await RawClient.open(server());
    expect((await raw.login(server(), 'mx6-alice')).ok).toBe(true);
    const answer = await raw.request('setMessageExtensions', {
      conversationID: 'C2Cmx6-bob',
      messageID: sent.ID,
      extensions: [{ key: 'a', value: '1' }],
    });
    expect(answer.error?.code).toBe(ErrorCode.MESSAGE_EXTENSION_UNSUPPORTED);
    raw.socket.close();
  });

  it('a community message takes no extensions (60047), and a non-member reaches none (10011)', async () => {
    const alice = await user('mx7-alice');
    const bob = await user('mx7-bob');
    const mallory = await user('mx7-mallory');
    await createGroupWith(alice, 'mx7-community', ['mx7-bob'], TYPES.GRP_COMMUNITY);
    const { sent } = await poll(alice, bob, 'mx7-community', 'GROUP');
    expect(await errorCode(alice.setMessageExtensions(sent, [{ key: 'a', value: '1' }]))).toBe(
      ErrorCode.MESSAGE_EXTENSION_UNSUPPORTED,
    );

    await createGroupWith(alice, 'mx7-work', ['mx7-bob']);
    const { sent: work } = await poll(alice, bob, 'mx7-work', 'GROUP');
    expect(await errorCode(mallory.setMessageExtensions(work, [{ key: 'a', value: '1' }]))).toBe(
      ErrorCode.GROUP_NOT_MEMBER,
    );
    expect(await errorCode(mallory.getMessageExtensions(work))).toBe(ErrorCode.GROUP_NOT_MEMBER);
    expect((await alice.getMessageExtensions(work)).data.extensions).toEqual([]);
  });
});
