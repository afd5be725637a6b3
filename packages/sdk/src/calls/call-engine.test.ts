import { type Call, ErrorCode } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../../../apps/server/src/app';
import { type Chat, connect, errorCode, startServer, until } from '../../../../apps/server/src/integration/harness';
import { CALL_EVENT, type CallEngine, type CallEventDataMap, type CallEventName } from './call-types';

/**
 * The engine's events against the real server, in Node: no WebRTC there, so the engine does the
 * signalling only (the media path is the browser e2e's).
 */

let server: LiaisonServer;
const chats: Chat[] = [];

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server?.close();
});

interface Seen {
  name: CallEventName;
  data: CallEventDataMap[CallEventName];
}

/** One tab's engine and every event it emitted, in order. */
interface Tab {
  chat: Chat;
  engine: CallEngine;
  seen: Seen[];
  /** The event names seen so far, CALL_UPDATED left out (it follows every change). */
  names(): CallEventName[];
  /** Waits for an event and returns its data. */
  next<K extends CallEventName>(name: K): Promise<CallEventDataMap[K]>;
}

const ALL_EVENTS = Object.values(CALL_EVENT);

async function tab(userID: string): Promise<Tab> {
  const chat = await connect(server, userID, { webRTC: null });
  chats.push(chat);
  const engine = chat.getCallEngine();
  const seen: Seen[] = [];
  for (const name of ALL_EVENTS) engine.on(name, (data) => seen.push({ name, data }));
  return {
    chat,
    engine,
    seen,
    names: () => seen.map((s) => s.name).filter((name) => name !== CALL_EVENT.CALL_UPDATED),
    async next(name) {
      await until(() => seen.some((s) => s.name === name), 10_000, name);
      const found = seen.find((s) => s.name === name);
      return found?.data as CallEventDataMap[typeof name];
    },
  };
}

function stateOf(call: Call | null, userID: string): string | undefined {
  return call?.participants.find((p) => p.userID === userID)?.state;
}

describe('a one-to-one call through the engine', () => {
  it('rings the callee, begins on both sides when answered, and ends on both with its duration when hung up', async () => {
    const alice = await tab('ce-alice');
    const bob = await tab('ce-bob');

    const started = await alice.engine.call({ userID: 'ce-bob', type: 2 });
    expect(started.state).toBe('ringing');
    expect(alice.engine.getActiveCall()?.callID).toBe(started.callID);

    const invitation = await bob.next(CALL_EVENT.INVITED);
    expect(invitation).toMatchObject({ inviterID: 'ce-alice', type: 2, groupID: null });
    expect(bob.engine.isRingingHere()).toBe(true);

    const answered = await bob.engine.accept();
    expect(answered.state).toBe('connected');
    expect(bob.engine.isRingingHere()).toBe(false);
    await alice.next(CALL_EVENT.CALL_BEGIN);
    expect(alice.names()).toEqual([CALL_EVENT.USER_ACCEPT, CALL_EVENT.USER_ENTER, CALL_EVENT.CALL_BEGIN]);
    expect(bob.names()).toEqual([CALL_EVENT.INVITED, CALL_EVENT.USER_ENTER, CALL_EVENT.CALL_BEGIN]);

    await alice.engine.hangup();
    const aliceEnd = await alice.next(CALL_EVENT.CALLING_END);
    const bobEnd = await bob.next(CALL_EVENT.CALLING_END);
    expect(aliceEnd).toMatchObject({ reason: 'ended' });
    expect(bobEnd).toMatchObject({ reason: 'ended' });
    expect(bobEnd.totalTime).toBeGreaterThanOrEqual(0);
    expect(alice.engine.getActiveCall()).toBeNull();
    expect(bob.engine.getActiveCall()).toBeNull();
    expect(alice.seen.at(-1)).toEqual({ name: CALL_EVENT.CALL_UPDATED, data: { call: null } });
  });

  it('tells the caller the callee declined, and the call ends as declined', async () => {
    const alice = await tab('ce-alice2');
    const bob = await tab('ce-bob2');
    await alice.engine.call({ userID: 'ce-bob2', type: 1 });
    await bob.next(CALL_EVENT.INVITED);

    await bob.engine.reject();
    expect(bob.engine.getActiveCall()).toBeNull();
    expect((await alice.next(CALL_EVENT.REJECT)).userID).toBe('ce-bob2');
    expect(await alice.next(CALL_EVENT.CALLING_END)).toMatchObject({ reason: 'declined', totalTime: 0 });
    expect(alice.names()).toEqual([CALL_EVENT.REJECT, CALL_EVENT.CALLING_END]);
    expect(bob.names()).toEqual([CALL_EVENT.INVITED]);
  });

  it('stops the callee’s ringing with a cancel when the caller hangs up first', async () => {
    const alice = await tab('ce-alice3');
    const bob = await tab('ce-bob3');
    await alice.engine.call({ userID: 'ce-bob3', type: 1 });
    await bob.next(CALL_EVENT.INVITED);

    const cancelled = await alice.engine.hangup();
    expect(cancelled.endReason).toBe('cancelled');
    expect(await alice.next(CALL_EVENT.CALLING_END)).toMatchObject({ reason: 'cancelled', totalTime: 0 });
    await bob.next(CALL_EVENT.CALL_NOT_RINGING);
    expect(bob.names()).toEqual([CALL_EVENT.INVITED, CALL_EVENT.CALLING_CANCEL, CALL_EVENT.CALL_NOT_RINGING]);
    expect(bob.engine.isRingingHere()).toBe(false);
    expect(bob.engine.getActiveCall()).toBeNull();
  });

  it('reports a callee who is in another call as busy, without ringing them', async () => {
    const alice = await tab('ce-alice4');
    const bob = await tab('ce-bob4');
    const carol = await tab('ce-carol4');
    await carol.engine.call({ userID: 'ce-bob4', type: 1 });
    await bob.next(CALL_EVENT.INVITED);
    await bob.engine.accept();

    await alice.engine.call({ userID: 'ce-bob4', type: 1 });
    expect((await alice.next(CALL_EVENT.LINE_BUSY)).userID).toBe('ce-bob4');
    expect(await alice.next(CALL_EVENT.CALLING_END)).toMatchObject({ reason: 'busy' });
    expect(alice.engine.getActiveCall()).toBeNull();
    expect(bob.names().filter((name) => name === CALL_EVENT.INVITED)).toHaveLength(1);
    expect(bob.engine.getActiveCall()?.inviterID).toBe('ce-carol4');

    await bob.engine.hangup();
    await carol.next(CALL_EVENT.CALLING_END);
  });

  it('refuses a second call on a tab that has one', async () => {
    const alice = await tab('ce-alice5');
    await tab('ce-bob5');
    await alice.engine.call({ userID: 'ce-bob5', type: 1 });
    expect(await errorCode(alice.engine.call({ userID: 'ce-bob5', type: 1 }))).toBe(ErrorCode.CALL_ALREADY_IN_CALL);
    await alice.engine.hangup();
  });
});

