import { CallRecordAction, ErrorCode } from '@liaison/protocol';
import { CALL_EVENT, CALL_MEDIA_TYPE, type CallEnd } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallTab,
  callRecords,
  eventually,
  heardOn,
  openTab,
  RawTab,
} from '../../apps/server/src/integration/call-helpers';
import { until } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';

/**
 * Calls across two server processes on PostgreSQL + NATS: the state every process shares is in
 * the database, pushes travel the bus to whichever process holds a tab, and signalling reaches
 * the joined tab on the other process. A short invite timeout, so that "handled once" is quick to see.
 */
const INVITE_TIMEOUT_SECONDS = 5;

let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
const engines: CallTab[] = [];
const raws: RawTab[] = [];

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
  await Promise.all(engines.map((tab) => tab.chat.logout().catch(() => undefined)));
  for (const raw of raws) raw.close();
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
    await eventually(async () => (await callRecords(reader.chat, 'C2Csc-alice')).length > 0);
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
});
