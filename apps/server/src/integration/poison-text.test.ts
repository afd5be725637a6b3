import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { errorCode, RawClient, recordMessages, until, useServer } from './harness';

const { TYPES } = LiaisonChat;
const { server, user } = useServer();

/** Texts PostgreSQL cannot store, sent as raw frames since the SDK refuses them itself. */
const POISON: Array<{ text: string; cloudCustomData?: string }> = [
  { text: 'a\u0000b' },
  { text: 'a\ud800b' },
  { text: '\udc00' },
  { text: 'fine', cloudCustomData: '{"x":"\u0000"}' },
];

describe('text the database cannot store', () => {
  it('is refused with 60008 while another user’s 40 sends all succeed', async () => {
    const alice = await user('poison-alice');
    const bob = await user('poison-bob');
    const received = recordMessages(bob);
    const mallory = await RawClient.open(server());
    expect((await mallory.login(server(), 'poison-mallory')).ok).toBe(true);

    const poisonReplies: Array<Promise<{ ok: boolean; error?: { code: number } }>> = [];
    const attack = setInterval(() => {
      const n = poisonReplies.length;
      poisonReplies.push(
        mallory.request('sendMessage', {
          ID: `poison-${n}`,
          conversationType: 'C2C',
          to: 'poison-bob',
          type: 'TIMTextElem',
          clientTime: 1,
          random: n,
          payload: { text: POISON[n % POISON.length]?.text },
          cloudCustomData: POISON[n % POISON.length]?.cloudCustomData,
        }),
      );
    }, 2);
    let outcomes: PromiseSettledResult<unknown>[];
    try {
      await until(() => poisonReplies.length >= 8, 10_000, 'the attack to start');
      outcomes = await Promise.allSettled(
        Array.from({ length: 40 }, (_, i) =>
          alice.sendMessage(
            alice.createTextMessage({ to: 'poison-bob', conversationType: TYPES.CONV_C2C, payload: { text: `m${i}` } }),
          ),
        ),
      );
    } finally {
      clearInterval(attack);
    }
    const refusals = await Promise.all(poisonReplies);
    mallory.close();

    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(refusals.length).toBeGreaterThan(8);
    expect(new Set(refusals.map((r) => r.error?.code))).toEqual(new Set([ErrorCode.TEXT_INVALID_CHARACTERS]));
    await until(() => received.length >= 40, 10_000, 'bob to receive 40 messages');
    expect(received.map((m) => m.text).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `m${i}`).sort());
    const stored = await server().db.query("SELECT 1 FROM messages WHERE sender = 'poison-mallory'");
    expect(stored).toEqual([]);
  });

  it('is refused by the SDK itself with 60008, and the message is marked failed', async () => {
    const alice = await user('poison-sdk-alice');
    await user('poison-sdk-bob');
    const message = alice.createTextMessage({
      to: 'poison-sdk-bob',
      conversationType: TYPES.CONV_C2C,
      payload: { text: 'null \u0000 byte' },
    });
    expect(await errorCode(alice.sendMessage(message))).toBe(ErrorCode.TEXT_INVALID_CHARACTERS);
    expect(message.status).toBe('fail');
    expect(await errorCode(alice.updateMyProfile({ nick: 'x\ud800' }))).toBe(ErrorCode.TEXT_INVALID_CHARACTERS);
    expect((await alice.getMyProfile()).data.nick).toBe('');
  });

  it('is refused by the server in profiles, drafts and groups, naming the field', async () => {
    const client = await RawClient.open(server());
    expect((await client.login(server(), 'poison-raw')).ok).toBe(true);
    const refusals = await Promise.all([
      client.request('updateMyProfile', { nick: 'n\u0000' }),
      client.request('updateMyProfile', { selfSignature: '\ud83d' }),
      client.request('setConversationDraft', { conversationID: 'C2Cpoison-alice', draftText: 'd\u0000' }),
      client.request('createGroup', { type: 'Public', name: 'g\u0000' }),
      client.request('createGroup', { type: 'Public', name: 'g', notification: '\udfff' }),
      client.request('createGroup', { type: 'Public', name: 'g', introduction: '\u0000' }),
    ]);
    client.close();
    expect(refusals.map((r) => r.error?.code)).toEqual(Array(6).fill(ErrorCode.TEXT_INVALID_CHARACTERS));
    const messages = refusals.map((r) => (r.error as { message?: string } | undefined)?.message ?? '');
    expect(messages[0]).toContain('nick');
    expect(messages[4]).toContain('notification');
    const groups = await server().db.query("SELECT 1 FROM groups WHERE owner_id = 'poison-raw'");
    expect(groups).toEqual([]);
  });
});