describe('a callee with two tabs', () => {
  it('rings on both; answering on one stops the other ringing, which can no longer answer', async () => {
    const alice = await tab('ce-alice6');
    const bobHere = await tab('ce-bob6');
    const bobThere = await tab('ce-bob6');
    const started = await alice.engine.call({ userID: 'ce-bob6', type: 2 });
    await Promise.all([bobHere.next(CALL_EVENT.INVITED), bobThere.next(CALL_EVENT.INVITED)]);

    await bobHere.engine.accept();
    const stopped = await bobThere.next(CALL_EVENT.CALL_NOT_RINGING);
    expect(stopped.call.callID).toBe(started.callID);
    expect(stateOf(stopped.call, 'ce-bob6')).toBe('joined');
    expect(bobThere.names()).toEqual([CALL_EVENT.INVITED, CALL_EVENT.CALL_NOT_RINGING]);
    expect(bobThere.engine.isRingingHere()).toBe(false);
    expect(await errorCode(bobThere.engine.accept())).toBe(ErrorCode.CALL_INVALID_STATE);
    expect(bobHere.engine.getActiveCall()?.state).toBe('connected');

    await bobHere.engine.hangup();
    await alice.next(CALL_EVENT.CALLING_END);
    expect(bobThere.names()).toEqual([CALL_EVENT.INVITED, CALL_EVENT.CALL_NOT_RINGING]);
  });
});

describe('a group call through the engine', () => {
  it('lets a member who declined join the ongoing call; the others see them enter and leave, and it goes on', async () => {
    const carol = await tab('ce-carol7');
    const alice = await tab('ce-alice7');
    const bob = await tab('ce-bob7');
    await carol.chat.createGroup({
      type: 'Public',
      name: 'Calls',
      groupID: 'ce-group7',
      memberList: [{ userID: 'ce-alice7' }, { userID: 'ce-bob7' }],
    });

    const started = await carol.engine.groupCall({
      userIDList: ['ce-alice7', 'ce-bob7'],
      groupID: 'ce-group7',
      type: 1,
    });
    await Promise.all([alice.next(CALL_EVENT.INVITED), bob.next(CALL_EVENT.INVITED)]);
    await alice.engine.accept();
    await bob.engine.reject();
    expect((await carol.next(CALL_EVENT.REJECT)).userID).toBe('ce-bob7');
    expect(carol.engine.getActiveCall()?.state).toBe('connected');

    const ongoing = await bob.engine.getGroupCall({ groupID: 'ce-group7' });
    expect(ongoing?.callID).toBe(started.callID);
    const joined = await bob.engine.join({ callID: started.callID });
    expect(stateOf(joined, 'ce-bob7')).toBe('joined');
    expect(bob.names().slice(-3)).toEqual([CALL_EVENT.USER_ENTER, CALL_EVENT.USER_ENTER, CALL_EVENT.CALL_BEGIN]);
    await until(() =>
      alice.seen.some((s) => s.name === CALL_EVENT.USER_ENTER && 'userID' in s.data && s.data.userID === 'ce-bob7'),
    );

    await alice.engine.hangup();
    expect(await alice.next(CALL_EVENT.CALLING_END)).toMatchObject({ reason: 'hangup' });
    expect((await carol.next(CALL_EVENT.USER_LEAVE)).userID).toBe('ce-alice7');
    expect(carol.engine.getActiveCall()?.state).toBe('connected');

    await bob.engine.hangup();
    expect(await carol.next(CALL_EVENT.CALLING_END)).toMatchObject({ reason: 'ended' });
  });
});
