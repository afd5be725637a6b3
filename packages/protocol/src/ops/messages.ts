import { z } from 'zod';
import { Limits } from '../constants';
import { sendPayloadSchemas } from '../message-payloads';
import { safeText } from '../text';
import { atUserListSchema, conversationTypeSchema, messageIDSchema, userIDSchema, wireMessageSchema } from '../wire';
import { conversationIDSchema } from './conversation-id';

/** The fields of a send other than its type and payload. */
const sendBaseSchema = z.object({
  ID: messageIDSchema,
  conversationType: conversationTypeSchema,
  // A group ID, or a community topic's ID (the longer of the two).
  to: z.string().min(1).max(Limits.TOPIC_ID_MAX),
  atUserList: atUserListSchema.optional(),
  clientTime: z.number().int(),
  random: z.number().int(),
  cloudCustomData: safeText().optional(),
  needReadReceipt: z.boolean().optional(),
  /** Tencent's isSupportExtension: members may set the message's extensions (ops/message-extensions.ts). */
  isSupportExtension: z.boolean().optional(),
  /** Tencent's onlineUserOnly: delivered to the recipients online now, never stored (sequence 0). */
  onlineUserOnly: z.boolean().optional(),
  /**
   * Tencent's receiverList (a targeted group message): only these members (and the sender) receive
   * it, see it in history or have it as last message; it counts as no one's unread. Groups only,
   * never with atUserList, not in AVChatRoom or Community groups.
   */
  receiverList: z.array(userIDSchema).min(1).max(Limits.RECEIVER_LIST_MAX).optional(),
  /** Tencent's messageControlInfo: kept out of unread counts, and/or never the conversation's last message. */
  messageControlInfo: z
    .object({ excludedFromUnreadCount: z.boolean().optional(), excludedFromLastMessage: z.boolean().optional() })
    .optional(),
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
 * Sending and reading messages: a send is idempotent by its client-made ID; history pages go back
 * from a message, and syncMessages fills a sequence gap after a reconnect.
 */
export const messageOps = {
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
} as const;
