import { CallLimits, CallRecordAction, ErrorCode } from '@liaison/protocol';
import LiaisonChat, { CALL_EVENT, CALL_MEDIA_TYPE, type CallEnd } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import {
  type CallTab,
  callRecords,
  hasHeard,
  heardOn,
  ManualClock,
  openTab,
  openTabWithoutMediaDevices,
  RawTab,
} from '../../integration/call-helpers';
import { errorCode, startServer, until } from '../../integration/harness';
import { defaultCallSettings } from './settings';

/**
 * The call state machine through the SDK's call engine (signalling only: Node has no WebRTC)
 * against a real server; the records it leaves, read back from each side's history.
 */
const clock = new ManualClock();
let server: LiaisonServer;
const tabs: CallTab[] = [];

beforeAll(async () => {
  server = await startServer(undefined, { calls: { clock } });
});

afterAll(async () => {
  await Promise.all(tabs.map((tab) => tab.chat.logout().catch(() => undefined)));
  await server?.close();
});

async function tab(userID: string): Promise<CallTab> {
  const opened = await openTab(server, userID);
  tabs.push(opened);
  return opened;
}

describe('one-to-one calls', () => {
  it('ring, connect when answered, and leave one record with the duration in both histories after hang-up', async () => {
    const alice = await tab('ca-alice');
    const bob = await tab('ca-bob');
    const started = await alice.engine.call({ userID: 'ca-bob', type: CALL_MEDIA_TYPE.VIDEO });
    expect(started).toMatchObject({ state: 'ringing', inviterID: 'ca-alice', groupID: null, type: 2 });
    const invitation = await heardOn<{ inviterID: string; type: number }>(bob, CALL_EVENT.INVITED);
    expect(invitation).toMatchObject({ inviterID: 'ca-alice', type: 2 });

    const answered = await bob.engine.accept();
    expect(answered.state).toBe('connected');
    await heardOn(alice, CALL_EVENT.CALL_BEGIN);
    clock.advance(3_000);
    await alice.engine.hangup();
    const bobEnd = await heardOn<CallEnd>(bob, CALL_EVENT.CALLING_END);
    expect(bobEnd.call).toMatchObject({ state: 'ended', endReason: 'ended' });

    const [aliceSees] = await callRecords(alice.chat, 'C2Cca-bob');
    const [bobSees] = await callRecords(bob.chat, 'C2Cca-alice');
    expect(aliceSees).toMatchObject({
      from: 'ca-alice',
      flow: 'out',
      description: '[视频通话]',
      outer: { actionType: CallRecordAction.INVITE, inviter: 'ca-alice', inviteeList: ['ca-bob'] },
      inner: { businessID: 'av_call', call_type: 2 },
    });
    expect(aliceSees?.inner.call_end).toBeGreaterThanOrEqual(3);
    expect(bobSees).toMatchObject({ flow: 'in', outer: aliceSees?.outer, inner: aliceSees?.inner });
    expect(await callRecords(alice.chat, 'C2Cca-bob')).toHaveLength(1);
  });

  it('end as declined when the callee declines, and the caller hears it', async () => {
    const alice = await tab('cd-alice');
    const bob = await tab('cd-bob');
    await alice.engine.call({ userID: 'cd-bob', type: CALL_MEDIA_TYPE.AUDIO });
    await heardOn(bob, CALL_EVENT.INVITED);
    await bob.engine.reject();
    expect(await heardOn(alice, CALL_EVENT.REJECT)).toMatchObject({ userID: 'cd-bob' });
    expect((await heardOn<CallEnd>(alice, CALL_EVENT.CALLING_END)).call.endReason).toBe('declined');
    const [record] = await callRecords(alice.chat, 'C2Ccd-bob');
    expect(record).toMatchObject({
      description: '[语音通话]',
      outer: { actionType: CallRecordAction.REJECT },
      inner: { call_type: 1 },
    });
    expect(record?.inner.line_busy).toBeUndefined();
  });

  it('end as busy at once when the callee is ringing for another call, which keeps ringing', async () => {
    const dave = await tab('cb-dave');
    const carol = await tab('cb-carol');
    const alice = await tab('cb-alice');
    await dave.engine.call({ userID: 'cb-carol', type: CALL_MEDIA_TYPE.AUDIO });
    await heardOn(carol, CALL_EVENT.INVITED);

    const busy = await alice.engine.call({ userID: 'cb-carol', type: CALL_MEDIA_TYPE.AUDIO });
    expect(busy).toMatchObject({ state: 'ended', endReason: 'busy' });
    expect(await heardOn(alice, CALL_EVENT.LINE_BUSY)).toMatchObject({ userID: 'cb-carol' });
    const [record] = await callRecords(alice.chat, 'C2Ccb-carol');
    expect(record).toMatchObject({ outer: { actionType: CallRecordAction.REJECT }, inner: { line_busy: 'line_busy' } });
    expect(carol.engine.getActiveCall()?.inviterID).toBe('cb-dave');
    expect(carol.engine.isRingingHere()).toBe(true);
    await dave.engine.hangup();
  });

  it('times out unanswered after the invite timeout: the caller’s record reads no answer, the callee’s timed out', async () => {
    const alice = await tab('ct-alice');
    const bob = await tab('ct-bob');
    await alice.engine.call({ userID: 'ct-bob', type: CALL_MEDIA_TYPE.VIDEO });
    await heardOn(bob, CALL_EVENT.INVITED);
    // The clock also moves with real time, which a loaded machine spends between the invite and
    // here: the margin before the timeout is wide enough that it is not used up by that.
    clock.advance(CallLimits.INVITE_TIMEOUT_SECONDS * 1000 - 10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bob.engine.isRingingHere()).toBe(true);

    clock.advance(10_000);
    expect(await heardOn(alice, CALL_EVENT.NO_RESP)).toMatchObject({ userID: 'ct-bob' });
    expect((await heardOn<CallEnd>(alice, CALL_EVENT.CALLING_END)).call.endReason).toBe('noAnswer');
    await heardOn(bob, CALL_EVENT.CALL_NOT_RINGING);
    expect(bob.engine.isRingingHere()).toBe(false);
    // The kit's CallRecord reads TIMEOUT as 'no answer' on the outgoing side and 'timed out' on the incoming one.
    const [callerSees] = await callRecords(alice.chat, 'C2Cct-bob');
    const [calleeSees] = await callRecords(bob.chat, 'C2Cct-alice');
    expect(callerSees).toMatchObject({ flow: 'out', outer: { actionType: CallRecordAction.TIMEOUT } });
    expect(calleeSees).toMatchObject({ flow: 'in', outer: { actionType: CallRecordAction.TIMEOUT } });
  });

  it('stops ringing for the callee within seconds when the caller’s connection drops, recorded as cancelled', async () => {
    const alice = await tab('cx-alice');
    const bob = await tab('cx-bob');
    await alice.engine.call({ userID: 'cx-bob', type: CALL_MEDIA_TYPE.AUDIO });
    await heardOn(bob, CALL_EVENT.INVITED);
    expect(server.gateway.dropConnections('cx-alice')).toBe(1);
    await heardOn(bob, CALL_EVENT.CALLING_CANCEL, 5_000);
    expect(bob.engine.getActiveCall()).toBeNull();
    expect((await callRecords(bob.chat, 'C2Ccx-alice'))[0]?.outer.actionType).toBe(CallRecordAction.CANCEL);
  });

  it('ends a connected call for the callee when the caller’s connection drops', async () => {
    const alice = await tab('cy-alice');
    const bob = await tab('cy-bob');
    await alice.engine.call({ userID: 'cy-bob', type: CALL_MEDIA_TYPE.AUDIO });
    await heardOn(bob, CALL_EVENT.INVITED);
    await bob.engine.accept();
    server.gateway.dropConnections('cy-alice');
    const end = await heardOn<CallEnd>(bob, CALL_EVENT.CALLING_END, 5_000);
    expect(end.call).toMatchObject({ state: 'ended', endReason: 'ended' });
  });

  it('ends as failed when the callee’s browser cannot make calls, and both histories’ record says whose and why', async () => {
    const alice = await tab('cf-alice');
    const bob = await openTabWithoutMediaDevices(server, 'cf-bob');
    tabs.push(bob);
    await alice.engine.call({ userID: 'cf-bob', type: CALL_MEDIA_TYPE.VIDEO });
    await heardOn(bob, CALL_EVENT.INVITED);
    await bob.engine.accept();

    expect(await heardOn(bob, CALL_EVENT.ERROR)).toMatchObject({ failure: 'webrtcUnsupported' });
    const aliceEnd = await heardOn<CallEnd>(alice, CALL_EVENT.CALLING_END);
    expect(aliceEnd.call).toMatchObject({
      state: 'ended',
      endReason: 'failed',
      failure: 'webrtcUnsupported',
      failedUserID: 'cf-bob',
    });
    expect((await heardOn<CallEnd>(bob, CALL_EVENT.CALLING_END)).call).toMatchObject({
      endReason: 'failed',
      failure: 'webrtcUnsupported',
    });

    const [aliceSees] = await callRecords(alice.chat, 'C2Ccf-bob');
    const [bobSees] = await callRecords(bob.chat, 'C2Ccf-alice');
    // The reference format still reads it as a call that ended (it connected for a moment).
    expect(aliceSees).toMatchObject({
      flow: 'out',
      outer: { actionType: CallRecordAction.INVITE },
      inner: { call_type: 2, call_end: 0, liaison_failure: 'webrtcUnsupported', liaison_failed_user: 'cf-bob' },
    });
    expect(bobSees).toMatchObject({ flow: 'in', outer: aliceSees?.outer, inner: aliceSees?.inner });
    expect(await callRecords(alice.chat, 'C2Ccf-bob')).toHaveLength(1);
  });

  it('rings on every tab of the callee, stops on the others when one answers, and refuses their answer', async () => {
    const alice = await tab('cm-alice');
    const bobFirst = await tab('cm-bob');
    const bobSecond = await tab('cm-bob');
    const { callID } = await alice.engine.call({ userID: 'cm-bob', type: CALL_MEDIA_TYPE.VIDEO });
    await heardOn(bobFirst, CALL_EVENT.INVITED);
    await heardOn(bobSecond, CALL_EVENT.INVITED);

    await bobFirst.engine.accept();
    await heardOn(bobSecond, CALL_EVENT.CALL_NOT_RINGING);
    expect(bobSecond.engine.isRingingHere()).toBe(false);
    expect(bobFirst.engine.getActiveCall()?.state).toBe('connected');
    // The server too refuses an answer from another tab (the engine would not even send it).
    const raw = await rawTab('cm-bob');
    expect((await raw.request('acceptCall', { callID })).error?.code).toBe(ErrorCode.CALL_INVALID_STATE);
    await alice.engine.hangup();
    await heardOn(bobFirst, CALL_EVENT.CALLING_END);
  });

  it('refuses a caller the callee has blocked, with the message rule’s code, and starts nothing', async () => {
    const alice = await tab('cz-alice');
    const bob = await tab('cz-bob');
    await bob.chat.addToBlacklist({ userIDList: ['cz-alice'] });
    expect(await errorCode(alice.engine.call({ userID: 'cz-bob', type: CALL_MEDIA_TYPE.AUDIO }))).toBe(
      ErrorCode.C2C_SENDER_BLOCKED,
    );
    expect(hasHeard(bob, CALL_EVENT.INVITED)).toBe(false);
    expect(await server.db.query(`SELECT 1 FROM calls WHERE inviter_id = 'cz-alice'`)).toEqual([]);
  });
});

