import { z } from 'zod';
import { Limits } from '../constants';
import { sendPayloadSchemas } from '../message-payloads';
import { displayText, safeText } from '../text';
import {
  allowTypeSchema,
  atUserListSchema,
  conversationTypeSchema,
  groupIDSchema,
  groupMemberSchema,
  groupProfileSchema,
  groupTypeSchema,
  joinOptionSchema,
  messageIDSchema,
  profileSchema,
  remindTypeSchema,
  userIDSchema,
  wireConversationSchema,
  wireMessageSchema,
} from '../wire';
import { callOps } from './calls';
import { conversationIDSchema } from './conversation-id';
import { fileOps } from './files';
import { groupAdminOps } from './group-admin';
import { mergerOps } from './merger';
import { messageActionOps } from './message-actions';
import { presenceOps } from './presence';
import { reactionOps } from './reactions';
import { receiptOps } from './receipts';
import { friendOps } from './relations';
import { searchOps } from './search';
import { translationOps } from './translation';

/** The fields of a send other than its type and payload. */
const sendBaseSchema = z.object({
  ID: messageIDSchema,
  conversationType: conversationTypeSchema,
  to: z.string().min(1).max(Limits.GROUP_ID_MAX),
  atUserList: atUserListSchema.optional(),
  clientTime: z.number().int(),
  random: z.number().int(),
  cloudCustomData: safeText().optional(),
  needReadReceipt: z.boolean().optional(),
});

/** sendMessage: the common fields plus one sendable type and its payload (message-payloads.ts). */
const sendMessageRequestSchema = z.discriminatedUnion('type', [
  sendBaseSchema.extend({ type: z.literal('TIMTextElem'), payload: sendPayloadSchemas.TIMTextElem }),
  sendBaseSchema.extend({ type: z.literal('TIMImageElem'), payload: sendPayloadSchemas.TIMImageElem }),
  sendBaseSchema.extend({ type: z.literal('TIMSoundElem'), payload: sendPayloadSchemas.TIMSoundElem }),
  sendBaseSchema.extend({ type: z.literal('TIMVideoFileElem'), payload: sendPayloadSchemas.TIMVideoFileElem }),
  sendBaseSchema.extend({ type: z.literal('TIMFileElem'), payload: sendPayloadSchemas.TIMFileElem }),
  sendBaseSchema.extend({ type: z.literal('TIMLocationElem'), payload: sendPayloadSchemas.TIMLocationElem }),
  sendBaseSchema.extend({ type: z.literal('TIMFaceElem'), payload: sendPayloadSchemas.TIMFaceElem }),
  sendBaseSchema.extend({ type: z.literal('TIMCustomElem'), payload: sendPayloadSchemas.TIMCustomElem }),
  sendBaseSchema.extend({ type: z.literal('TIMRelayElem'), payload: sendPayloadSchemas.TIMRelayElem }),
]);

/**
 * Every operation: its request schema (validated by the server) and its response schema
 * (validated by the SDK). The wire frame is {id, op, body} → {id, ok, data | error}.
 */
