import { z } from 'zod';
import { AdminForbidType, AllowType, AT_ALL, Gender, Limits } from './constants';
import { payloadSchemas } from './message-payloads';

/** Shapes the server sends. The SDK parses every frame with these before trusting it. */

export const userIDSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'userID may hold letters, digits, _ and - only')
  .min(1)
  .max(Limits.USER_ID_MAX);

export const groupIDSchema = z
  .string()
  .regex(/^[A-Za-z0-9_@#.-]+$/, 'groupID may hold letters, digits and _ @ # . - only')
  .min(1)
  .max(Limits.GROUP_ID_MAX);

export const messageIDSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:@#-]+$/, 'message ID may hold letters, digits and _ . : @ # - only')
  .min(1)
  .max(Limits.MESSAGE_ID_MAX);

export const conversationTypeSchema = z.enum(['C2C', 'GROUP']);
export const groupTypeSchema = z.enum(['Private', 'Public', 'ChatRoom', 'AVChatRoom', 'Community']);
export const joinOptionSchema = z.enum(['FreeAccess', 'NeedPermission', 'DisableApply']);
export const groupRoleSchema = z.enum(['Owner', 'Admin', 'Member']);
/**
 * AcceptNotNotifyExceptAt: the reference's NOT_RECEIVE_OFFLINE_PUSH_EXCEPT_AT (muted but for
 * mentions; its runtime reads it back for groups). Its NOT_RECEIVE_MSG_EXCEPT_AT is for topics only.
 */
export const remindTypeSchema = z.enum(['AcceptAndNotify', 'AcceptNotNotify', 'Discard', 'AcceptNotNotifyExceptAt']);
export const allowTypeSchema = z.enum([AllowType.ALLOW_ANY, AllowType.NEED_CONFIRM, AllowType.DENY_ANY]);
export const genderSchema = z.enum([Gender.UNKNOWN, Gender.FEMALE, Gender.MALE]);
export const adminForbidTypeSchema = z.enum([AdminForbidType.NONE, AdminForbidType.SEND_OUT]);

/**
 * Tencent's messageControlInfo as Liaison keeps it: each flag only when true. A message counting as
 * no one's unread (a targeted one, too), and one that is never a conversation's last message.
 */
export const messageControlInfoSchema = z.object({
  excludedFromUnreadCount: z.literal(true).optional(),
  excludedFromLastMessage: z.literal(true).optional(),
});
export type MessageControlInfo = z.infer<typeof messageControlInfoSchema>;

export const atUserListSchema = z.array(z.union([userIDSchema, z.literal(AT_ALL)])).max(100);

const wireMessageBaseSchema = z.object({
  ID: z.string(),
  conversationType: conversationTypeSchema,
  from: z.string(),
  /** Peer user ID for C2C, group ID for groups. */
  to: z.string(),
  atUserList: z.array(z.string()),
  /** Per-conversation server sequence; 0 for messages that are never stored (AVChatRoom). */
  sequence: z.number().int().nonnegative(),
  /** Server time in seconds, as the reference SDK. */
  time: z.number().int(),
  clientTime: z.number().int(),
  random: z.number().int(),
  nick: z.string(),
  avatar: z.string(),
  cloudCustomData: z.string(),
  needReadReceipt: z.boolean(),
  /** Set when moderation flagged the content (possibly after delivery): shown as a placeholder. */
  hasRiskContent: z.boolean(),
  /** Revoked by its sender (or a group owner/admin): the payload is emptied on the server. */
  isRevoked: z.boolean(),
  /** Who revoked it; '' when not revoked. */
  revoker: z.string(),
  /** Who revoked it, as they were shown then (Tencent's revokerInfo); only on revoked messages. */
  revokerInfo: z.object({ userID: z.string(), nick: z.string(), avatar: z.string() }).optional(),
  /** Sent with isSupportExtension: members may set its extensions. Only present when true. */
  isSupportExtension: z.literal(true).optional(),
  /** Sent with onlineUserOnly: delivered live and never stored; no unread, not in history. Only present when true. */
  onlineOnly: z.literal(true).optional(),
  /** A targeted group message: the members it was sent to (besides its sender). Only on those. */
  receiverList: z.array(z.string()).optional(),
  /** Sent with Tencent's messageControlInfo (or targeted: no unread). Only present with a flag set. */
  messageControlInfo: messageControlInfoSchema.optional(),
  /** Moved from another system (REST importmsg, import_group_msg): clients keep it as history, never report it received. */
  imported: z.literal(true).optional(),
  /** Bumped by every modifyMessage; a modification naming an older version gets 2480. */
  version: z.number().int().nonnegative(),
  /**
   * The conversation's change counter when this message last changed after it was sent (revoked,
   * modified, flagged); 0 if never. A client that missed changes asks for those above its cursor.
   */
  changeSequence: z.number().int().nonnegative(),
});

/** A stored message as the server delivers it: the common fields plus one type and its payload. */
export const wireMessageSchema = z.discriminatedUnion('type', [
  wireMessageBaseSchema.extend({ type: z.literal('TIMTextElem'), payload: payloadSchemas.TIMTextElem }),
  wireMessageBaseSchema.extend({ type: z.literal('TIMImageElem'), payload: payloadSchemas.TIMImageElem }),
  wireMessageBaseSchema.extend({ type: z.literal('TIMSoundElem'), payload: payloadSchemas.TIMSoundElem }),
  wireMessageBaseSchema.extend({ type: z.literal('TIMVideoFileElem'), payload: payloadSchemas.TIMVideoFileElem }),
  wireMessageBaseSchema.extend({ type: z.literal('TIMFileElem'), payload: payloadSchemas.TIMFileElem }),
  wireMessageBaseSchema.extend({ type: z.literal('TIMLocationElem'), payload: payloadSchemas.TIMLocationElem }),
  wireMessageBaseSchema.extend({ type: z.literal('TIMFaceElem'), payload: payloadSchemas.TIMFaceElem }),
  wireMessageBaseSchema.extend({ type: z.literal('TIMCustomElem'), payload: payloadSchemas.TIMCustomElem }),
  wireMessageBaseSchema.extend({ type: z.literal('TIMRelayElem'), payload: payloadSchemas.TIMRelayElem }),
  wireMessageBaseSchema.extend({ type: z.literal('TIMGroupTipElem'), payload: payloadSchemas.TIMGroupTipElem }),
  wireMessageBaseSchema.extend({
    type: z.literal('TIMGroupSystemNoticeElem'),
    payload: payloadSchemas.TIMGroupSystemNoticeElem,
  }),
]);
export type WireMessage = z.infer<typeof wireMessageSchema>;
/** The fields every message has, whatever its type. */
export type WireMessageBase = z.infer<typeof wireMessageBaseSchema>;

export const profileSchema = z.object({
  userID: z.string(),
  nick: z.string(),
  avatar: z.string(),
  selfSignature: z.string(),
  /**
   * Who may add this user as a friend. Every profile the server sends has it; only a placeholder
   * the SDK makes from a message before the server's profile arrives goes without.
   */
  allowType: allowTypeSchema.optional(),
  /** The rest of Tencent's Profile, likewise in every profile the server sends (docs/sdk.md, Profiles). */
  gender: genderSchema.optional(),
  /** uint32, e.g. 20000101; 0 when not given. */
  birthday: z.number().int().optional(),
  location: z.string().optional(),
  language: z.number().int().optional(),
  /** Bit 0 set: the user does not want messages (stored for apps to read; nothing is refused by it). */
  messageSettings: z.number().int().optional(),
  adminForbidType: adminForbidTypeSchema.optional(),
  level: z.number().int().optional(),
  role: z.number().int().optional(),
  /** `Tag_Profile_Custom_<name>` keys with string values, by key; empty in search results, as Tencent's. */
  profileCustomField: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const groupSelfInfoSchema = z.object({
  userID: z.string(),
  role: groupRoleSchema,
  joinTime: z.number().int(),
  messageRemindType: remindTypeSchema,
  nameCard: z.string(),
  /** Seconds since the epoch until which I am muted in the group; 0 (or a past time) when I am not. */
  muteTime: z.number().int().nonnegative(),
});

/** A custom field of a group or a member, as Tencent's: [{key, value}]. */
const customFieldSchema = z.object({ key: z.string(), value: z.string() });

/**
 * Tencent's Group.lastMessage: when the group's newest stored message was sent (seconds), its
 * sequence and sender, and the text a list shows for it (messageForShow).
 */
export const groupLastMessageSchema = z.object({
  lastTime: z.number().int(),
  lastSequence: z.number().int(),
  fromAccount: z.string(),
  messageForShow: z.string(),
});
export type GroupLastMessage = z.infer<typeof groupLastMessageSchema>;

export const groupProfileSchema = z.object({
  groupID: z.string(),
  name: z.string(),
  type: groupTypeSchema,
  avatar: z.string(),
  introduction: z.string(),
  notification: z.string(),
  ownerID: z.string(),
  createTime: z.number().int(),
  memberCount: z.number().int(),
  maxMemberCount: z.number().int(),
  joinOption: joinOptionSchema,
  muteAllMembers: z.boolean(),
  /** A community whose messages go to its topics (Tencent's isSupportTopic); false for every other type. */
  isSupportTopic: z.boolean(),
  /** Absent when the caller is not a member. */
  selfInfo: groupSelfInfoSchema.nullable(),
  /** Tencent's groupCustomField: [{key, value}] (createGroup, updateGroupProfile); empty on a public card. */
  groupCustomField: z.array(customFieldSchema),
  /** Goes up by one with every change of the group's profile (Tencent's infoSequence). */
  infoSequence: z.number().int(),
  /** Seconds: the last change of the group's profile (its creation until one). */
  lastInfoTime: z.number().int(),
  /** The sequence the group's next stored message will take (1 before any). */
  nextMessageSeq: z.number().int().positive(),
  /** The group's newest stored message, as Tencent's Group.lastMessage; all empty on a public card. */
  lastMessage: groupLastMessageSchema,
});
export type GroupProfile = z.infer<typeof groupProfileSchema>;

export const groupMemberSchema = z.object({
  userID: z.string(),
  nick: z.string(),
  avatar: z.string(),
  role: groupRoleSchema,
  joinTime: z.number().int(),
  nameCard: z.string(),
  /** Seconds since the epoch until which the member is muted; 0 (or a past time) when not muted. */
  muteUntil: z.number().int().nonnegative(),
  /** The reference's memberCustomField: [{key, value}] (setGroupMemberCustomField). */
  memberCustomField: z.array(customFieldSchema),
  /** The member's marks (markGroupMemberList), ascending. */
  markList: z.array(z.number().int()),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** An unread group message that mentions me (atUserList) or everyone (AT_ALL); atType as GroupAtType. */
export const groupAtInfoSchema = z.object({
  groupID: z.string(),
  from: z.string(),
  messageID: z.string(),
  messageSequence: z.number().int().positive(),
  atType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type WireGroupAtInfo = z.infer<typeof groupAtInfoSchema>;

export const wireConversationSchema = z.object({
  conversationID: z.string(),
  /** TOPIC: a community topic's conversation, `GROUP<topicID>` (Tencent's CONV_TOPIC). */
  type: z.enum(['C2C', 'GROUP', 'TOPIC']),
  /** Peer user ID for C2C, group ID for groups. */
  target: z.string(),
  unreadCount: z.number().int().nonnegative(),
  /** Highest sequence stored in the conversation (the sync cursor). */
  maxSequence: z.number().int().nonnegative(),
  readSequence: z.number().int().nonnegative(),
  lastMessage: wireMessageSchema.nullable(),
  isPinned: z.boolean(),
  messageRemindType: remindTypeSchema,
  draftText: z.string(),
  /** Milliseconds; when this user's view of the conversation last changed. */
  updatedAt: z.number().int(),
  /**
   * The conversation's change counter: revokes, modifications, flags and this user's deletions
   * bump it. Compared with the client's cursor after a reconnect (syncMessageChanges).
   */
  changeSequence: z.number().int().nonnegative(),
  /** C2C: the peer's read cursor (my messages at or below it show as read); 0 for groups. */
  peerReadSequence: z.number().int().nonnegative(),
  userProfile: profileSchema.nullable(),
  groupProfile: groupProfileSchema.nullable(),
  /**
   * Above 0: the user is no longer in the group, and why (GroupSystemNoticeType: 4 removed, 5 group
   * dismissed, 8 quit). They keep what they could read until then; 0 for C2C and members.
   */
  operationType: z.number().int().nonnegative(),
  /** Unread messages above readSequence that mention me or everyone, oldest first. */
  groupAtInfoList: z.array(groupAtInfoSchema),
  /** setConversationCustomData: the user's own data on the conversation. */
  customData: z.string(),
  /** markConversation: the user's marks, each a mark type (2^n, n 0–63), in ascending order. */
  markList: z.array(z.number()),
  /** The user's conversation groups that hold this conversation, by name. */
  conversationGroupList: z.array(z.string()),
});
export type WireConversation = z.infer<typeof wireConversationSchema>;