describe('group calls', () => {
  it('invite members only, go on when one of three leaves, and leave an ended record in the group when the last leaves', async () => {
    const owner = await tab('cg-owner');
    const ann = await tab('cg-ann');
    const ben = await tab('cg-ben');
    await tab('cg-outsider');
    await owner.chat.createGroup({
      type: LiaisonChat.TYPES.GRP_WORK,
      name: 'Call group',
      groupID: 'call-group',
      memberList: [{ userID: 'cg-ann' }, { userID: 'cg-ben' }],
    });
    expect(
      await errorCode(
        owner.engine.groupCall({ groupID: 'call-group', userIDList: ['cg-outsider'], type: CALL_MEDIA_TYPE.VIDEO }),
      ),
    ).toBe(ErrorCode.GROUP_NOT_MEMBER);

    await owner.engine.groupCall({
      groupID: 'call-group',
      userIDList: ['cg-ann', 'cg-ben'],
      type: CALL_MEDIA_TYPE.VIDEO,
    });
    await heardOn(ann, CALL_EVENT.INVITED);
    await heardOn(ben, CALL_EVENT.INVITED);
    await ann.engine.accept();
    await ben.engine.accept();
    await until(() => owner.engine.getActiveCall()?.participants.every((p) => p.state === 'joined') === true);
    expect((await owner.engine.getGroupCall({ groupID: 'call-group' }))?.participants).toHaveLength(3);

    await ben.engine.hangup();
    await heardOn(owner, CALL_EVENT.USER_LEAVE);
    expect(owner.engine.getActiveCall()?.state).toBe('connected');
    expect(ann.engine.getActiveCall()?.state).toBe('connected');

    await ann.engine.hangup();
    const end = await heardOn<CallEnd>(owner, CALL_EVENT.CALLING_END);
    expect(end.call.endReason).toBe('ended');
    const [record] = await callRecords(ben.chat, 'GROUPcall-group');
    expect(record).toMatchObject({
      from: 'cg-owner',
      outer: { actionType: CallRecordAction.INVITE, groupID: 'call-group', inviteeList: ['cg-ann', 'cg-ben'] },
    });
    expect(record?.inner.call_end).toBeGreaterThanOrEqual(0);
    expect(await owner.engine.getGroupCall({ groupID: 'call-group' })).toBeNull();
  });
});

