import { z } from 'zod';
import { Limits } from '../constants';
import { ErrorCode } from '../errors';
import { safeText, utf8ByteLength } from '../text';
import { remindTypeSchema, wireConversationSchema } from '../wire';
import { conversationIDSchema } from './conversation-id';

/** setAllMessageRead's scopes, the reference's TYPES.READ_ALL_C2C_MSG, READ_ALL_GROUP_MSG and READ_ALL_MSG. */
export const readAllScopeSchema = z.enum(['readAllC2CMessage', 'readAllGroupMessage', 'readAllMessage']);

/** The notification setting for all messages (setAllReceiveMessageOpt); times in seconds since the epoch. */
export const receiveMessageOptSchema = z.object({
  messageRemindType: z.enum(['AcceptAndNotify', 'AcceptNotNotify', 'Discard']),
  startTime: z.number().int().nonnegative(),
  endTime: z.number().int().nonnegative(),
  isRepeated: z.boolean(),
});
export type ReceiveMessageOpt = z.infer<typeof receiveMessageOptSchema>;

/** A mark type: 2^n with n from 0 to 63 (the reference's four, and its custom marks 2^32 and up). */
export function isMarkType(value: number): boolean {
  return value >= 1 && 2 ** Math.round(Math.log2(value)) === value && value <= 2 ** 63;
}

export const conversationGroupNameSchema = safeText().refine(
  (name) => name.length > 0 && utf8ByteLength(name) <= Limits.CONVERSATION_GROUP_NAME_MAX_BYTES,
  { message: 'must hold 1 to 32 bytes', params: { code: ErrorCode.CONVERSATION_GROUP_NAME_INVALID } },
);

const conversationIDListSchema = z.array(conversationIDSchema).min(1).max(Limits.CONVERSATION_GROUP_SIZE_MAX);

/**
 * What a change of several conversations answers, as the reference: the IDs changed, and those not
 * (with the code), and the changed conversations as they are now; the groups' names after a group change.
 */
export const conversationBatchResultSchema = z.object({
  successConversationIDList: z.array(z.string()),
  failureConversationIDList: z.array(
    z.object({ conversationID: z.string(), code: z.number().int(), message: z.string() }),
  ),
  conversationList: z.array(wireConversationSchema),
});
export type ConversationBatchResult = z.infer<typeof conversationBatchResultSchema>;

const groupChangeSchema = conversationBatchResultSchema.extend({ groupNameList: z.array(z.string()) });

/** The conversation list and each conversation's own settings: pin, notifications, draft, read position. */
export const conversationOps = {
  getConversationList: {
    request: z.object({}),
    response: z.object({ conversationList: z.array(wireConversationSchema) }),
  },
  getConversationProfile: {
    request: z.object({ conversationID: conversationIDSchema }),
    response: z.object({ conversation: wireConversationSchema }),
  },
  /** Deletes conversations from the list; with clearHistoryMessage, their history for the user too. */
  deleteConversation: {
    request: z.object({
      conversationIDList: z.array(conversationIDSchema).min(1).max(Limits.CONVERSATION_DELETE_MAX),
      clearHistoryMessage: z.boolean(),
    }),
    response: z.object({ conversationIDList: z.array(z.string()) }),
  },
  /** Clears the user's view of the conversation's history; the conversation stays. */
  clearHistoryMessage: {
    request: z.object({ conversationID: conversationIDSchema }),
    response: z.object({ conversation: wireConversationSchema }),
  },
  setAllMessageRead: {
    request: z.object({ scope: readAllScopeSchema }),
    response: z.object({ conversationList: z.array(wireConversationSchema) }),
  },
  setAllReceiveMessageOpt: { request: receiveMessageOptSchema, response: receiveMessageOptSchema },
  getAllReceiveMessageOpt: { request: z.object({}), response: receiveMessageOptSchema },
  setConversationCustomData: {
    request: z.object({
      conversationIDList: conversationIDListSchema,
      customData: safeText({ maxBytes: Limits.CONVERSATION_CUSTOM_DATA_MAX_BYTES }),
    }),
    response: conversationBatchResultSchema,
  },
  markConversation: {
    request: z.object({
      conversationIDList: conversationIDListSchema,
      markType: z.number().refine(isMarkType, 'markType must be 2^n, n from 0 to 63'),
      enableMark: z.boolean(),
    }),
    response: conversationBatchResultSchema,
  },
  getConversationGroupList: {
    request: z.object({}),
    response: z.object({ groupNameList: z.array(z.string()) }),
  },
  createConversationGroup: {
    request: z.object({ groupName: conversationGroupNameSchema, conversationIDList: conversationIDListSchema }),
    response: groupChangeSchema,
  },
  deleteConversationGroup: {
    request: z.object({ groupName: safeText({ maxBytes: 256 }) }),
    response: groupChangeSchema,
  },
  renameConversationGroup: {
    request: z.object({ oldName: safeText({ maxBytes: 256 }), newName: conversationGroupNameSchema }),
    response: groupChangeSchema,
  },
  addConversationsToGroup: {
    request: z.object({ groupName: safeText({ maxBytes: 256 }), conversationIDList: conversationIDListSchema }),
    response: groupChangeSchema,
  },
  deleteConversationsFromGroup: {
    request: z.object({ groupName: safeText({ maxBytes: 256 }), conversationIDList: conversationIDListSchema }),
    response: groupChangeSchema,
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
} as const;
