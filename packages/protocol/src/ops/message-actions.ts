import { z } from 'zod';
import { Limits } from '../constants';
import { sendPayloadSchemas } from '../message-payloads';
import { safeText } from '../text';
import { messageIDSchema, wireMessageSchema } from '../wire';
import { conversationIDSchema } from './conversation-id';

/**
 * What a user does to a message already sent: revoke it for everyone, delete it for themselves,
 * or change its text or custom content. Every change bumps the conversation's change counter, so
 * a client that was offline catches up with syncMessageChanges (the counterpart of syncMessages).
 */
export const messageActionOps = {
  /** Own messages within the revoke window (20016 after it); group owner/admin may revoke members'. */
  revokeMessage: {
    request: z.object({ conversationID: conversationIDSchema, messageID: messageIDSchema }),
    response: z.object({ message: wireMessageSchema }),
  },
  /** Deletes for the caller only (all their tabs); the others keep their copies. */
  deleteMessage: {
    request: z.object({
      conversationID: conversationIDSchema,
      messageIDList: z.array(messageIDSchema).min(1).max(Limits.DELETE_MESSAGES_MAX),
    }),
    response: z.object({ messageIDList: z.array(z.string()) }),
  },
  /**
   * Own text or custom messages. `version` is the version the client edited; if the message
   * changed since, the server answers 2480 and the client re-reads it.
   */
  modifyMessage: {
    request: z.discriminatedUnion('type', [
      z.object({
        conversationID: conversationIDSchema,
        messageID: messageIDSchema,
        version: z.number().int().nonnegative(),
        cloudCustomData: safeText().optional(),
        type: z.literal('TIMTextElem'),
        payload: sendPayloadSchemas.TIMTextElem,
      }),
      z.object({
        conversationID: conversationIDSchema,
        messageID: messageIDSchema,
        version: z.number().int().nonnegative(),
        cloudCustomData: safeText().optional(),
        type: z.literal('TIMCustomElem'),
        payload: sendPayloadSchemas.TIMCustomElem,
      }),
    ]),
    response: z.object({ message: wireMessageSchema }),
  },
  /** Changes above a cursor, oldest first: the changed messages as they are now, and my deletions. */
  syncMessageChanges: {
    request: z.object({
      conversationID: conversationIDSchema,
      afterChange: z.number().int().nonnegative(),
    }),
    response: z.object({
      messageList: z.array(wireMessageSchema),
      deletedMessageIDList: z.array(z.string()),
      /** The cursor to ask from next time. */
      changeSequence: z.number().int().nonnegative(),
      isCompleted: z.boolean(),
    }),
  },
} as const;
