import {
  type AdminForbidType,
  type AllowType,
  type Gender,
  type GroupLastMessage,
  type GroupMember,
  type GroupProfile,
  type GroupRole,
  type MessageControlInfo,
  type MessageRemindType,
  messageForShow,
  type Profile,
  type ShownMessage,
  type WireMessage,
  type WireMessageType,
} from '@liaison/protocol';
import { toNumber } from '../db/database';

/** Row → wire mappers, in one place so every query returns the same shapes. */

export interface MessageRow {
  conv_type: string;
  id: string;
  seq: unknown;
  sender: string;
  recipient: string;
  type: string;
  payload: unknown;
  at_user_list: unknown;
  time: unknown;
  client_time: unknown;
  random: unknown;
  nick: string;
  avatar: string;
  cloud_custom_data: string;
  need_read_receipt: boolean;
  has_risk_content: boolean;
  is_revoked: boolean;
  revoker: string;
  version: unknown;
  change_seq: unknown;
  supports_extension: boolean | null;
  revoker_info: unknown;
  /** A targeted message's receivers (text[]); NULL for every other message. */
  receivers: string[] | null;
  /** CONTROL_* bits; NULL for a message sent without any. */
  control: number | null;
  /** True for a message moved from another system (migration 047); NULL for a live one, absent from the writer's answers. */
  imported?: boolean | null;
}

/** messages.control bits (migration 045): Tencent's messageControlInfo as stored. */
export const CONTROL_NO_UNREAD = 1;
export const CONTROL_NO_LAST_MESSAGE = 2;

/**
 * What the message writer answers a retried send with (message-writer.ts): every column but
 * `imported`, so the send path's statements read nothing more for it.
 */
export const SENT_MESSAGE_COLUMNS =
  'conv_type, id, seq, sender, recipient, type, payload, at_user_list, time, client_time, random, nick, avatar, cloud_custom_data, need_read_receipt, has_risk_content, is_revoked, revoker, version, change_seq, supports_extension, revoker_info, receivers, control';

export const MESSAGE_COLUMNS = `${SENT_MESSAGE_COLUMNS}, imported`;

export function toWireMessage(row: MessageRow): WireMessage {
  const revokerInfo = row.revoker_info ? (parseJson(row.revoker_info) as { nick: string; avatar: string }) : null;
  // The type and payload were validated together before they were stored.
  return {
    ID: row.id,
    conversationType: row.conv_type === 'GROUP' ? 'GROUP' : 'C2C',
    from: row.sender,
    to: row.recipient,
    type: row.type as WireMessageType,
    payload: parseJson(row.payload),
    atUserList: parseJson(row.at_user_list) as string[],
    sequence: toNumber(row.seq),
    time: Math.floor(toNumber(row.time) / 1000),
    clientTime: toNumber(row.client_time),
    random: toNumber(row.random),
    nick: row.nick,
    avatar: row.avatar,
    cloudCustomData: row.cloud_custom_data,
    needReadReceipt: row.need_read_receipt,
    hasRiskContent: row.has_risk_content ?? false,
    isRevoked: row.is_revoked ?? false,
    revoker: row.revoker ?? '',
    version: toNumber(row.version ?? 0),
    changeSequence: toNumber(row.change_seq ?? 0),
    // Only when set, as on the message sent: most messages carry none of these.
    ...(row.supports_extension ? { isSupportExtension: true } : {}),
    ...(revokerInfo
      ? { revokerInfo: { userID: row.revoker, nick: revokerInfo.nick, avatar: revokerInfo.avatar } }
      : {}),
    ...(row.receivers ? { receiverList: [...row.receivers] } : {}),
    ...(row.control ? { messageControlInfo: controlInfo(row.control) } : {}),
    ...(row.imported ? { imported: true } : {}),
  } as WireMessage;
}

