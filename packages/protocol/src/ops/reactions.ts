import { z } from 'zod';
import { Limits } from '../constants';
import { safeText } from '../text';
import { messageIDSchema } from '../wire';
import { conversationIDSchema } from './conversation-id';

/** An emoji key such as '[TUIEmoji_Smile]' or any short string the app chooses. */
export const reactionIDSchema = safeText({ min: 1, maxBytes: Limits.REACTION_ID_MAX_BYTES });

export const reactionUserSchema = z.object({ userID: z.string(), nick: z.string(), avatar: z.string() });
export type ReactionUser = z.infer<typeof reactionUserSchema>;

/** One reaction on one message, as the reference SDK reports it. */
export const reactionSummarySchema = z.object({
  reactionID: z.string(),
  /** Exact, however many reacted. */
  totalUserCount: z.number().int().nonnegative(),
  /** The first few reactors (maxUserCountPerReaction), oldest first. */
  partialUserList: z.array(reactionUserSchema),
  reactedByMyself: z.boolean(),
});
export type ReactionSummary = z.infer<typeof reactionSummarySchema>;

const messageRefSchema = z.object({ conversationID: conversationIDSchema, messageID: messageIDSchema });

/**
 * Reactions are rows written only when someone reacts (never per recipient). At most
 * REACTIONS_PER_MESSAGE_MAX distinct reactions per message; any number of users per reaction.
 */
export const reactionOps = {
  addMessageReaction: {
    request: messageRefSchema.extend({ reactionID: reactionIDSchema }),
    response: z.object({ messageID: z.string(), reaction: reactionSummarySchema }),
  },
  removeMessageReaction: {
    request: messageRefSchema.extend({ reactionID: reactionIDSchema }),
    response: z.object({ messageID: z.string(), reaction: reactionSummarySchema }),
  },
  getMessageReactions: {
    request: z.object({
      conversationID: conversationIDSchema,
      messageIDList: z.array(messageIDSchema).min(1).max(Limits.REACTION_QUERY_MESSAGES_MAX),
      maxUserCountPerReaction: z.number().int().min(0).max(Limits.REACTION_PARTIAL_USERS_MAX).optional(),
    }),
    response: z.object({
      resultList: z.array(z.object({ messageID: z.string(), reactionList: z.array(reactionSummarySchema) })),
    }),
  },
  getAllUserListOfMessageReaction: {
    request: messageRefSchema.extend({
      reactionID: reactionIDSchema,
      /** From the previous page; 0 for the first. */
      nextSeq: z.number().int().nonnegative().optional(),
      count: z.number().int().min(1).max(Limits.REACTION_USERS_PAGE_MAX).optional(),
    }),
    response: z.object({
      userList: z.array(reactionUserSchema),
      nextSeq: z.number().int().nonnegative(),
      isCompleted: z.boolean(),
    }),
  },
} as const;
