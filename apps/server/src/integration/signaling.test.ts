import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { CALL_EVENT, CALL_MEDIA_TYPE, type Message, type SignalingEvent } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { heardOn, openTab } from './call-helpers';
import { type Chat, createGroupWith, errorCode, nextEvent, until, userSigFor, wholeHistory } from './harness';
import { serverWithTabs } from './tabs';

/**
 * Tencent's TSignaling through the SDK against a real server: invitations one-to-one and in a
 * group, their answers, cancel, timeout and modify as each side sees them, the messages that
 * carry them (Tencent's JSON), an invitation received while offline, and the refusals.
 */

const { TSignaling, TYPES } = LiaisonChat;
const { server, user } = serverWithTabs();

/** The data of the next signalling event `name` at `chat` that satisfies `check`. */
function signal<T = Record<string, unknown>>(
  chat: Chat,
  name: string,
  check: (data: T) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      chat.removeSignalingListener(name, handler);
      reject(new Error(`timed out waiting for ${name}`));
    }, timeoutMs);
    function handler(event: SignalingEvent) {
      const data = event.data as T;
      if (!check(data)) return;
      clearTimeout(timer);
      chat.removeSignalingListener(name, handler);
      resolve(data);
    }
    chat.addSignalingListener(name, handler);
  });
}

type Invitation = { inviteID: string; inviter: string; groupID: string; data: string; inviteeList: string[] };

function invitationTo(chat: Chat, data: string) {
  return signal<Invitation>(chat, TSignaling.NEW_INVITATION_RECEIVED, (d) => d.data === data);
}

/** Records every event `name` at `chat`. */
function recordSignals(chat: Chat, name: string): unknown[] {
  const seen: unknown[] = [];
  chat.addSignalingListener(name, function record(event: SignalingEvent) {
    seen.push(event.data);
  });
  return seen;
}

