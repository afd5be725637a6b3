import { randomBytes } from 'node:crypto';
import { GroupTipOperation, type GroupTipPayload, SYSTEM_SENDER, type WireMessage } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { groupKey } from '../messages/keys';
import type { MessageWriter } from '../messages/message-writer';

export interface TipDeps {
  db: Sql;
  writer: MessageWriter;
}

export interface GroupTip {
  operatorID: string;
  operationType: number;
  userIDList: string[];
  /** Profile changes: the changed fields and their new values. */
  newGroupProfile?: GroupTipPayload['newGroupProfile'];
  /** Mute changes: each member's mute length in seconds (0: cancelled). */
  memberList?: GroupTipPayload['memberList'];
}

/**
 * A group tip (TIMGroupTipElem from '@TIM#SYSTEM'): stored and sequenced through the writer like any
 * message, so members who were offline find it in history and sync. The nicks of the users are
 * taken now, so the tip reads the same later. Resolves null when the group is gone.
 */
export async function sendGroupTip(deps: TipDeps, groupID: string, tip: GroupTip): Promise<WireMessage | null> {
  const [group] = await deps.db.query<{ member_count: number }>(
    'SELECT member_count FROM groups WHERE group_id = $1 AND dismissed_at IS NULL',
    [groupID],
  );
  if (!group) return null;
  const nicks = new Map(
    (
      await deps.db.query<{ user_id: string; nick: string }>(
        'SELECT user_id, nick FROM users WHERE user_id = ANY($1)',
        [tip.userIDList],
      )
    ).map((r) => [r.user_id, r.nick]),
  );
  const payload: GroupTipPayload = {
    operatorID: tip.operatorID,
    operationType: tip.operationType,
    userIDList: tip.userIDList,
    nickList: tip.userIDList.map((id) => nicks.get(id) ?? ''),
    newGroupProfile: tip.newGroupProfile ?? null,
    memberNum: group.member_count,
    ...(tip.memberList ? { memberList: tip.memberList } : {}),
  };
  const { message } = await deps.writer.submit({
    key: groupKey(groupID),
    convType: 'GROUP',
    sender: SYSTEM_SENDER,
    recipient: groupID,
    id: `tip-${randomBytes(12).toString('base64url')}`,
    type: 'TIMGroupTipElem',
    payload,
    atUserList: [],
    clientTime: Math.floor(Date.now() / 1000),
    random: randomBytes(4).readUInt32BE(0),
    nick: '',
    avatar: '',
    cloudCustomData: '',
    needReadReceipt: false,
    origin: '',
    system: true,
    readBy: [tip.operatorID, ...tip.userIDList],
  });
  return message;
}

/**
 * Tips for what members do and what is done to the group (docs/groups.md), as the reference
 * makes them: joins (an invitation is a join whose operator is the inviter), quits, removals,
 * admin changes, profile changes (an owner change is one: newGroupProfile.ownerID) and mutes (a
 * member profile change with memberList).
 */
export const groupTips = {
  joined: (deps: TipDeps, groupID: string, operatorID: string, userIDs: string[]) =>
    tipOrNothing(deps, groupID, { operatorID, operationType: GroupTipOperation.MEMBER_JOIN, userIDList: userIDs }),
  ownerChanged: (deps: TipDeps, groupID: string, operatorID: string, newOwnerID: string) =>
    tipOrNothing(deps, groupID, {
      operatorID,
      operationType: GroupTipOperation.GROUP_PROFILE_UPDATED,
      userIDList: [newOwnerID],
      newGroupProfile: { ownerID: newOwnerID },
    }),
  muted: (deps: TipDeps, groupID: string, operatorID: string, userID: string, muteTime: number) =>
    tipOrNothing(deps, groupID, {
      operatorID,
      operationType: GroupTipOperation.MEMBER_PROFILE_UPDATED,
      userIDList: [userID],
      memberList: [{ userID, muteTime }],
    }),
  quit: (deps: TipDeps, groupID: string, userID: string) =>
    tipOrNothing(deps, groupID, {
      operatorID: userID,
      operationType: GroupTipOperation.MEMBER_QUIT,
      userIDList: [userID],
    }),
  kicked: (deps: TipDeps, groupID: string, operatorID: string, userIDs: string[]) =>
    tipOrNothing(deps, groupID, {
      operatorID,
      operationType: GroupTipOperation.MEMBER_KICKED_OUT,
      userIDList: userIDs,
    }),
  roleChanged: (deps: TipDeps, groupID: string, operatorID: string, userIDs: string[], admin: boolean) =>
    tipOrNothing(deps, groupID, {
      operatorID,
      operationType: admin ? GroupTipOperation.SET_ADMIN : GroupTipOperation.CANCEL_ADMIN,
      userIDList: userIDs,
    }),
  groupProfileChanged: (
    deps: TipDeps,
    groupID: string,
    operatorID: string,
    changes: NonNullable<GroupTipPayload['newGroupProfile']>,
  ) =>
    tipOrNothing(deps, groupID, {
      operatorID,
      operationType: GroupTipOperation.GROUP_PROFILE_UPDATED,
      userIDList: [],
      newGroupProfile: changes,
    }),
  memberProfileChanged: (deps: TipDeps, groupID: string, operatorID: string, userIDs: string[]) =>
    tipOrNothing(deps, groupID, {
      operatorID,
      operationType: GroupTipOperation.MEMBER_PROFILE_UPDATED,
      userIDList: userIDs,
    }),
};

/**
 * The change the tip reports is already committed: a tip that cannot be stored (the writer logs
 * database failures) must not turn the change into an error for the caller.
 */
async function tipOrNothing(deps: TipDeps, groupID: string, tip: GroupTip): Promise<void> {
  await sendGroupTip(deps, groupID, tip).catch(() => null);
}

/** The chat kit's 'group created' message (TUIKit's businessID), shown as 'X created the group'. */
const GROUP_CREATE_BUSINESS_ID = 'group_create';

/**
 * 'X created the group': the message the reference chat kit sends after createGroup, sent here by
 * the server so the group opens with it on every member's list, and read for them all (nobody
 * needs telling that a group they were just shown exists).
 */
export async function sendGroupCreated(
  deps: TipDeps,
  groupID: string,
  creator: { userID: string; nick: string; avatar: string },
  memberIDs: readonly string[],
): Promise<void> {
  const data = JSON.stringify({
    businessID: GROUP_CREATE_BUSINESS_ID,
    version: 4,
    opUser: creator.nick || creator.userID,
    content: '创建群组',
  });
  await deps.writer
    .submit({
      key: groupKey(groupID),
      convType: 'GROUP',
      sender: creator.userID,
      recipient: groupID,
      id: `created-${randomBytes(12).toString('base64url')}`,
      type: 'TIMCustomElem',
      payload: { data, description: '', extension: '' },
      atUserList: [],
      clientTime: Math.floor(Date.now() / 1000),
      random: randomBytes(4).readUInt32BE(0),
      nick: creator.nick,
      avatar: creator.avatar,
      cloudCustomData: '',
      needReadReceipt: false,
      origin: '',
      system: true,
      readBy: memberIDs,
    })
    .catch(() => null);
}
