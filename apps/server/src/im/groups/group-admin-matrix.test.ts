import { ErrorCode } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, connect, startServer } from '../../integration/harness';
import { snapshot } from '../../integration/state-snapshot';

/**
 * Who may do what to a group, through the SDK against a real server: every group operation ×
 * (owner, admin, member, muted member, non-member, removed member) × the group types where the
 * type matters. Each cell runs on a fresh group and is allowed, or refused with its code and
 * nothing stored changes.
 */
const { TYPES } = LiaisonChat;
const ROLES = ['owner', 'admin', 'member', 'muted', 'nonMember', 'removed'] as const;
type Role = (typeof ROLES)[number];
type GroupKind = 'Public' | 'Private' | 'ChatRoom' | 'AVChatRoom' | 'Community';
/** 'allow', or the code of the refusal; a role left out does not exist in that group (Work groups mute nobody). */
type Cells = Partial<Record<Role, 'allow' | number>>;

const USERS = {
  owner: 'gm-owner',
  admin: 'gm-admin',
  member: 'gm-member',
  muted: 'gm-muted',
  nonMember: 'gm-outsider',
  removed: 'gm-removed',
  /** A second admin, a plain member and a user to add: what ops are done to. */
  admin2: 'gm-admin2',
  plain: 'gm-plain',
  extra: 'gm-extra',
  applicant: 'gm-applicant',
} as const;

interface Setup {
  type: GroupKind;
  joinOption?: 'FreeAccess' | 'NeedPermission' | 'DisableApply';
  muteAll?: boolean;
  /** gm-applicant has asked to join. */
  application?: boolean;
}

interface Row {
  op: string;
  setup: Setup;
  call(chat: Chat, groupID: string): Promise<unknown>;
  cells: Cells;
  /** What an allowed call must have answered. */
  check?(data: unknown, role: Role): void;
}

const { GROUP_NOT_MEMBER, GROUP_NO_PERMISSION, GROUP_MEMBER_MUTED, GROUP_INVALID_PARAMS } = ErrorCode;
const members: Cells = {
  owner: 'allow',
  admin: 'allow',
  member: 'allow',
  muted: 'allow',
  nonMember: GROUP_NOT_MEMBER,
  removed: GROUP_NOT_MEMBER,
};
const managers: Cells = { ...members, member: GROUP_NO_PERMISSION, muted: GROUP_NO_PERMISSION };
const ownerOnly: Cells = { ...managers, admin: GROUP_NO_PERMISSION };
const noMember: Cells = {
  ...members,
  owner: GROUP_NO_PERMISSION,
  admin: GROUP_NO_PERMISSION,
  member: GROUP_NO_PERMISSION,
  muted: GROUP_NO_PERMISSION,
};
const everyone = (result: 'allow' | number): Cells => Object.fromEntries(ROLES.map((role) => [role, result]));
/** A Work group mutes nobody: its muted column does not exist. */
const work = (cells: Cells): Cells => {
  const { muted: _none, ...rest } = cells;
  return rest;
};

const PUBLIC: Setup = { type: 'Public', joinOption: 'FreeAccess' };
const WORK: Setup = { type: 'Private' };
const AV: Setup = { type: 'AVChatRoom' };

function text(chat: Chat, groupID: string) {
  return chat.sendMessage(chat.createTextMessage({ to: groupID, conversationType: 'GROUP', payload: { text: 'hi' } }));
}

const joinStatus = (expected: Partial<Record<Role, string>>) => (data: unknown, role: Role) =>
  expect((data as { status: string }).status, role).toBe(expected[role] ?? TYPES.JOIN_STATUS_ALREADY_IN_GROUP);

