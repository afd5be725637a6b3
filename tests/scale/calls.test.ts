import { CallRecordAction, ErrorCode } from '@liaison/protocol';
import { CALL_EVENT, CALL_MEDIA_TYPE, type CallEnd, type CallMediaType } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallTab, callRecords, heardOn, openTab, RawTab } from '../../apps/server/src/integration/call-helpers';
import { until } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { backend } from '../../apps/server/src/integration/tabs';
import { startFailoverProxy } from './failover-proxy';
import { startProcessPair } from './shared-services';

/**
 * Calls across two server processes on PostgreSQL + NATS: the state every process shares is in
 * the database, pushes travel the bus to whichever process holds a tab, and signalling reaches
 * the joined tab on the other process. A short invite timeout, so that "handled once" is quick to see.
 * Apart from the first test, users act through the SDK's call engine (signalling only: Node has
 * no WebRTC), the caller on one process and the callee on the other, and what is checked is what
 * they see: the engine's events and the call records in their histories. A process killed
 * mid-call is the last test: the pair has one process from then on.
 */
const INVITE_TIMEOUT_SECONDS = 5;

let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
const engines: CallTab[] = [];
const raws: RawTab[] = [];
const proxies: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  ({
    p1,
    p2,
    stop: stopPair,
  } = await startProcessPair('liaison_calls', 1_400_777_016, {
    CALL_INVITE_TIMEOUT_SECONDS: String(INVITE_TIMEOUT_SECONDS),
  }));
});

afterAll(async () => {
  // destroy, not logout: some tabs' process or connection is gone on purpose.
  await Promise.all(engines.map((tab) => tab.chat.destroy().catch(() => undefined)));
  for (const raw of raws) raw.close();
  for (const proxy of proxies) await proxy.close();
  await stopPair?.();
});

async function rawOn(server: ServerProcess, userID: string): Promise<RawTab> {
  const raw = await RawTab.open(server, userID);
  raws.push(raw);
  return raw;
}

async function engineOn(server: ServerProcess, userID: string): Promise<CallTab> {
  const tab = await openTab(server, userID);
  engines.push(tab);
  return tab;
}

/** A tab whose connection can be cut (the network gone, the laptop shut): the process sees it close and nothing comes back. */
async function droppableEngineOn(
  server: ServerProcess,
  userID: string,
): Promise<{ tab: CallTab; drop(): Promise<void> }> {
  const proxy = await startFailoverProxy([backend(server)]);
  proxies.push(proxy);
  const tab = await openTab({ url: proxy.url, app: server.app }, userID);
  engines.push(tab);
  return { tab, drop: () => proxy.close() };
}

/** Caller on p1, callee on p2: the callee has answered and both hear the call connected. */
async function connectedCall(
  caller: CallTab,
  callee: CallTab,
  calleeID: string,
  type: CallMediaType = CALL_MEDIA_TYPE.VIDEO,
) {
  const started = await caller.engine.call({ userID: calleeID, type });
  await heardOn(callee, CALL_EVENT.INVITED);
  await callee.engine.accept();
  await heardOn(caller, CALL_EVENT.CALL_BEGIN);
  return started;
}