describe('one-to-one invitations', () => {
  it('an invitation reaches the invitee as a custom message in Tencent’s JSON, and its accept reaches the inviter', async () => {
    const alice = await user('sg-alice');
    const bob = await user('sg-bob');
    const received = invitationTo(bob, 'ring');
    const carried = nextEvent<Message[]>(bob, LiaisonChat.EVENT.MESSAGE_RECEIVED);

    const answer = await alice.invite({ userID: 'sg-bob', data: 'ring', timeout: 30 });
    expect(answer.code).toBe(0);
    expect(answer.inviteID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(answer.data.inviteID).toBe(answer.inviteID);

    const invitation = await received;
    expect(invitation).toEqual({
      inviteID: answer.inviteID,
      inviter: 'sg-alice',
      groupID: '',
      data: 'ring',
      inviteeList: ['sg-bob'],
    });
    const message = (await carried)[0] as Message;
    expect(message.type).toBe(TYPES.MSG_CUSTOM);
    expect((message.payload as { data: string }).data).toBe(
      `{"businessID":1,"timeout":30,"data":"ring","inviteID":"${answer.inviteID}","groupID":"","actionType":1,"inviter":"sg-alice","inviteeList":["sg-bob"]}`,
    );
    expect(bob.getSignalingInfo(message)).toEqual({
      businessID: 1,
      inviteID: answer.inviteID,
      groupID: '',
      inviter: 'sg-alice',
      inviteeList: ['sg-bob'],
      data: 'ring',
      actionType: TSignaling.ACTION_TYPE_INVITE,
      timeout: 30,
    });

    const accepted = signal(alice, TSignaling.INVITEE_ACCEPTED);
    const reply = await bob.accept({ inviteID: answer.inviteID, data: 'on my way' });
    expect(reply).toMatchObject({ code: 0, inviteID: answer.inviteID });
    expect(await accepted).toEqual({
      inviteID: answer.inviteID,
      inviter: 'sg-alice',
      groupID: '',
      data: 'on my way',
      invitee: 'sg-bob',
    });
    // Answered: a second answer, or a cancel, finds nothing pending.
    expect(await errorCode(bob.accept({ inviteID: answer.inviteID }))).toBe(ErrorCode.SIGNALING_INVALID_INVITE_ID);
    expect(await errorCode(alice.cancel({ inviteID: answer.inviteID }))).toBe(ErrorCode.SIGNALING_INVALID_CANCEL);
    // The steps stay in the history, readable by getSignalingInfo.
    const history = await wholeHistory(bob, 'C2Csg-alice');
    const steps = history.map((m) => bob.getSignalingInfo(m)?.actionType);
    expect(steps.slice(-2)).toEqual([TSignaling.ACTION_TYPE_INVITE, TSignaling.ACTION_TYPE_ACCEPT_INVITE]);
  });

  it('a reject reaches the inviter; a cancel reaches the invitee, after which nothing can answer it', async () => {
    const alice = await user('sg-alice2');
    const bob = await user('sg-bob2');

    const first = invitationTo(bob, 'first');
    const { inviteID: rejectedID } = await alice.invite({ userID: 'sg-bob2', data: 'first' });
    await first;
    const rejected = signal(alice, TSignaling.INVITEE_REJECTED);
    await bob.reject({ inviteID: rejectedID, data: 'busy' });
    expect(await rejected).toMatchObject({ inviteID: rejectedID, invitee: 'sg-bob2', data: 'busy' });

    const second = invitationTo(bob, 'second');
    const { inviteID } = await alice.invite({ userID: 'sg-bob2', data: 'second' });
    await second;
    // Only the inviter may cancel, only the invitee answer.
    expect(await errorCode(bob.cancel({ inviteID }))).toBe(ErrorCode.SIGNALING_NO_PERMISSION);
    expect(await errorCode(alice.accept({ inviteID }))).toBe(ErrorCode.SIGNALING_NO_PERMISSION);
    const cancelled = signal(bob, TSignaling.INVITATION_CANCELLED);
    await alice.cancel({ inviteID, data: 'never mind' });
    expect(await cancelled).toEqual({ inviteID, inviter: 'sg-alice2', groupID: '', data: 'never mind' });
    expect(await errorCode(bob.accept({ inviteID }))).toBe(ErrorCode.SIGNALING_INVALID_INVITE_ID);
  });

  it('an unanswered invitation times out: the invitee’s SDK sends the timeout and both sides hear it', async () => {
    const alice = await user('sg-alice3');
    const bob = await user('sg-bob3');
    const received = invitationTo(bob, 'quick');
    const { inviteID } = await alice.invite({ userID: 'sg-bob3', data: 'quick', timeout: 2 });
    await received;
    const atBob = signal(bob, TSignaling.INVITATION_TIMEOUT);
    const atAlice = signal(alice, TSignaling.INVITATION_TIMEOUT);
    expect(await atBob).toMatchObject({ inviteID, inviteeList: ['sg-bob3'], isSelfTimeout: true });
    expect(await atAlice).toMatchObject({ inviteID, inviteeList: ['sg-bob3'], isSelfTimeout: false });
    expect(await errorCode(bob.accept({ inviteID }))).toBe(ErrorCode.SIGNALING_INVALID_INVITE_ID);
    expect(await errorCode(alice.cancel({ inviteID }))).toBe(ErrorCode.SIGNALING_INVALID_CANCEL);
  });

  it('the inviter changes a pending invitation’s data: the invitee hears INVITATION_MODIFIED; the invitee may not', async () => {
    const alice = await user('sg-alice4');
    const bob = await user('sg-bob4');
    const received = invitationTo(bob, 'v1');
    const { inviteID } = await alice.invite({ userID: 'sg-bob4', data: 'v1' });
    await received;
    const modified = signal(bob, TSignaling.INVITATION_MODIFIED);
    await alice.modifyInvitation({ inviteID, data: 'v2' });
    expect(await modified).toEqual({ inviteID, data: 'v2' });
    expect(await errorCode(bob.modifyInvitation({ inviteID, data: 'v3' }))).toBe(ErrorCode.MESSAGE_MODIFY_DENIED);
    // The invitation carries the new data: the accept does too, and it is still pending.
    const accepted = signal(alice, TSignaling.INVITEE_ACCEPTED);
    await bob.accept({ inviteID });
    expect(await accepted).toMatchObject({ inviteID });
  });

  it('inviteSync answers the inviteID at once and calls successCb once sent; bad options call errorCb', async () => {
    const alice = await user('sg-alice5');
    const bob = await user('sg-bob5');
    const received = invitationTo(bob, 'sync');
    let sent: { inviteID: string } | null = null;
    const inviteID = alice.inviteSync({ userID: 'sg-bob5', data: 'sync' }, (result) => {
      sent = result;
    });
    expect(inviteID).not.toBe('');
    expect((await received).inviteID).toBe(inviteID);
    await until(() => sent !== null, 5_000, 'successCb');
    expect(sent).toEqual({ inviteID });

    const failures: number[] = [];
    expect(alice.inviteSync({ userID: '' }, undefined, (code) => failures.push(code))).toBe('');
    expect(failures).toEqual([ErrorCode.INVALID_PARAMS]);
  });

  it('refuses bad options with INVALID_PARAMS and sends nothing', async () => {
    const alice = await user('sg-alice6');
    const before = (await wholeHistory(alice, 'C2Csg-bob6')).length;
    const bad = [
      alice.invite({ userID: '' }),
      alice.invite({ userID: 'sg-bob6', timeout: -1 }),
      alice.invite({ userID: 'sg-bob6', data: 5 as unknown as string }),
      alice.inviteInGroup({ groupID: 'g', inviteeList: [] }),
      alice.cancel({ inviteID: '' }),
      alice.modifyInvitation({ inviteID: 'x', data: undefined as unknown as string }),
    ];
    for (const attempt of bad) expect(await errorCode(attempt)).toBe(ErrorCode.INVALID_PARAMS);
    expect(await errorCode(alice.accept({ inviteID: 'no-such-invitation' }))).toBe(
      ErrorCode.SIGNALING_INVALID_INVITE_ID,
    );
    expect(await errorCode(alice.cancel({ inviteID: 'no-such-invitation' }))).toBe(ErrorCode.SIGNALING_INVALID_CANCEL);
    expect((await wholeHistory(alice, 'C2Csg-bob6')).length).toBe(before);
    const text = alice.createTextMessage({ to: 'sg-bob6', conversationType: 'C2C', payload: { text: 'hi' } });
    expect(alice.getSignalingInfo(text)).toBeNull();
  });
});

describe('how the steps are sent, as Tencent’s', () => {
  it('onlineUserOnly: the invitation and its answer go to who is online and are not stored; data marked excludeFromHistoryMessage counts as no unread and is no last message', async () => {
    const alice = await user('sg-lalice');
    const bob = await user('sg-lbob');
    const carried = nextEvent<Message[]>(bob, LiaisonChat.EVENT.MESSAGE_RECEIVED);
    const received = invitationTo(bob, 'live');
    const { inviteID, data } = await alice.invite({ userID: 'sg-lbob', data: 'live', onlineUserOnly: true });
    expect([data.message.sequence, data.message._onlineOnlyFlag]).toEqual([0, true]);
    await received;
    expect((await carried)[0]?._onlineOnlyFlag).toBe(true);
    const accepted = signal(alice, TSignaling.INVITEE_ACCEPTED);
    const reply = await bob.accept({ inviteID });
    expect([reply.data.message.sequence, reply.data.message._onlineOnlyFlag]).toEqual([0, true]);
    await accepted;
    expect(await wholeHistory(bob, 'C2Csg-lalice')).toEqual([]);

    const marked = JSON.stringify({ excludeFromHistoryMessage: true });
    const quiet = nextEvent<Message[]>(bob, LiaisonChat.EVENT.MESSAGE_RECEIVED);
    await alice.invite({ userID: 'sg-lbob', data: marked });
    const message = (await quiet)[0] as Message;
    expect([message._isExcludedFromUnreadCount, message._isExcludedFromLastMessage]).toEqual([true, true]);
    const conversation = (await bob.getConversationProfile('C2Csg-lalice')).data.conversation;
    expect([conversation.unreadCount, conversation.lastMessage.lastTime]).toEqual([0, 0]);
    expect((await wholeHistory(bob, 'C2Csg-lalice')).map((m) => m.ID)).toEqual([message.ID]);
  });
});

describe('group invitations', () => {
  it('only the invitees hear it; each answer reaches the inviter and the other invitees; the last ends it', async () => {
    const alice = await user('sg-galice');
    const bob = await user('sg-gbob');
    const carol = await user('sg-gcarol');
    const dave = await user('sg-gdave');
    await createGroupWith(alice, 'sg-group', ['sg-gbob', 'sg-gcarol', 'sg-gdave']);
    const atDave = recordSignals(dave, TSignaling.NEW_INVITATION_RECEIVED);
    const atBob = invitationTo(bob, 'meet');
    const atCarol = invitationTo(carol, 'meet');

    const { inviteID } = await alice.inviteInGroup({
      groupID: 'sg-group',
      inviteeList: ['sg-gbob', 'sg-gcarol'],
      data: 'meet',
      timeout: 30,
    });
    const expected = { inviteID, inviter: 'sg-galice', groupID: 'sg-group', data: 'meet' };
    expect(await atBob).toEqual({ ...expected, inviteeList: ['sg-gbob', 'sg-gcarol'] });
    expect(await atCarol).toEqual({ ...expected, inviteeList: ['sg-gbob', 'sg-gcarol'] });

    const aliceHears = signal(alice, TSignaling.INVITEE_ACCEPTED);
    const carolHears = signal(carol, TSignaling.INVITEE_ACCEPTED);
    await bob.accept({ inviteID });
    expect(await aliceHears).toMatchObject({ inviteID, invitee: 'sg-gbob' });
    expect(await carolHears).toMatchObject({ inviteID, invitee: 'sg-gbob' });
    // Dave was never invited: he heard nothing and may not answer.
    expect(atDave).toEqual([]);
    expect(await errorCode(dave.accept({ inviteID }))).toBe(ErrorCode.SIGNALING_INVALID_INVITE_ID);

    const rejected = signal(alice, TSignaling.INVITEE_REJECTED);
    await carol.reject({ inviteID });
    expect(await rejected).toMatchObject({ inviteID, invitee: 'sg-gcarol' });
    // Everyone answered: the invitation is over for the inviter too.
    expect(await errorCode(alice.cancel({ inviteID }))).toBe(ErrorCode.SIGNALING_INVALID_CANCEL);
  });

  it('a group invitation is cancelled for every invitee', async () => {
    const alice = await user('sg-galice2');
    const bob = await user('sg-gbob2');
    const carol = await user('sg-gcarol2');
    await createGroupWith(alice, 'sg-group2', ['sg-gbob2', 'sg-gcarol2']);
    const received = Promise.all([invitationTo(bob, 'meet'), invitationTo(carol, 'meet')]);
    const { inviteID } = await alice.inviteInGroup({
      groupID: 'sg-group2',
      inviteeList: ['sg-gbob2', 'sg-gcarol2'],
      data: 'meet',
    });
    await received;
    const cancelled = Promise.all([
      signal(bob, TSignaling.INVITATION_CANCELLED),
      signal(carol, TSignaling.INVITATION_CANCELLED),
    ]);
    await alice.cancel({ inviteID });
    for (const data of await cancelled) expect(data).toMatchObject({ inviteID, groupID: 'sg-group2' });
  });
});

describe('an invitation received while offline', () => {
  it('is reported at login to the NEW_INVITATION_RECEIVED listener when still pending; cancelled and expired ones are not', async () => {
    const alice = await user('sg-oalice');
    const bobFirst = await user('sg-obob');
    await bobFirst.logout();

    const { inviteID: cancelledID } = await alice.invite({ userID: 'sg-obob', data: 'cancelled' });
    await alice.cancel({ inviteID: cancelledID });
    await alice.invite({ userID: 'sg-obob', data: 'expired', timeout: 1 });
    const { inviteID } = await alice.invite({ userID: 'sg-obob', data: 'pending', timeout: 60 });
    // Past the expired one's timeout, whatever second its message was stamped in.
    await new Promise((resolve) => setTimeout(resolve, 2_100));

    const bob = LiaisonChat.create({ SDKAppID: server().app.sdkAppID, server: server().url, webRTC: null });
    const reported = recordSignals(bob, TSignaling.NEW_INVITATION_RECEIVED);
    const pending = signal<Invitation>(bob, TSignaling.NEW_INVITATION_RECEIVED, (d) => d.data === 'pending');
    await bob.login({ userID: 'sg-obob', userSig: userSigFor(server(), 'sg-obob') });
    try {
      expect((await pending).inviteID).toBe(inviteID);
      expect(reported.map((d) => (d as Invitation).data)).toEqual(['pending']);
      const history = await wholeHistory(bob, 'C2Csg-oalice');
      const info = history.map((m) => bob.getSignalingInfo(m)).find((s) => s?.inviteID === inviteID);
      expect(info).toMatchObject({ actionType: TSignaling.ACTION_TYPE_INVITE, data: 'pending', timeout: 60 });

      const accepted = signal(alice, TSignaling.INVITEE_ACCEPTED);
      await bob.accept({ inviteID });
      expect(await accepted).toMatchObject({ inviteID, invitee: 'sg-obob' });
    } finally {
      await bob.logout();
    }
  });
});

describe('the call engine and TSignaling', () => {
  it('a call’s record is read by getSignalingInfo but never reported to the signalling listeners', async () => {
    const alice = await openTab(server(), 'sg-calice');
    const bob = await openTab(server(), 'sg-cbob');
    const heard = [
      TSignaling.NEW_INVITATION_RECEIVED,
      TSignaling.INVITATION_CANCELLED,
      TSignaling.INVITEE_ACCEPTED,
    ].flatMap((name) => [recordSignals(alice.chat, name), recordSignals(bob.chat, name)]);
    const call = await alice.engine.call({ userID: 'sg-cbob', type: CALL_MEDIA_TYPE.AUDIO });
    await heardOn(bob, CALL_EVENT.INVITED);
    await bob.engine.accept();
    const record = nextEvent<Message[]>(bob.chat, LiaisonChat.EVENT.MESSAGE_RECEIVED, (list) =>
      list.some((m) => m.ID === `call-${call.callID}`),
    );
    await alice.engine.hangup();
    const message = (await record).find((m) => m.ID === `call-${call.callID}`) as Message;
    expect(bob.chat.getSignalingInfo(message)).toMatchObject({
      inviteID: call.callID,
      inviter: 'sg-calice',
      inviteeList: ['sg-cbob'],
      actionType: TSignaling.ACTION_TYPE_INVITE,
    });
    expect(heard.flat()).toEqual([]);
    expect(await errorCode(bob.chat.accept({ inviteID: call.callID }))).toBe(ErrorCode.SIGNALING_INVALID_INVITE_ID);
    await Promise.all([alice.chat.logout(), bob.chat.logout()]);
  });
});
