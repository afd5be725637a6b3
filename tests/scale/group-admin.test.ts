import { ErrorCode } from '@liaison/protocol';
import LiaisonChat, { type Conversation, type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, errorCode, nextEvent, until } from '../../apps/server/src/integration/harness';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';
import { ScaleTabs } from './tabs';

/**
 * Group administration done on one server process and felt on the other (PostgreSQL + NATS): a
 * member removed on A stops receiving on their tab on B at once, a mute set on A refuses the
 * member's send on B, and a group dismissed on A ends for every tab on B.
 */
const { EVENT, TYPES } = LiaisonChat;
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;
let tabs: ScaleTabs;
const userOn = (server: ServerProcess, userID: string) => tabs.userOn(server, userID);

beforeAll(async () => {
  ({ p1, p2, stop: stopPair } = await startProcessPair('liaison_groups', 1_400_777_041));
  tabs = new ScaleTabs();
});

afterAll(async () => {
  await tabs?.closeAll();
  await stopPair?.();
});

function texts(chat: Chat): string[] {
  const seen: string[] = [];
  chat.on(EVENT.MESSAGE_RECEIVED, (event: { data: Message[] }) => {
    for (const m of event.data) if (m.type === TYPES.MSG_TEXT) seen.push(m.payload.text);
  });
  return seen;
}

async function send(chat: Chat, groupID: string, text: string) {
  return chat.sendMessage(chat.createTextMessage({ to: groupID, conversationType: 'GROUP', payload: { text } }));
}

async function inGroup(chat: Chat, groupID: string): Promise<void> {
  await until(() => chat.conversationStore.get(`GROUP${groupID}`) !== undefined, 15_000, `${groupID} shown`);
}

describe('group administration across two processes', () => {
  it('stops delivery to a member removed on A at once, on their tab on B', async () => {
    const owner = await userOn(p1, 'sg-kick-owner');
    const stays = await userOn(p2, 'sg-kick-stays');
    const kicked = await userOn(p2, 'sg-kick-gone');
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Crew',
      groupID: 'sg-kick',
      memberList: [{ userID: 'sg-kick-stays' }, { userID: 'sg-kick-gone' }],
    });
    await Promise.all([inGroup(stays, 'sg-kick'), inGroup(kicked, 'sg-kick')]);
    const staysHeard = texts(stays);
    const kickedHeard = texts(kicked);
    await send(owner, 'sg-kick', 'before');
    await until(() => kickedHeard.length === 1 && staysHeard.length === 1, 15_000, 'both hear “before”');

    const told = nextEvent<{ type: number }>(kicked, EVENT.GROUP_SYSTEM_NOTICE_RECEIVED, (d) => d.type === 4, 15_000);
    await owner.deleteGroupMember({ groupID: 'sg-kick', userIDList: ['sg-kick-gone'] });
    // Sent right after the removal was answered, from either process.
    await send(owner, 'sg-kick', 'after, from A');
    await send(stays, 'sg-kick', 'after, from B');
    await until(() => staysHeard.length === 2, 15_000, 'the member who stays hears A’s message');
    await told;
    expect(kickedHeard).toEqual(['before']);
    const conversation: Conversation | undefined = kicked.conversationStore.get('GROUPsg-kick');
    expect(conversation?.operationType).toBe(TYPES.CONV_OPERATION_KICKED_OUT);
    expect(await errorCode(send(kicked, 'sg-kick', 'still here?'))).toBe(ErrorCode.GROUP_NOT_MEMBER);
  });

  it('refuses on B the send of a member muted on A, and lets them speak once the mute is cancelled', async () => {
    const owner = await userOn(p1, 'sg-mute-owner');
    const member = await userOn(p2, 'sg-mute-member');
    await owner.createGroup({
      type: TYPES.GRP_MEETING,
      name: 'Quiet',
      groupID: 'sg-mute',
      memberList: [{ userID: 'sg-mute-member' }],
    });
    await inGroup(member, 'sg-mute');
    await owner.setGroupMemberMuteTime({ groupID: 'sg-mute', userID: 'sg-mute-member', muteTime: 600 });
    expect(await errorCode(send(member, 'sg-mute', 'can I?'))).toBe(ErrorCode.GROUP_MEMBER_MUTED);
    await owner.updateGroupProfile({ groupID: 'sg-mute', muteAllMembers: true });
    await owner.setGroupMemberMuteTime({ groupID: 'sg-mute', userID: 'sg-mute-member', muteTime: 0 });
    expect(await errorCode(send(member, 'sg-mute', 'now?'))).toBe(ErrorCode.GROUP_MEMBER_MUTED);
    await owner.updateGroupProfile({ groupID: 'sg-mute', muteAllMembers: false });
    await send(member, 'sg-mute', 'thank you');
    const history = (await owner.getMessageList({ conversationID: 'GROUPsg-mute' })).data.messageList;
    expect(history.filter((m) => m.type === TYPES.MSG_TEXT).map((m) => m.payload)).toEqual([{ text: 'thank you' }]);
  });

  it('ends a group dismissed on A for every member’s tab on B, which hears nothing more from it', async () => {
    const owner = await userOn(p1, 'sg-end-owner');
    const member = await userOn(p2, 'sg-end-member');
    const memberOnA = await userOn(p1, 'sg-end-member');
    await owner.createGroup({
      type: TYPES.GRP_COMMUNITY,
      name: 'Ending',
      groupID: 'sg-end',
      memberList: [{ userID: 'sg-end-member' }],
    });
    await Promise.all([inGroup(member, 'sg-end'), inGroup(memberOnA, 'sg-end')]);
    const ended = [member, memberOnA].map((chat) =>
      nextEvent<{ type: number }>(chat, EVENT.GROUP_SYSTEM_NOTICE_RECEIVED, (d) => d.type === 5, 15_000),
    );
    await owner.dismissGroup('sg-end');
    await Promise.all(ended);
    for (const chat of [member, memberOnA]) {
      expect(chat.conversationStore.get('GROUPsg-end')?.operationType).toBe(TYPES.CONV_OPERATION_DISMISSED);
    }
    expect(await errorCode(send(member, 'sg-end', 'hello?'))).toBe(ErrorCode.GROUP_NOT_FOUND);
  });
});
