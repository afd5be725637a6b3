import LiaisonChat, { type SignalingEvent } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat } from '../../apps/server/src/integration/harness';
import { userSigFor } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * TSignaling with the inviter on one server process and the invitees on the other (PostgreSQL +
 * NATS): invitations and their answers cross, and one sent while the invitee was offline is
 * reported when they log in on the other process.
 */
const { TSignaling, TYPES } = LiaisonChat;
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;

beforeAll(async () => {
  ({ p1, p2, stop: stopPair } = await startProcessPair('liaison_signaling', 1_400_777_061));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

function signal<T = Record<string, unknown>>(chat: Chat, name: string, check: (data: T) => boolean = () => true) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${name}`)), 15_000);
    chat.addSignalingListener(name, function heard(event: SignalingEvent) {
      if (!check(event.data as T)) return;
      clearTimeout(timer);
      chat.removeSignalingListener(name, heard);
      resolve(event.data as T);
    });
  });
}

describe('signalling on two server processes', () => {
  it('a one-to-one invitation and its accept, and a group invitation and its answers, cross processes', async () => {
    const alice = await tabs.userOn(p1, 'xs-alice');
    const bob = await tabs.userOn(p2, 'xs-bob');
    const carol = await tabs.userOn(p1, 'xs-carol');

    const received = signal<{ inviteID: string }>(bob, TSignaling.NEW_INVITATION_RECEIVED);
    const { inviteID } = await alice.invite({ userID: 'xs-bob', data: 'call me', timeout: 30 });
    expect((await received).inviteID).toBe(inviteID);
    const accepted = signal(alice, TSignaling.INVITEE_ACCEPTED);
    await bob.accept({ inviteID });
    expect(await accepted).toMatchObject({ inviteID, invitee: 'xs-bob' });

    await alice.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Across',
      groupID: 'xs-group',
      memberList: [{ userID: 'xs-bob' }, { userID: 'xs-carol' }],
    });
    const both = Promise.all([
      signal(bob, TSignaling.NEW_INVITATION_RECEIVED, (d) => d.groupID === 'xs-group'),
      signal(carol, TSignaling.NEW_INVITATION_RECEIVED, (d) => d.groupID === 'xs-group'),
    ]);
    const group = await alice.inviteInGroup({ groupID: 'xs-group', inviteeList: ['xs-bob', 'xs-carol'], data: 'meet' });
    await both;
    const rejected = signal(alice, TSignaling.INVITEE_REJECTED);
    const carolHears = signal(carol, TSignaling.INVITEE_REJECTED);
    await bob.reject({ inviteID: group.inviteID });
    expect(await rejected).toMatchObject({ inviteID: group.inviteID, invitee: 'xs-bob' });
    expect(await carolHears).toMatchObject({ inviteID: group.inviteID, invitee: 'xs-bob' });
  });

  it('an invitation sent on one process while the invitee was offline is reported at login on the other', async () => {
    const alice = await tabs.userOn(p1, 'xs-oalice');
    const first = await tabs.userOn(p2, 'xs-obob');
    await first.logout();
    const { inviteID } = await alice.invite({ userID: 'xs-obob', data: 'while away', timeout: 60 });

    const bob = LiaisonChat.create({ SDKAppID: p2.app.sdkAppID, server: p2.url, webRTC: null });
    const reported = signal<{ inviteID: string; data: string }>(bob, TSignaling.NEW_INVITATION_RECEIVED);
    await bob.login({ userID: 'xs-obob', userSig: userSigFor(p2, 'xs-obob') });
    try {
      expect(await reported).toMatchObject({ inviteID, data: 'while away' });
      const cancelled = signal(bob, TSignaling.INVITATION_CANCELLED);
      await alice.cancel({ inviteID });
      expect(await cancelled).toMatchObject({ inviteID });
    } finally {
      await bob.logout();
    }
  });
});
