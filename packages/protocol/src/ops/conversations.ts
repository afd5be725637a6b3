import { z } from 'zod';
import { Limits } from '../constants';
import { safeText } from '../text';
import { remindTypeSchema, wireConversationSchema } from '../wire';
import { conversationIDSchema } from './conversation-id';

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
} as const;