const rows: Row[] = [
  // Sending: muted members and (with mute-all) everyone but the owner and admins get 10017.
  { op: 'sendMessage', setup: PUBLIC, call: text, cells: { ...members, muted: GROUP_MEMBER_MUTED } },
  {
    op: 'sendMessage (mute-all on)',
    setup: { ...PUBLIC, muteAll: true },
    call: text,
    cells: { ...members, member: GROUP_MEMBER_MUTED, muted: GROUP_MEMBER_MUTED },
  },
  { op: 'sendMessage', setup: AV, call: text, cells: { ...members, muted: GROUP_MEMBER_MUTED } },
  { op: 'sendMessage', setup: WORK, call: text, cells: work(members) },
  // Reading: a removed member still reads what they could see until then (history.visibleRange).
  {
    op: 'getMessageList',
    setup: PUBLIC,
    call: (chat, groupID) => chat.getMessageList({ conversationID: `GROUP${groupID}` }),
    cells: { ...members, removed: 'allow' },
  },
  {
    op: 'getGroupMemberList',
    setup: PUBLIC,
    call: (chat, groupID) => chat.getGroupMemberList({ groupID }),
    cells: members,
  },
  {
    op: 'getGroupProfile',
    setup: PUBLIC,
    call: (chat, groupID) => chat.getGroupProfile({ groupID }),
    cells: everyone('allow'),
  },
  {
    op: 'getGroupProfile',
    setup: WORK,
    call: (chat, groupID) => chat.getGroupProfile({ groupID }),
    cells: work({ ...members, nonMember: GROUP_NO_PERMISSION, removed: GROUP_NO_PERMISSION }),
  },
  {
    op: 'searchGroupByID',
    setup: PUBLIC,
    call: (chat, groupID) => chat.searchGroupByID(groupID),
    cells: everyone('allow'),
  },
  {
    op: 'searchGroupByID',
    setup: WORK,
    call: (chat, groupID) => chat.searchGroupByID(groupID),
    cells: work({ ...members, nonMember: GROUP_NO_PERMISSION, removed: GROUP_NO_PERMISSION }),
  },
  // Joining, by type and join option.
  ...(
    [
      [PUBLIC, TYPES.JOIN_STATUS_SUCCESS],
      [{ type: 'Public', joinOption: 'NeedPermission' }, TYPES.JOIN_STATUS_WAIT_APPROVAL],
      [{ type: 'ChatRoom', joinOption: 'NeedPermission' }, TYPES.JOIN_STATUS_SUCCESS],
      [{ type: 'Community', joinOption: 'NeedPermission' }, TYPES.JOIN_STATUS_SUCCESS],
      [AV, TYPES.JOIN_STATUS_SUCCESS],
    ] as const
  ).map(
    ([setup, outsiderStatus]): Row => ({
      op: `joinGroup (${setup.type}${'joinOption' in setup ? ` ${setup.joinOption}` : ''})`,
      setup,
      call: (chat, groupID) => chat.joinGroup({ groupID, applyMessage: 'let me in' }),
      cells: everyone('allow'),
      check: joinStatus({ nonMember: outsiderStatus, removed: outsiderStatus }),
    }),
  ),
  ...([{ type: 'Public', joinOption: 'DisableApply' }, WORK] as const).map(
    (setup): Row => ({
      op: `joinGroup (${setup.type}${'joinOption' in setup ? ` ${setup.joinOption}` : ''})`,
      setup,
      call: (chat, groupID) => chat.joinGroup({ groupID }),
      cells: {
        ...(setup.type === 'Private' ? work(everyone('allow')) : everyone('allow')),
        nonMember: ErrorCode.GROUP_JOIN_UNSUPPORTED,
        removed: ErrorCode.GROUP_JOIN_UNSUPPORTED,
      },
      check: joinStatus({}),
    }),
  ),
  // Join requests: the owner and admins see and handle them.
  {
    op: 'getGroupApplicationList',
    setup: { type: 'Public', joinOption: 'NeedPermission', application: true },
    call: (chat) => chat.getGroupApplicationList(),
    cells: everyone('allow'),
    check: (data, role) => {
      const applicants = (data as { applicationList: Array<{ applicant: string; note: string }> }).applicationList;
      const isManager = role === 'owner' || role === 'admin';
      expect(applicants.map((a) => a.applicant).includes(USERS.applicant), role).toBe(isManager);
    },
  },
  ...(['Agree', 'Reject'] as const).map(
    (handleAction): Row => ({
      op: `handleGroupApplication (${handleAction})`,
      setup: { type: 'Public', joinOption: 'NeedPermission', application: true },
      call: (chat, groupID) =>
        chat.handleGroupApplication({ handleAction, application: { groupID, applicant: USERS.applicant } }),
      cells: managers,
    }),
  ),
  // Adding members: any member of a Work group, the owner and admins elsewhere, nobody in an AVChatRoom.
  ...(['Public', 'ChatRoom', 'Community'] as const).map(
    (type): Row => ({
      op: `addGroupMember (${type})`,
      setup: { type },
      call: (chat, groupID) => chat.addGroupMember({ groupID, userIDList: [USERS.extra] }),
      cells: managers,
      check: (data) => expect((data as { successUserIDList: string[] }).successUserIDList).toEqual([USERS.extra]),
    }),
  ),
  {
    op: 'addGroupMember',
    setup: WORK,
    call: (chat, groupID) => chat.addGroupMember({ groupID, userIDList: [USERS.extra] }),
    cells: work(members),
  },
  {
    op: 'addGroupMember',
    setup: AV,
    call: (chat, groupID) => chat.addGroupMember({ groupID, userIDList: [USERS.extra] }),
    cells: noMember,
  },
  // Removing: the owner and admins, only those ranked below them, never in an AVChatRoom.
  {
    op: 'deleteGroupMember (a member)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.deleteGroupMember({ groupID, userIDList: [USERS.plain] }),
    cells: managers,
  },
  {
    op: 'deleteGroupMember (a member)',
    setup: WORK,
    call: (chat, groupID) => chat.deleteGroupMember({ groupID, userIDList: [USERS.plain] }),
    cells: work(managers),
  },
  {
    op: 'deleteGroupMember (another admin)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.deleteGroupMember({ groupID, userIDList: [USERS.admin2] }),
    cells: ownerOnly,
  },
  {
    op: 'deleteGroupMember (the owner)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.deleteGroupMember({ groupID, userIDList: [USERS.owner] }),
    cells: { ...ownerOnly, owner: GROUP_INVALID_PARAMS },
  },
  {
    op: 'deleteGroupMember (a member)',
    setup: AV,
    call: (chat, groupID) => chat.deleteGroupMember({ groupID, userIDList: [USERS.plain] }),
    cells: noMember,
  },
  // Leaving and ending.
  {
    op: 'quitGroup',
    setup: PUBLIC,
    call: (chat, groupID) => chat.quitGroup(groupID),
    cells: { ...members, owner: ErrorCode.GROUP_OWNER_CANNOT_QUIT },
  },
  { op: 'quitGroup', setup: WORK, call: (chat, groupID) => chat.quitGroup(groupID), cells: work(members) },
  {
    op: 'quitGroup',
    setup: AV,
    call: (chat, groupID) => chat.quitGroup(groupID),
    cells: { ...members, owner: ErrorCode.GROUP_OWNER_CANNOT_QUIT },
  },
  ...(['Public', 'ChatRoom', 'Community', 'AVChatRoom'] as const).map(
    (type): Row => ({
      op: `dismissGroup (${type})`,
      setup: { type },
      call: (chat, groupID) => chat.dismissGroup(groupID),
      cells: ownerOnly,
    }),
  ),
  { op: 'dismissGroup', setup: WORK, call: (chat, groupID) => chat.dismissGroup(groupID), cells: work(noMember) },
  // Ownership and roles: the owner's.
  {
    op: 'changeGroupOwner (to a member)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.changeGroupOwner({ groupID, newOwnerID: USERS.plain }),
    cells: ownerOnly,
  },
  {
    op: 'changeGroupOwner (to a non-member)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.changeGroupOwner({ groupID, newOwnerID: USERS.nonMember }),
    cells: { ...ownerOnly, owner: GROUP_NOT_MEMBER },
  },
  {
    op: 'changeGroupOwner (to oneself)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.changeGroupOwner({ groupID, newOwnerID: USERS.owner }),
    cells: { ...ownerOnly, owner: GROUP_INVALID_PARAMS },
  },
  {
    op: 'changeGroupOwner',
    setup: AV,
    call: (chat, groupID) => chat.changeGroupOwner({ groupID, newOwnerID: USERS.plain }),
    cells: { ...ownerOnly, owner: GROUP_NO_PERMISSION },
  },
  {
    op: 'setGroupMemberRole (member → admin)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.setGroupMemberRole({ groupID, userID: USERS.plain, role: 'Admin' }),
    cells: ownerOnly,
  },
  {
    op: 'setGroupMemberRole (admin → member)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.setGroupMemberRole({ groupID, userID: USERS.admin2, role: 'Member' }),
    cells: ownerOnly,
  },
  // Muting: nobody mutes an equal or a superior; nobody mutes in a Work group.
  {
    op: 'setGroupMemberMuteTime (a member)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.setGroupMemberMuteTime({ groupID, userID: USERS.plain, muteTime: 60 }),
    cells: managers,
  },
  {
    op: 'setGroupMemberMuteTime (cancel a member’s)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.setGroupMemberMuteTime({ groupID, userID: USERS.muted, muteTime: 0 }),
    cells: { ...managers, muted: GROUP_NO_PERMISSION },
  },
  {
    op: 'setGroupMemberMuteTime (an admin)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.setGroupMemberMuteTime({ groupID, userID: USERS.admin2, muteTime: 60 }),
    cells: ownerOnly,
  },
  {
    op: 'setGroupMemberMuteTime (the owner)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.setGroupMemberMuteTime({ groupID, userID: USERS.owner, muteTime: 60 }),
    cells: noMember,
  },
  {
    op: 'setGroupMemberMuteTime (a member)',
    setup: WORK,
    call: (chat, groupID) => chat.setGroupMemberMuteTime({ groupID, userID: USERS.plain, muteTime: 60 }),
    cells: work(noMember),
  },
  // The profile: the owner and admins; in a Work group every member renames it and edits its notice.
  {
    op: 'updateGroupProfile (name)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.updateGroupProfile({ groupID, name: 'Renamed' }),
    cells: managers,
  },
  {
    op: 'updateGroupProfile (name, notification)',
    setup: WORK,
    call: (chat, groupID) => chat.updateGroupProfile({ groupID, name: 'Renamed', notification: 'Read me' }),
    cells: work(members),
  },
  {
    op: 'updateGroupProfile (introduction)',
    setup: WORK,
    call: (chat, groupID) => chat.updateGroupProfile({ groupID, introduction: 'About us' }),
    cells: work(managers),
  },
  {
    op: 'updateGroupProfile (muteAllMembers)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.updateGroupProfile({ groupID, muteAllMembers: true }),
    cells: managers,
  },
  {
    op: 'updateGroupProfile (joinOption)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.updateGroupProfile({ groupID, joinOption: TYPES.JOIN_OPTIONS_DISABLE_APPLY }),
    cells: managers,
  },
  {
    op: 'updateGroupProfile (joinOption)',
    setup: WORK,
    call: (chat, groupID) => chat.updateGroupProfile({ groupID, joinOption: TYPES.JOIN_OPTIONS_FREE_ACCESS }),
    cells: work(noMember),
  },
  {
    // Bad input is refused before anything else: whoever asks.
    op: 'updateGroupProfile (blank name)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.updateGroupProfile({ groupID, name: '   ' }),
    cells: everyone(GROUP_INVALID_PARAMS),
  },
  {
    op: 'updateGroupProfile (151-character notice)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.updateGroupProfile({ groupID, notification: '告'.repeat(151) }),
    cells: everyone(GROUP_INVALID_PARAMS),
  },
  // Members' details.
  {
    op: 'getGroupMemberProfile',
    setup: PUBLIC,
    call: (chat, groupID) => chat.getGroupMemberProfile({ groupID, userIDList: [USERS.muted, USERS.plain] }),
    cells: members,
  },
  {
    op: 'setGroupMemberNameCard (one’s own)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.setGroupMemberNameCard({ groupID, nameCard: 'Me' }),
    cells: members,
  },
  {
    op: 'setGroupMemberNameCard (a member’s)',
    setup: PUBLIC,
    call: (chat, groupID) => chat.setGroupMemberNameCard({ groupID, userID: USERS.plain, nameCard: 'Them' }),
    cells: managers,
  },
  {
    op: 'getGroupOnlineMemberCount',
    setup: PUBLIC,
    call: (chat, groupID) => chat.getGroupOnlineMemberCount(groupID),
    cells: members,
  },
];

