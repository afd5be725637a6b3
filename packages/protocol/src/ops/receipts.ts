import { z } from 'zod';
import { Limits } from '../constants';
import { messageIDSchema } from '../wire';
import { conversationIDSchema } from './conversation-id';

/**
 * Group read receipts for messages sent with needReadReceipt: one row per member who read, written
 * when they read (never per member at send time). C2C has no receipt rows: a C2C message is read
 * when the peer's read cursor (conversation.peerReadSequence) reaches it. Never in AVChatRoom or
 * Community groups.
 */
export const receiptOps = {
  sendMessageReadReceipt: {
    request: z.object({
      conversationID: conversationIDSchema,
      messageIDList: z.array(messageIDSchema).min(1).max(Limits.READ_RECEIPT_BATCH_MAX),
    }),
    response: z.object({}),
  },
  getMessageReadReceiptList: {
    request: z.object({
      conversationID: conversationIDSchema,
      messageIDList: z.array(messageIDSchema).min(1).max(Limits.READ_RECEIPT_BATCH_MAX),
    }),
    response: z.object({
      messageList: z.array(
        z.object({
          messageID: z.string(),
          readCount: z.number().int().nonnegative(),
          unreadCount: z.number().int().nonnegative(),
        }),
      ),
    }),
  },
  getGroupMessageReadMemberList: {
    request: z.object({
      conversationID: conversationIDSchema,
      messageID: messageIDSchema,
      /** 0: members who read, 1: members who have not, as the reference SDK. */
      filter: z.union([z.literal(0), z.literal(1)]),
      cursor: z.string().max(200).optional(),
      count: z.number().int().min(1).max(Limits.READ_MEMBER_PAGE_MAX).optional(),
    }),
    response: z.object({
      messageID: z.string(),
      readUserInfoList: z.array(z.object({ userID: z.string(), nick: z.string(), avatar: z.string() })),
      unreadUserInfoList: z.array(z.object({ userID: z.string(), nick: z.string(), avatar: z.string() })),
      cursor: z.string(),
      isCompleted: z.boolean(),
    }),
  },
} as const;
