import { z } from 'zod';
import { Limits } from '../constants';
import { safeText } from '../text';
import { messageIDSchema } from '../wire';
import { conversationIDSchema } from './conversation-id';

/** A key of a message's extensions: 1 to 100 bytes, as Tencent's. */
const extensionKeySchema = safeText({ min: 1, maxBytes: Limits.MESSAGE_EXTENSION_KEY_MAX_BYTES });

/** One key and its version: bumped by every change of the key (a deleted key keeps its version). */
export const messageExtensionSchema = z.object({ key: z.string(), value: z.string(), seq: z.number().int() });
export type MessageExtension = z.infer<typeof messageExtensionSchema>;

/** Each key of a set or delete, as Tencent answers it: 0, or 23001 with the key as it is now. */
export const extensionResultSchema = messageExtensionSchema.extend({ code: z.number().int() });

const messageRefSchema = z.object({ conversationID: conversationIDSchema, messageID: messageIDSchema });

/**
 * Message extensions (Tencent's key-value extensions; docs/message-actions.md): a message sent with
 * isSupportExtension carries up to 300 keys any member may set, each with a version (`seq`).
 * A set or delete names the version it last saw (0 when it knows none); if the key changed since,
 * that key is refused with 23001 and answered as it is now, the others still apply. Every change
 * is pushed to everyone who sees the message (`messageExtensions`).
 */
export const messageExtensionOps = {
  setMessageExtensions: {
    request: messageRefSchema.extend({
      extensions: z
        .array(
          z.object({
            key: extensionKeySchema,
            value: safeText({ min: 1, maxBytes: Limits.MESSAGE_EXTENSION_VALUE_MAX_BYTES }),
            seq: z.number().int().nonnegative().optional(),
          }),
        )
        .min(1)
        .max(Limits.MESSAGE_EXTENSIONS_PER_CALL_MAX),
    }),
    response: z.object({ resultList: z.array(extensionResultSchema) }),
  },
  /** The message's keys that have a value, oldest change first. */
  getMessageExtensions: {
    request: messageRefSchema,
    response: z.object({ extensions: z.array(messageExtensionSchema) }),
  },
  /** Without keyList every key is deleted (no version check, as Tencent's clear). */
  deleteMessageExtensions: {
    request: messageRefSchema.extend({
      keyList: z
        .array(z.object({ key: extensionKeySchema, seq: z.number().int().nonnegative().optional() }))
        .min(1)
        .max(Limits.MESSAGE_EXTENSIONS_PER_CALL_MAX)
        .optional(),
    }),
    response: z.object({ resultList: z.array(extensionResultSchema) }),
  },
} as const;

export const messageExtensionPushSchemas = {
  /**
   * A message's extensions changed: the keys set (with their values) or deleted (value ''), to
   * everyone who sees the message, the acting user's tabs included.
   */
  messageExtensions: z.object({
    conversationID: z.string(),
    messageID: z.string(),
    operation: z.enum(['set', 'delete']),
    extensions: z.array(messageExtensionSchema),
  }),
} as const;