let server: LiaisonServer;
const chats = {} as Record<keyof typeof USERS, Chat>;
let groups = 0;

beforeAll(async () => {
  // One owner makes every group here: the per-user limits are lifted so the table is all it measures.
  server = await startServer(undefined, {
    limits: { imOpsPerSecond: 100_000, imOpsBurst: 100_000, imUserSendsPerSecond: 100_000, imUserSendsBurst: 100_000 },
  });
  for (const [key, userID] of Object.entries(USERS)) {
    chats[key as keyof typeof USERS] = await connect(server, userID);
  }
});

afterAll(async () => {
  await Promise.all(Object.values(chats).map((chat) => chat.logout().catch(() => undefined)));
  await server?.close();
});

/** A fresh group: owner, two admins, a member, a muted member, a plain member, and one removed. */
async function freshGroup(setup: Setup): Promise<string> {
  const groupID = `gm-${setup.type}-${++groups}`;
  const { owner } = chats;
  await owner.createGroup({
    type: setup.type,
    name: 'Matrix',
    groupID,
    ...(setup.joinOption ? { joinOption: setup.joinOption } : {}),
    memberList: [USERS.admin, USERS.admin2, USERS.member, USERS.muted, USERS.plain, USERS.removed].map((userID) => ({
      userID,
    })),
  });
  for (const userID of [USERS.admin, USERS.admin2]) await owner.setGroupMemberRole({ groupID, userID, role: 'Admin' });
  if (setup.type !== 'Private') await owner.setGroupMemberMuteTime({ groupID, userID: USERS.muted, muteTime: 3600 });
  // An AVChatRoom removes nobody: its "removed" member is one who left.
  if (setup.type === 'AVChatRoom') await chats.removed.quitGroup(groupID);
  else await owner.deleteGroupMember({ groupID, userIDList: [USERS.removed] });
  if (setup.muteAll) await owner.updateGroupProfile({ groupID, muteAllMembers: true });
  if (setup.application) await chats.applicant.joinGroup({ groupID, applyMessage: 'please' });
  return groupID;
}

describe('group operations: who may, by role and group type', () => {
  for (const row of rows) {
    const roles = ROLES.filter((role) => row.cells[role] !== undefined);
    const summary = roles.map((role) => `${role} ${String(row.cells[role])}`).join(', ');
    it(`${row.op}, ${row.setup.type} group: ${summary}`, async () => {
      // A refusal is checked to change nothing stored, so the next role may meet the same group;
      // only after an allowed call does the next one get a fresh group.
      let groupID: string | undefined;
      for (const role of roles) {
        groupID ??= await freshGroup(row.setup);
        const before = await snapshot(server.db);
        const expected = row.cells[role];
        let outcome: 'allow' | number;
        let data: unknown;
        try {
          data = ((await row.call(chats[role], groupID)) as { data: unknown }).data;
          outcome = 'allow';
        } catch (error) {
          outcome = (error as { code?: number }).code ?? -1;
        }
        expect(outcome, `${role} → ${row.op}`).toBe(expected);
        if (outcome === 'allow') {
          row.check?.(data, role);
          groupID = undefined;
        } else
          expect(await snapshot(server.db), `${role} → ${row.op}: refused, yet stored state changed`).toEqual(before);
      }
    });
  }
});