export const ops = {
  ...callOps,
  ...fileOps,
  ...friendOps,
  ...groupAdminOps,
  ...mergerOps,
  ...messageActionOps,
  ...reactionOps,
  ...receiptOps,
  ...searchOps,
  ...presenceOps,
  ...translationOps,
  login: {
    request: z.object({
      SDKAppID: z.number().int().positive(),
      userID: userIDSchema,
      userSig: z.string().min(1).max(4096),
    }),
    response: z.object({ profile: profileSchema, serverTime: z.number().int() }),
  },
  /** The client's liveness check: a socket can look open long after its network is gone. */
  heartbeat: {
    request: z.object({}),
    response: z.object({ serverTime: z.number().int() }),
  },
  logout: {
    request: z.object({}),
    response: z.object({}),
  },
  getMyProfile: {
    request: z.object({}),
    response: z.object({ profile: profileSchema }),
  },
  getUserProfile: {
    request: z.object({ userIDList: z.array(userIDSchema).min(1).max(100) }),
    response: z.object({ profiles: z.array(profileSchema) }),
  },
  updateMyProfile: {
    request: z
      .object({
        nick: displayText({ maxBytes: Limits.NICK_MAX_BYTES }).optional(),
        avatar: safeText({ maxBytes: Limits.AVATAR_URL_MAX_BYTES }).optional(),
        selfSignature: displayText({ maxBytes: Limits.SELF_SIGNATURE_MAX_BYTES }).optional(),
        /** Who may add me as a friend (docs/friends-and-blocklist.md). */
        allowType: allowTypeSchema.optional(),
      })
      .refine(
        (v) =>
          v.nick !== undefined || v.avatar !== undefined || v.selfSignature !== undefined || v.allowType !== undefined,
        { message: 'nothing to update: give nick, avatar, selfSignature or allowType' },
      ),
    response: z.object({ profile: profileSchema }),
  },
  sendMessage: {
    request: sendMessageRequestSchema,
    response: z.object({ message: wireMessageSchema }),
  },
  getMessageList: {
    request: z.object({
      conversationID: conversationIDSchema,
      nextReqMessageID: messageIDSchema.optional(),
      count: z.number().int().min(1).max(Limits.HISTORY_PAGE_SIZE).optional(),
    }),
    response: z.object({
      messageList: z.array(wireMessageSchema),
      nextReqMessageID: z.string(),
      isCompleted: z.boolean(),
    }),
  },
  syncMessages: {
    request: z.object({
      conversationID: conversationIDSchema,
      afterSequence: z.number().int().nonnegative(),
    }),
    response: z.object({ messageList: z.array(wireMessageSchema), isCompleted: z.boolean() }),
  },
  getConversationList: {
    request: z.object({}),
    response: z.object({ conversationList: z.array(wireConversationSchema) }),
  },
  getConversationProfile: {
    request: z.object({ conversationID: conversationIDSchema }),
    response: z.object({ conversation: wireConversationSchema }),
  },
  deleteConversation: {
    request: z.object({ conversationID: conversationIDSchema }),
    response: z.object({ conversationID: z.string() }),
  },
  pinConversation: {
    request: z.object({ conversationID: conversationIDSchema, isPinned: z.boolean() }),
    response: z.object({ conversation: wireConversationSchema }),
  },
  setMessageRemindType: {
    request: z.object({ conversationID: conversationIDSchema, messageRemindType: remindTypeSchema }),
    response: z.object({ conversation: wireConversationSchema }),
  },
  setConversationDraft: {
    request: z.object({
      conversationID: conversationIDSchema,
      draftText: safeText({ maxBytes: Limits.MESSAGE_MAX_BYTES }),
    }),
    response: z.object({ conversation: wireConversationSchema }),
  },
  setMessageRead: {
    request: z.object({ conversationID: conversationIDSchema }),
    response: z.object({ conversation: wireConversationSchema }),
  },
  getTotalUnreadMessageCount: {
    request: z.object({}),
    response: z.object({ totalUnreadCount: z.number().int().nonnegative() }),
  },
  createGroup: {
    request: z.object({
      type: groupTypeSchema,
      name: displayText({ min: 1, maxBytes: Limits.GROUP_NAME_MAX_BYTES }),
      groupID: groupIDSchema.optional(),
      introduction: displayText({ maxBytes: Limits.GROUP_INTRODUCTION_MAX_BYTES }).optional(),
      notification: displayText({ maxBytes: Limits.GROUP_NOTIFICATION_MAX_BYTES }).optional(),
      avatar: safeText({ maxBytes: Limits.AVATAR_URL_MAX_BYTES }).optional(),
      joinOption: joinOptionSchema.optional(),
      memberList: z
        .array(z.object({ userID: userIDSchema }))
        .max(Limits.CREATE_MEMBER_MAX)
        .optional(),
    }),
    response: z.object({ group: groupProfileSchema }),
  },
  getGroupList: {
    request: z.object({}),
    response: z.object({ groupList: z.array(groupProfileSchema) }),
  },
  getGroupProfile: {
    request: z.object({ groupID: groupIDSchema }),
    response: z.object({ group: groupProfileSchema }),
  },
  getGroupMemberList: {
    request: z.object({
      groupID: groupIDSchema,
      count: z.number().int().min(1).max(Limits.MEMBER_PAGE_MAX).optional(),
      offset: z.number().int().nonnegative().optional(),
    }),
    response: z.object({ memberList: z.array(groupMemberSchema), offset: z.number().int() }),
  },
} as const;

export type Ops = typeof ops;
export type OpName = keyof Ops;
export type OpRequest<K extends OpName> = z.input<Ops[K]['request']>;
export type OpRequestParsed<K extends OpName> = z.output<Ops[K]['request']>;
export type OpResponse<K extends OpName> = z.output<Ops[K]['response']>;

export function isOpName(value: unknown): value is OpName {
  return typeof value === 'string' && Object.hasOwn(ops, value);
}
