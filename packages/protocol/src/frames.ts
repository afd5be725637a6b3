import { z } from 'zod';
import { callPushSchemas } from './ops/calls';
import { receiveMessageOptSchema } from './ops/conversations';
import { deploymentAbilitiesSchema } from './ops/deployment';
import { followPushSchema } from './ops/follows';
import { groupDataPushSchemas } from './ops/group-data';
import { messageExtensionPushSchemas } from './ops/message-extensions';
import { userStatusSchema } from './ops/presence';
import { reactionSummarySchema } from './ops/reactions';
import { topicPushSchemas } from './ops/topics';
import { groupProfileSchema, profileSchema, wireConversationSchema, wireMessageSchema } from './wire';

/** Client → server. */
export const requestFrameSchema = z.object({
  id: z.number().int().nonnegative(),
  op: z.string().min(1).max(64),
  body: z.unknown().optional(),
});
export type RequestFrame = z.infer<typeof requestFrameSchema>;

const errorBodySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  retryAfterMs: z.number().int().nonnegative().optional(),
});

/** Server → client: the answer to one request, or a push. */
export const responseFrameSchema = z.union([
  z.object({ id: z.number().int(), ok: z.literal(true), data: z.unknown() }),
  z.object({ id: z.number().int().nullable(), ok: z.literal(false), error: errorBodySchema }),
]);
export type ResponseFrame = z.infer<typeof responseFrameSchema>;

export const pushEventSchemas = {
  ...callPushSchemas,
  ...messageExtensionPushSchemas,
  ...groupDataPushSchemas,
  ...topicPushSchemas,
  /** A message in one of the user's conversations (including their own from another tab). */
  message: z.object({ message: wireMessageSchema }),
  /** The user's view of a conversation changed (read, pin, mute, draft). */
  /**
   * A conversation holds a message at this sequence that the client may have missed (a retried
   * send the server had already stored). The client syncs if its cursor is behind.
   */
  sequenceHint: z.object({
    conversationType: z.enum(['C2C', 'GROUP']),
    from: z.string(),
    to: z.string(),
    sequence: z.number().int().positive(),
  }),
  /**
   * A message already delivered changed: revoked, modified, or flagged by moderation after
   * delivery. The whole message as it is now; clients replace their copy.
   */
  messageUpdated: z.object({ message: wireMessageSchema }),
  /** I deleted messages for myself (from another tab): remove them. */
  messagesDeleted: z.object({
    conversationID: z.string(),
    messageIDList: z.array(z.string()),
    changeSequence: z.number().int(),
  }),
  /**
   * Someone reacted or took a reaction back. reaction.reactedByMyself is false in the push (it is
   * the same for everyone): the client sets it from userID.
   */
  messageReaction: z.object({
    conversationID: z.string(),
    messageID: z.string(),
    userID: z.string(),
    isAdd: z.boolean(),
    reaction: reactionSummarySchema,
    /**
     * Every reaction the message carries after the change (the changed one included, gone when its
     * last user took it back), so a client that never asked about this message still shows it whole.
     */
    reactionList: z.array(reactionSummarySchema),
  }),
  /** To a group message's sender: its read counts changed. */
  readReceipt: z.object({
    conversationID: z.string(),
    messageList: z.array(
      z.object({ messageID: z.string(), readCount: z.number().int(), unreadCount: z.number().int() }),
    ),
  }),
  /** C2C: the peer read up to this sequence (my messages at or below it are read). */
  peerRead: z.object({ conversationID: z.string(), peerReadSequence: z.number().int().nonnegative() }),
  /** C2C: the peer started or stopped typing (conversationID as I see it). */
  typing: z.object({ conversationID: z.string(), userID: z.string(), isTyping: z.boolean() }),
  /** Users I subscribed to (or myself on another tab) changed online status or custom status. */
  userStatus: z.object({ userStatusList: z.array(userStatusSchema) }),
  conversation: z.object({ conversation: wireConversationSchema }),
  conversationDeleted: z.object({ conversationID: z.string() }),
  /** Several of the user's conversations changed at once (custom data, marks, read all, cleared history). */
  conversations: z.object({ conversationList: z.array(wireConversationSchema) }),
  /**
   * The user's conversation groups changed: their names now, the conversations whose groups changed,
   * and the group whose conversations changed (added or removed; null when the groups themselves did).
   */
  conversationGroups: z.object({
    groupNameList: z.array(z.string()),
    conversationList: z.array(wireConversationSchema),
    updatedGroupName: z.string().nullable(),
  }),
  /** The user's notification setting for all messages changed (setAllReceiveMessageOpt on another tab). */
  receiveMessageOpt: receiveMessageOptSchema,
  profile: z.object({ profile: profileSchema }),
  /**
   * The user's friend list, friend requests or blocklist changed (here, on another tab, or by the
   * other party): the client fetches the lists named.
   */
  relations: z.object({
    lists: z.array(z.enum(['friendList', 'friendApplicationList', 'blacklist', 'friendGroupList'])).min(1),
  }),
  /** Follows: the user's followers, following or mutual followers list gained or lost users. */
  follow: followPushSchema,
  /** The user's group list changed: joined, quit or created. */
  groupList: z.object({ joined: z.array(groupProfileSchema), left: z.array(z.string()) }),
  /**
   * A group system notice (TIMGroupSystemNoticeElem sent by @TIM#SYSTEM, sequence 0, not stored):
   * a join request to the owner and admins, its answer to the applicant, removed, invited,
   * dismissed, quit, made or unmade admin (GroupSystemNoticeType). Removed, dismissed and quit also
   * end the group for the user: the conversation's operationType says which.
   */
  groupSystemNotice: z.object({ message: wireMessageSchema }),
  /** The operator switched a deployment capability on or off (ops/deployment.ts): all of them, as they are now. */
  deploymentAbilities: z.object({ abilities: deploymentAbilitiesSchema }),
  /** The server ends this session; reason says why. */
  kicked: z.object({ reason: z.enum(['userSigExpired', 'portalLogout', 'restApiKick']) }),
} as const;
export type PushEvents = typeof pushEventSchemas;
export type PushEventName = keyof PushEvents;
export type PushEvent<K extends PushEventName> = z.infer<PushEvents[K]>;

export const pushFrameSchema = z.object({
  event: z.string(),
  data: z.unknown(),
});
export type PushFrame = z.infer<typeof pushFrameSchema>;