describe('group calls and the blocklist', () => {
  it('never ring a member who blocked the caller or the inviter, refuse an invite that rings only such members, and let them join of their own accord', async () => {
    const owner = await tab('cb-owner');
    const ann = await tab('cb-ann');
    const ben = await tab('cb-ben');
    const cal = await tab('cb-cal');
    await owner.chat.createGroup({
      type: LiaisonChat.TYPES.GRP_WORK,
      name: 'Blocks',
      groupID: 'call-blocks',
      memberList: [{ userID: 'cb-ann' }, { userID: 'cb-ben' }, { userID: 'cb-cal' }],
    });
    await ben.chat.addToBlacklist({ userIDList: ['cb-owner'] });
    await cal.chat.addToBlacklist({ userIDList: ['cb-ann'] });
    const video = CALL_MEDIA_TYPE.VIDEO;

    expect(
      await errorCode(owner.engine.groupCall({ groupID: 'call-blocks', userIDList: ['cb-ben'], type: video })),
    ).toBe(ErrorCode.C2C_SENDER_BLOCKED);
    expect(await server.db.query(`SELECT 1 FROM calls WHERE group_id = 'call-blocks'`)).toEqual([]);

    const started = await owner.engine.groupCall({
      groupID: 'call-blocks',
      userIDList: ['cb-ann', 'cb-ben'],
      type: video,
    });
    expect(started.participants.map((p) => p.userID)).toEqual(['cb-owner', 'cb-ann']);
    await heardOn(ann, CALL_EVENT.INVITED);
    await ann.engine.accept();
    await heardOn(owner, CALL_EVENT.CALL_BEGIN);

    // Ann invites from inside the call: Cal blocked her and Ben the one who started the call, so
    // an invite naming only them is refused and one naming a free member too rings only him.
    expect(await errorCode(ann.engine.inviteUser({ userIDList: ['cb-cal', 'cb-ben'] }))).toBe(
      ErrorCode.C2C_SENDER_BLOCKED,
    );
    const dan = await tab('cb-dan');
    await owner.chat.addGroupMember({ groupID: 'call-blocks', userIDList: ['cb-dan'] });
    const widened = await ann.engine.inviteUser({ userIDList: ['cb-cal', 'cb-ben', 'cb-dan'] });
    expect(widened.participants.map((p) => p.userID)).toEqual(['cb-owner', 'cb-ann', 'cb-dan']);
    await heardOn(dan, CALL_EVENT.INVITED);
    await dan.engine.reject();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hasHeard(ben, CALL_EVENT.INVITED)).toBe(false);
    expect(hasHeard(cal, CALL_EVENT.INVITED)).toBe(false);

    // Cal was never rung, but may see the group's call and join it himself.
    const joined = await cal.engine.join({ callID: started.callID });
    expect(joined.participants.find((p) => p.userID === 'cb-cal')?.state).toBe('joined');
    await heardOn(owner, CALL_EVENT.USER_ENTER);
    for (const member of [cal, ann]) await member.engine.hangup();
    expect((await heardOn<CallEnd>(owner, CALL_EVENT.CALLING_END)).call.endReason).toBe('ended');
    const [record] = await callRecords(owner.chat, 'GROUPcall-blocks');
    expect(record?.outer.inviteeList).toEqual(['cb-ann', 'cb-dan', 'cb-cal']);
  });
});