/** Stored control bits as the wire's messageControlInfo (each flag only when set). */
export function controlInfo(bits: number): MessageControlInfo {
  return {
    ...(bits & CONTROL_NO_UNREAD ? { excludedFromUnreadCount: true } : {}),
    ...(bits & CONTROL_NO_LAST_MESSAGE ? { excludedFromLastMessage: true } : {}),
  };
}

/** messageControlInfo as control bits; null without any, as ordinary messages are stored. */
export function controlBits(info: MessageControlInfo | undefined): number | null {
  const bits =
    (info?.excludedFromUnreadCount ? CONTROL_NO_UNREAD : 0) |
    (info?.excludedFromLastMessage ? CONTROL_NO_LAST_MESSAGE : 0);
  return bits === 0 ? null : bits;
}

export interface UserRow {
  user_id: string;
  nick: string;
  avatar: string;
  self_signature: string;
  allow_type: string;
  gender: string;
  birthday: unknown;
  location: string;
  language: unknown;
  message_settings: number;
  admin_forbid_type: string;
  level: unknown;
  role: unknown;
  profile_custom: unknown;
}

/** The users columns a UserRow reads, each prefixed with `alias.` when the query joins users as one. */
export function userColumns(alias?: string): string {
  const names = [
    'user_id',
    'nick',
    'avatar',
    'self_signature',
    'allow_type',
    'gender',
    'birthday',
    'location',
    'language',
    'message_settings',
    'admin_forbid_type',
    'level',
    'role',
    'profile_custom',
  ];
  return names.map((name) => (alias ? `${alias}.${name}` : name)).join(', ');
}

export function toProfile(row: UserRow): Profile {
  const custom = parseJson(row.profile_custom) as Record<string, string>;
  return {
    userID: row.user_id,
    nick: row.nick,
    avatar: row.avatar,
    selfSignature: row.self_signature,
    // Only the migrations' values are ever stored (users.ts writes parsed ones).
    allowType: row.allow_type as AllowType,
    gender: row.gender as Gender,
    birthday: toNumber(row.birthday),
    location: row.location,
    language: toNumber(row.language),
    messageSettings: row.message_settings,
    adminForbidType: row.admin_forbid_type as AdminForbidType,
    level: toNumber(row.level),
    role: toNumber(row.role),
    profileCustomField: Object.keys(custom)
      .sort()
      .map((key) => ({ key, value: custom[key] ?? '' })),
  };
}

export interface GroupRow {
  group_id: string;
  type: string;
  name: string;
  avatar: string;
  introduction: string;
  notification: string;
  owner_id: string;
  join_option: string;
  max_members: number;
  member_count: number;
  mute_all: boolean;
  created_at: unknown;
  /** Absent from queries that do not select it (taken as false). */
  is_support_topic?: boolean;
  /** jsonb [{key, value}] (a string where the driver leaves it unparsed). */
  custom_fields: unknown;
  info_seq: unknown;
  /** Milliseconds. */
  last_info_time: unknown;
  /** The group conversation's head and its newest message (GROUP_LAST_MESSAGE_SQL); absent: none shown. */
  max_seq?: unknown;
  last_time?: unknown;
  last_sender?: string | null;
  last_type?: string | null;
  last_payload?: unknown;
  last_hidden?: boolean | null;
}

/**
 * Joins, for a query over `groups g`, what toGroupProfile shows of the group's conversation: its
 * head, and its newest message by key (never a scan of the messages).
 */
export const GROUP_LAST_MESSAGE_SQL = {
  columns: `c.max_seq, lm.time AS last_time, lm.sender AS last_sender, lm.type AS last_type,
            lm.payload AS last_payload, (lm.is_revoked OR lm.has_risk_content) AS last_hidden`,
  joins: `LEFT JOIN conversations c ON c.conv_key = 'g:' || g.group_id
          LEFT JOIN messages lm ON lm.conv_key = c.conv_key AND lm.seq = c.max_seq`,
};

