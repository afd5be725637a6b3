import { z } from 'zod';
import { Limits } from '../constants';
import { displayText } from '../text';
import { userIDSchema } from '../wire';
import { conversationIDSchema } from './conversation-id';

/** The reference SDK's statusType values. */
export const UserStatusType = { UNKNOWN: 0, ONLINE: 1, OFFLINE: 2, UNLOGINED: 3 } as const;

export const userStatusSchema = z.object({
  userID: z.string(),
  statusType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  customStatus: z.string(),
});
export type UserStatus = z.infer<typeof userStatusSchema>;

const failureSchema = z.object({ userID: z.string(), code: z.number().int(), message: z.string() });

/**
 * Typing and online status: ephemeral, carried over the bus to the sessions that care, never
 * stored (except the custom status text, which outlives a session).
 */
export const presenceOps = {
  /** C2C only: tells the peer's tabs that I started or stopped typing. Cleared by them after a timeout. */
  setTypingStatus: {
    request: z.object({ conversationID: conversationIDSchema, isTyping: z.boolean() }),
    response: z.object({}),
  },
  getUserStatus: {
    request: z.object({ userIDList: z.array(userIDSchema).min(1).max(Limits.STATUS_QUERY_MAX) }),
    response: z.object({ successUserList: z.array(userStatusSchema), failureUserList: z.array(failureSchema) }),
  },
  subscribeUserStatus: {
    request: z.object({ userIDList: z.array(userIDSchema).min(1).max(Limits.STATUS_SUBSCRIBE_MAX) }),
    response: z.object({ failureUserList: z.array(failureSchema) }),
  },
  /** Without userIDList: unsubscribes from everyone. */
  unsubscribeUserStatus: {
    request: z.object({ userIDList: z.array(userIDSchema).max(Limits.STATUS_SUBSCRIBE_MAX).optional() }),
    response: z.object({ failureUserList: z.array(failureSchema) }),
  },
  setSelfStatus: {
    request: z.object({ customStatus: displayText({ maxBytes: Limits.CUSTOM_STATUS_MAX_BYTES }) }),
    response: z.object({}),
  },
} as const;