describe('calls on two processes', () => {
  it('ring the callee’s tabs on the other process, stop the second when the first answers, relay signals both ways and leave one record', async () => {
    const alice = await rawOn(p1, 'sc-alice');
    const bobFirst = await rawOn(p2, 'sc-bob');
    const bobSecond = await rawOn(p2, 'sc-bob');
    const { callID } = await alice.call('startCall', { type: 2, userIDList: ['sc-bob'] });
    await until(() => [bobFirst, bobSecond].every((tab) => tab.calls().some((c) => c.change === 'invited')));

    const answered = await bobFirst.call('acceptCall', { callID });
    expect(answered.state).toBe('connected');
    await until(() => bobSecond.calls().some((c) => c.change === 'joined'));
    await until(() => alice.calls().some((c) => c.change === 'joined'));
    expect((await bobSecond.request('acceptCall', { callID })).error?.code).toBe(ErrorCode.CALL_INVALID_STATE);

    const offer = { kind: 'offer', sdp: 'v=0 offer from A' };
    const answer = { kind: 'answer', sdp: 'v=0 answer from B' };
    expect((await alice.request('sendCallSignal', { callID, toUserID: 'sc-bob', signal: offer })).ok).toBe(true);
    expect((await bobFirst.request('sendCallSignal', { callID, toUserID: 'sc-alice', signal: answer })).ok).toBe(true);
    await until(() => bobFirst.signals().length === 1 && alice.signals().length === 1);
    expect(bobFirst.signals()).toEqual([{ callID, fromUserID: 'sc-alice', signal: offer }]);
    expect(alice.signals()).toEqual([{ callID, fromUserID: 'sc-bob', signal: answer }]);
    expect(bobSecond.signals()).toEqual([]);

    await alice.call('hangupCall', { callID });
    await until(() => bobFirst.calls().some((c) => c.call.state === 'ended'));
    const reader = await engineOn(p2, 'sc-bob');
    const records = await callRecords(reader.chat, 'C2Csc-alice');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ from: 'sc-alice', flow: 'in', outer: { actionType: CallRecordAction.INVITE } });
  });

  it('times an unanswered invite out once, whichever process gets there first', async () => {
    const alice = await engineOn(p1, 'sc-to-alice');
    const bob = await engineOn(p2, 'sc-to-bob');
    const bobRaw = await rawOn(p1, 'sc-to-bob');
    await alice.engine.call({ userID: 'sc-to-bob', type: CALL_MEDIA_TYPE.AUDIO });
    await heardOn(bob, CALL_EVENT.INVITED);

    const end = await heardOn<CallEnd>(alice, CALL_EVENT.CALLING_END, (INVITE_TIMEOUT_SECONDS + 10) * 1000);
    expect(end.call.endReason).toBe('noAnswer');
    await heardOn(bob, CALL_EVENT.CALL_NOT_RINGING);
    // Both processes' sweepers have had their turn since.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(bobRaw.calls().filter((c) => c.change === 'noAnswer')).toHaveLength(1);
    expect(bobRaw.calls().filter((c) => c.change === 'ended')).toHaveLength(1);
    const records = await callRecords(alice.chat, 'C2Csc-to-bob');
    expect(records.map((r) => r.outer.actionType)).toEqual([CallRecordAction.TIMEOUT]);
  });
  it('connect a caller on one process with a callee on the other through the SDK, and leave one record with the duration after hang-up', async () => {
    const alice = await engineOn(p1, 'sk-alice');
    const bob = await engineOn(p2, 'sk-bob');
    const started = await alice.engine.call({ userID: 'sk-bob', type: CALL_MEDIA_TYPE.VIDEO });
    expect(started).toMatchObject({ state: 'ringing', inviterID: 'sk-alice', type: 2 });
    expect(await heardOn(bob, CALL_EVENT.INVITED)).toMatchObject({ inviterID: 'sk-alice', type: 2 });
    expect(bob.engine.isRingingHere()).toBe(true);

    expect((await bob.engine.accept()).state).toBe('connected');
    await heardOn(alice, CALL_EVENT.CALL_BEGIN);
    expect(alice.engine.getActiveCall()?.state).toBe('connected');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await alice.engine.hangup();
    const end = await heardOn<CallEnd>(bob, CALL_EVENT.CALLING_END);
    expect(end.call).toMatchObject({ state: 'ended', endReason: 'ended' });
    expect(bob.engine.getActiveCall()).toBeNull();

    const [bobSees] = await callRecords(bob.chat, 'C2Csk-alice');
    const [aliceSees] = await callRecords(alice.chat, 'C2Csk-bob');
    expect(aliceSees).toMatchObject({
      from: 'sk-alice',
      flow: 'out',
      description: '[视频通话]',
      outer: { actionType: CallRecordAction.INVITE, inviter: 'sk-alice', inviteeList: ['sk-bob'] },
      inner: { businessID: 'av_call', call_type: 2 },
    });
    expect(aliceSees?.inner.call_end).toBeGreaterThanOrEqual(1);
    expect(bobSees).toMatchObject({ flow: 'in', outer: aliceSees?.outer, inner: aliceSees?.inner });
  });

  it('end as declined when the callee on the other process declines: the caller hears it and both records say so', async () => {
    const alice = await engineOn(p1, 'sk-rj-alice');
    const bob = await engineOn(p2, 'sk-rj-bob');
    await alice.engine.call({ userID: 'sk-rj-bob', type: CALL_MEDIA_TYPE.AUDIO });
    await heardOn(bob, CALL_EVENT.INVITED);
    await bob.engine.reject();
    expect(await heardOn(alice, CALL_EVENT.REJECT)).toMatchObject({ userID: 'sk-rj-bob' });
    expect((await heardOn<CallEnd>(alice, CALL_EVENT.CALLING_END)).call.endReason).toBe('declined');
    for (const [tab, peer] of [
      [alice, 'sk-rj-bob'],
      [bob, 'sk-rj-alice'],
    ] as const) {
      const records = await callRecords(tab.chat, `C2C${peer}`);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        description: '[语音通话]',
        outer: { actionType: CallRecordAction.REJECT },
        inner: { call_type: 1 },
      });
      expect(records[0]?.inner.line_busy).toBeUndefined();
    }
  });

  it('answer busy at once when the callee is talking in a call on the other process, which goes on undisturbed', async () => {
    const carol = await engineOn(p2, 'sk-by-carol');
    const bob = await engineOn(p2, 'sk-by-bob');
    const alice = await engineOn(p1, 'sk-by-alice');
    await connectedCall(carol, bob, 'sk-by-bob', CALL_MEDIA_TYPE.AUDIO);

    const busy = await alice.engine.call({ userID: 'sk-by-bob', type: CALL_MEDIA_TYPE.VIDEO });
    expect(busy).toMatchObject({ state: 'ended', endReason: 'busy' });
    expect(await heardOn(alice, CALL_EVENT.LINE_BUSY)).toMatchObject({ userID: 'sk-by-bob' });
    expect(alice.engine.getActiveCall()).toBeNull();
    const [record] = await callRecords(alice.chat, 'C2Csk-by-bob');
    expect(record).toMatchObject({ outer: { actionType: CallRecordAction.REJECT }, inner: { line_busy: 'line_busy' } });

    // Bob never rang for it and is still talking to Carol.
    expect(bob.heard.filter((event) => event.name === CALL_EVENT.INVITED)).toHaveLength(1);
    expect(bob.engine.getActiveCall()).toMatchObject({ inviterID: 'sk-by-carol', state: 'connected' });
    await carol.engine.hangup();
    await heardOn(bob, CALL_EVENT.CALLING_END);
  });

  it('stop the callee ringing on the other process within seconds when the caller’s connection drops, recorded as cancelled', async () => {
    const alice = await droppableEngineOn(p1, 'sk-dr-alice');
    const bob = await engineOn(p2, 'sk-dr-bob');
    await alice.tab.engine.call({ userID: 'sk-dr-bob', type: CALL_MEDIA_TYPE.AUDIO });
    await heardOn(bob, CALL_EVENT.INVITED);
    await alice.drop();
    await heardOn(bob, CALL_EVENT.CALLING_CANCEL, 5_000);
    expect(bob.engine.isRingingHere()).toBe(false);
    expect(bob.engine.getActiveCall()).toBeNull();
    const records = await callRecords(bob.chat, 'C2Csk-dr-alice');
    expect(records.map((r) => r.outer.actionType)).toEqual([CallRecordAction.CANCEL]);
  });

  it('end a connected call for the callee on the other process within seconds when the caller’s connection drops', async () => {
    const alice = await droppableEngineOn(p1, 'sk-dc-alice');
    const bob = await engineOn(p2, 'sk-dc-bob');
    await connectedCall(alice.tab, bob, 'sk-dc-bob');
    await alice.drop();
    const end = await heardOn<CallEnd>(bob, CALL_EVENT.CALLING_END, 5_000);
    expect(end.call).toMatchObject({ state: 'ended', endReason: 'ended' });
    const [record] = await callRecords(bob.chat, 'C2Csk-dc-alice');
    expect(record).toMatchObject({ flow: 'in', outer: { actionType: CallRecordAction.INVITE } });
    expect(record?.inner.call_end).toBeGreaterThanOrEqual(0);
  });

  // Last: p2 stays dead.
  it('leave no call stuck when the callee’s process dies mid-call: the sweeper ends it for the caller and writes the record', async () => {
    const alice = await engineOn(p1, 'sk-kl-alice');
    const bob = await engineOn(p2, 'sk-kl-bob');
    await connectedCall(alice, bob, 'sk-kl-bob');
    p2.child.kill('SIGKILL');
    await p2.exited;

    // Presence stops seeing p2's beats (5 s), then a sweep (every 5 s) finds Bob joined from nowhere.
    expect(await heardOn(alice, CALL_EVENT.USER_LEAVE, 25_000)).toMatchObject({ userID: 'sk-kl-bob' });
    const end = await heardOn<CallEnd>(alice, CALL_EVENT.CALLING_END, 5_000);
    expect(end.call).toMatchObject({ state: 'ended', endReason: 'ended' });
    expect(alice.engine.getActiveCall()).toBeNull();
    const [aliceSees] = await callRecords(alice.chat, 'C2Csk-kl-bob');
    expect(aliceSees).toMatchObject({ flow: 'out', outer: { actionType: CallRecordAction.INVITE } });
    expect(aliceSees?.inner.call_end).toBeGreaterThanOrEqual(0);

    // Bob, back on the surviving process, is in no call and has the same record.
    const bobAgain = await rawOn(p1, 'sk-kl-bob');
    expect((await bobAgain.request('getMyCalls', {})).data).toEqual({ callList: [] });
    const reader = await engineOn(p1, 'sk-kl-bob');
    const [bobSees] = await callRecords(reader.chat, 'C2Csk-kl-alice');
    expect(bobSees).toMatchObject({ flow: 'in', outer: aliceSees?.outer, inner: aliceSees?.inner });
    // One record, whichever sweep got there.
    expect(await callRecords(alice.chat, 'C2Csk-kl-bob')).toHaveLength(1);
  }, 60_000);
});