const rawTabs: RawTab[] = [];
afterAll(() => {
  for (const raw of rawTabs) raw.close();
});

async function rawTab(userID: string): Promise<RawTab> {
  const raw = await RawTab.open(server, userID);
  rawTabs.push(raw);
  return raw;
}

describe('signalling', () => {
  it('relays offers, answers and candidates only between joined participants, to the tab that joined', async () => {
    const alice = await rawTab('cs-alice');
    const bobAnswering = await rawTab('cs-bob');
    const bobOther = await rawTab('cs-bob');
    const carol = await rawTab('cs-carol');
    const { callID } = await alice.call('startCall', { type: 2, userIDList: ['cs-bob'] });
    const offer = { kind: 'offer', sdp: 'v=0 offer' };
    expect((await alice.request('sendCallSignal', { callID, toUserID: 'cs-bob', signal: offer })).error?.code).toBe(
      ErrorCode.CALL_INVALID_STATE,
    );
    await until(() => bobOther.calls().some((c) => c.change === 'invited'));
    await bobAnswering.call('acceptCall', { callID });

    expect((await alice.request('sendCallSignal', { callID, toUserID: 'cs-bob', signal: offer })).ok).toBe(true);
    await until(() => bobAnswering.signals().length === 1);
    expect(bobAnswering.signals()).toEqual([{ callID, fromUserID: 'cs-alice', signal: offer }]);
    const candidate = {
      kind: 'candidate',
      candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    await bobAnswering.call('setCallMediaState', { callID, micMuted: true });
    expect((await bobAnswering.request('sendCallSignal', { callID, toUserID: 'cs-alice', signal: candidate })).ok).toBe(
      true,
    );
    await until(() => alice.signals().length === 1);
    expect(alice.signals()).toEqual([{ callID, fromUserID: 'cs-bob', signal: candidate }]);
    await until(() => alice.calls().some((c) => c.change === 'media'));
    expect(alice.calls().find((c) => c.change === 'media')?.call.participants[1]?.micMuted).toBe(true);

    const fromOtherTab = await bobOther.request('sendCallSignal', { callID, toUserID: 'cs-alice', signal: offer });
    expect(fromOtherTab.error?.code).toBe(ErrorCode.CALL_INVALID_STATE);
    const fromOutsider = await carol.request('sendCallSignal', { callID, toUserID: 'cs-alice', signal: offer });
    expect(fromOutsider.error?.code).toBe(ErrorCode.CALL_NOT_PARTICIPANT);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bobOther.signals()).toEqual([]);
    expect(alice.signals()).toHaveLength(1);
    await alice.call('hangupCall', { callID });
  });

  it('refuses bad input and impossible steps with catalogue codes, changing nothing', async () => {
    const alice = await rawTab('cv-alice');
    const bob = await rawTab('cv-bob');
    const count = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM calls'))[0]?.n;
    const before = await count();
    const refusals: Array<[string, unknown, number]> = [
      ['startCall', { type: 3, userIDList: ['cv-bob'] }, ErrorCode.INVALID_PARAMS],
      ['startCall', { type: 1, userIDList: [] }, ErrorCode.INVALID_PARAMS],
      ['startCall', { type: 1, userIDList: ['cv-bob', 'cv-carol'] }, ErrorCode.INVALID_PARAMS],
      ['startCall', { type: 1, userIDList: ['cv-alice'] }, ErrorCode.INVALID_PARAMS],
      ['startCall', { type: 1, userIDList: ['cv-nobody'] }, ErrorCode.USER_NOT_FOUND],
      ['startCall', { type: 1, userIDList: ['cv-bob'], groupID: 'cv-no-group' }, ErrorCode.GROUP_NOT_FOUND],
      ['acceptCall', { callID: 'no-such-call' }, ErrorCode.CALL_NOT_FOUND],
      ['hangupCall', { callID: 'no-such-call', reason: 'boredom' }, ErrorCode.INVALID_PARAMS],
      ['hangupCall', { callID: 'no-such-call', reason: 'failed', failure: 'boredom' }, ErrorCode.INVALID_PARAMS],
      ['setCallMediaState', { callID: 'no-such-call' }, ErrorCode.INVALID_PARAMS],
      [
        'sendCallSignal',
        { callID: 'no-such-call', toUserID: 'cv-bob', signal: { kind: 'offer', sdp: 'x'.repeat(70_000) } },
        ErrorCode.INVALID_PARAMS,
      ],
    ];
    for (const [op, body, code] of refusals) {
      expect((await alice.request(op, body)).error?.code, `${op} ${JSON.stringify(body).slice(0, 80)}`).toBe(code);
    }
    expect(await count()).toBe(before);

    const { callID } = await alice.call('startCall', { type: 1, userIDList: ['cv-bob'] });
    const carol = await rawTab('cv-carol');
    expect((await carol.request('acceptCall', { callID })).error?.code).toBe(ErrorCode.CALL_NOT_PARTICIPANT);
    expect((await alice.request('acceptCall', { callID })).error?.code).toBe(ErrorCode.CALL_INVALID_STATE);
    expect((await alice.request('startCall', { type: 1, userIDList: ['cv-carol'] })).error?.code).toBe(
      ErrorCode.CALL_ALREADY_IN_CALL,
    );
    expect((await alice.request('joinCall', { callID })).error?.code).toBe(ErrorCode.CALL_INVALID_STATE);
    expect((await alice.request('inviteToCall', { callID, userIDList: ['cv-carol'] })).error?.code).toBe(
      ErrorCode.CALL_INVALID_STATE,
    );
    for (const body of [
      { callID, failure: 'noDevice' },
      { callID, reason: 'hangup', failure: 'noDevice' },
    ]) {
      expect((await alice.request('hangupCall', body)).error?.code, JSON.stringify(body)).toBe(
        ErrorCode.INVALID_PARAMS,
      );
    }
    const still = await bob.call('rejectCall', { callID });
    expect(still).toMatchObject({ state: 'ended', endReason: 'declined', failure: null, failedUserID: null });
    expect((await bob.request('rejectCall', { callID })).error?.code).toBe(ErrorCode.CALL_NOT_FOUND);
  });
});