/** A member row's marks (markGroupMemberList), selected as `marks` for toGroupMember; `alias` is the member row's. */
export function memberMarksSql(alias: string): string {
  return `(SELECT array_agg(k.mark_type ORDER BY k.mark_type) FROM group_member_marks k
            WHERE k.group_id = ${alias}.group_id AND k.user_id = ${alias}.user_id) AS marks`;
}

export interface MemberRow {
  user_id: string;
  role: string;
  join_time: unknown;
  name_card: string;
  /** Milliseconds; 0 when never muted. */
  mute_until: unknown;
  /** jsonb [{key, value}] (a string where the driver leaves it unparsed). */
  custom_fields?: unknown;
  /** bigint[] of memberMarksSql; null when the member has none. */
  marks?: unknown;
}

export function toGroupProfile(row: GroupRow, self: (MemberRow & { remind_type: string }) | null): GroupProfile {
  return {
    groupID: row.group_id,
    name: row.name,
    type: row.type as GroupProfile['type'],
    avatar: row.avatar,
    introduction: row.introduction,
    notification: row.notification,
    ownerID: row.owner_id,
    createTime: Math.floor(toNumber(row.created_at) / 1000),
    memberCount: row.member_count,
    maxMemberCount: row.max_members,
    joinOption: row.join_option as GroupProfile['joinOption'],
    muteAllMembers: row.mute_all,
    isSupportTopic: row.is_support_topic === true,
    groupCustomField: customFields(row.custom_fields),
    infoSequence: toNumber(row.info_seq),
    lastInfoTime: Math.floor(toNumber(row.last_info_time) / 1000),
    nextMessageSeq: toNumber(row.max_seq ?? 0) + 1,
    lastMessage: groupLastMessage(row),
    selfInfo: self
      ? {
          userID: self.user_id,
          role: self.role as GroupRole,
          joinTime: Math.floor(toNumber(self.join_time) / 1000),
          messageRemindType: self.remind_type as MessageRemindType,
          nameCard: self.name_card,
          muteTime: toSeconds(self.mute_until),
        }
      : null,
  };
}

export function toGroupMember(row: MemberRow & UserRow): GroupMember {
  return {
    userID: row.user_id,
    nick: row.nick,
    avatar: row.avatar,
    role: row.role as GroupRole,
    joinTime: Math.floor(toNumber(row.join_time) / 1000),
    nameCard: row.name_card,
    muteUntil: toSeconds(row.mute_until),
    memberCustomField: customFields(row.custom_fields),
    markList: Array.isArray(row.marks) ? row.marks.map(toNumber) : [],
  };
}

/** Stored custom fields (a group's or a member's), as the wire's [{key, value}]. */
export function customFields(stored: unknown): Array<{ key: string; value: string }> {
  const fields = typeof stored === 'string' ? JSON.parse(stored) : stored;
  return Array.isArray(fields) ? (fields as Array<{ key: string; value: string }>) : [];
}

/** No stored message, or none the caller is shown. */
export const NO_GROUP_LAST_MESSAGE: GroupLastMessage = Object.freeze({
  lastTime: 0,
  lastSequence: 0,
  fromAccount: '',
  messageForShow: '',
});

/** The group's newest stored message; a revoked or flagged one keeps its place but shows no text. */
function groupLastMessage(row: GroupRow): GroupLastMessage {
  if (!row.last_sender || !row.last_type) return NO_GROUP_LAST_MESSAGE;
  // The type and payload were validated together before they were stored.
  const shown = { type: row.last_type, payload: parseJson(row.last_payload) } as ShownMessage;
  return {
    lastTime: Math.floor(toNumber(row.last_time) / 1000),
    lastSequence: toNumber(row.max_seq),
    fromAccount: row.last_sender,
    messageForShow: row.last_hidden ? '' : messageForShow(shown),
  };
}

/** A stored millisecond time as the wire's seconds (a mute end rounds up: never shorter than set). */
function toSeconds(ms: unknown): number {
  return Math.ceil(toNumber(ms ?? 0) / 1000);
}

/** PGlite returns jsonb parsed; pg too. Text is accepted for safety with other drivers. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