describe('the call invite budget', () => {
  it('refuses a user ringing people faster than the budget with 10006, ringing no one, and lets them call again later', async () => {
    const { invitesPerMinute, inviteBurst } = defaultCallSettings;
    const mallory = await rawTab('ci-mallory');
    const victim = await rawTab('ci-victim');
    for (let i = 0; i < inviteBurst; i++) {
      const { callID } = await mallory.call('startCall', { type: 1, userIDList: ['ci-victim'] });
      await mallory.call('hangupCall', { callID });
    }
    await until(() => victim.calls().filter((c) => c.change === 'invited').length === inviteBurst);
    const refused = await mallory.request('startCall', { type: 1, userIDList: ['ci-victim'] });
    expect(refused.error).toMatchObject({ code: ErrorCode.OPERATION_RATE_LIMITED, retryAfterMs: expect.any(Number) });
    // The SDK's call engine rejects the invite with the same code.
    const malloryEngine = await tab('ci-mallory');
    expect(await errorCode(malloryEngine.engine.call({ userID: 'ci-victim', type: CALL_MEDIA_TYPE.AUDIO }))).toBe(
      ErrorCode.OPERATION_RATE_LIMITED,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(victim.calls().filter((c) => c.change === 'invited')).toHaveLength(inviteBurst);
    // Others are not held up by mallory's budget.
    const other = await rawTab('ci-other');
    const { callID: otherCall } = await other.call('startCall', { type: 1, userIDList: ['ci-victim'] });
    await other.call('hangupCall', { callID: otherCall });

    clock.advance(60_000 / invitesPerMinute);
    const { callID } = await mallory.call('startCall', { type: 1, userIDList: ['ci-victim'] });
    await mallory.call('hangupCall', { callID });
  });

  it('counts invites into a group call against the same budget', async () => {
    const owner = await tab('cg-budget-owner');
    await rawTab('cg-budget-a');
    await rawTab('cg-budget-b');
    await owner.chat.createGroup({
      type: LiaisonChat.TYPES.GRP_WORK,
      name: 'Budget',
      groupID: 'cg-budget',
      memberList: [{ userID: 'cg-budget-a' }, { userID: 'cg-budget-b' }],
    });
    const inviter = await rawTab('cg-budget-owner');
    const { callID } = await inviter.call('startCall', { type: 1, userIDList: ['cg-budget-a'], groupID: 'cg-budget' });
    const { inviteBurst } = defaultCallSettings;
    for (let i = 1; i < inviteBurst; i++) await inviter.call('inviteToCall', { callID, userIDList: ['cg-budget-b'] });
    const refused = await inviter.request('inviteToCall', { callID, userIDList: ['cg-budget-b'] });
    expect(refused.error?.code).toBe(ErrorCode.OPERATION_RATE_LIMITED);
    await inviter.call('hangupCall', { callID });
  });
});
