import { z } from 'zod';
import { Limits } from '../constants';
import { displayText, safeText } from '../text';
import { groupAtInfoSchema, groupIDSchema, groupProfileSchema, remindTypeSchema, wireMessageSchema } from '../wire';

/** Tencent's community ID prefix: a community's ID starts with it, and no other group's does. */
export const COMMUNITY_ID_PREFIX = '@TGS#_';
/** Between a topic's community ID and its own part: `<communityID>@TOPIC#_<part>`. */
export const TOPIC_ID_MARKER = '@TOPIC#_';

export function isCommunityID(groupID: string): boolean {
  return groupID.startsWith(COMMUNITY_ID_PREFIX) && !groupID.includes(TOPIC_ID_MARKER);
}

/** Tencent's test (its runtime's own): a community ID, the marker, then the topic's part. */
export function isTopicID(id: string): boolean {
  return id.startsWith(COMMUNITY_ID_PREFIX) && id.includes(TOPIC_ID_MARKER);
}

/** The community a topic ID belongs to (the text before the marker). */
export function communityOfTopic(topicID: string): string {
  return topicID.split(TOPIC_ID_MARKER)[0] as string;
}

export const topicIDSchema = z
  .string()
  .regex(/^[A-Za-z0-9_@#.-]+$/, 'topicID may hold letters, digits and _ @ # . - only')
  .max(Limits.TOPIC_ID_MAX)
  .refine(isTopicID, 'topicID must be <communityID>@TOPIC#_<part>');

/** One topic as the caller sees it: its profile, shared by every member, and their own reading of it. */
export const wireTopicSchema = z.object({
  topicID: z.string(),
  groupID: z.string(),
  topicName: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  notification: z.string(),
  customData: z.string(),
  muteAllMembers: z.boolean(),
  /** The next message's sequence (the head plus one). */
  nextMessageSeq: z.number().int().positive(),
  readSequence: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
  messageRemindType: remindTypeSchema,
  lastMessage: wireMessageSchema.nullable(),
  groupAtInfoList: z.array(groupAtInfoSchema),
});
export type WireTopic = z.infer<typeof wireTopicSchema>;

/** The fields of a topic every member shares: what a TOPIC_UPDATED push carries. */
export const topicProfileSchema = wireTopicSchema.pick({
  topicID: true,
  groupID: true,
  topicName: true,
  avatar: true,
  introduction: true,
  notification: true,
  customData: true,
  muteAllMembers: true,
});
export type TopicProfile = z.infer<typeof topicProfileSchema>;

const topicFields = {
  avatar: safeText({ maxBytes: Limits.AVATAR_URL_MAX_BYTES }).optional(),
  notification: displayText({ maxBytes: Limits.GROUP_NOTIFICATION_MAX_BYTES }).optional(),
  introduction: displayText({ maxBytes: Limits.GROUP_INTRODUCTION_MAX_BYTES }).optional(),
  customData: safeText({ maxBytes: Limits.TOPIC_CUSTOM_DATA_MAX_BYTES }).optional(),
};

const topicIDListSchema = z.array(topicIDSchema).max(Limits.TOPIC_QUERY_MAX);
const topicFailureSchema = z.object({ topicID: z.string(), code: z.number().int(), message: z.string() });

/**
 * Communities that support topics, and their topics (Tencent's names and result shapes). Members
 * read; the owner and admins create, change and delete. A topic's messages are a conversation of
 * their own, `GROUP<topicID>`, sent with `to: topicID`.
 */
export const topicOps = {
  getJoinedCommunityList: {
    request: z.object({}),
    response: z.object({ groupList: z.array(groupProfileSchema) }),
  },
  createTopicInCommunity: {
    request: z.object({
      groupID: groupIDSchema,
      topicName: displayText({ min: 1, maxBytes: Limits.TOPIC_NAME_MAX_BYTES }),
      topicID: topicIDSchema.optional(),
      ...topicFields,
    }),
    response: z.object({ topicID: z.string() }),
  },
  /** Without topicIDList (or with an empty one), every topic of the community. */
  deleteTopicFromCommunity: {
    request: z.object({ groupID: groupIDSchema, topicIDList: topicIDListSchema.optional() }),
    response: z.object({
      successTopicList: z.array(z.object({ topicID: z.string() })),
      failureTopicList: z.array(topicFailureSchema),
    }),
  },
  updateTopicProfile: {
    request: z.object({
      groupID: groupIDSchema,
      topicID: topicIDSchema,
      topicName: displayText({ min: 1, maxBytes: Limits.TOPIC_NAME_MAX_BYTES }).optional(),
      muteAllMembers: z.boolean().optional(),
      ...topicFields,
    }),
    response: z.object({ topic: wireTopicSchema }),
  },
  /** Without topicIDList (or with an empty one), every topic of the community. */
  getTopicList: {
    request: z.object({ groupID: groupIDSchema, topicIDList: topicIDListSchema.optional() }),
    response: z.object({ successTopicList: z.array(wireTopicSchema), failureTopicList: z.array(topicFailureSchema) }),
  },
} as const;

/** Pushes to a community's members (frames.ts). */
export const topicPushSchemas = {
  /** TOPIC_CREATED, Tencent's payload. */
  topicCreated: z.object({ groupID: z.string(), topicID: z.string() }),
  /** TOPIC_DELETED, Tencent's payload. */
  topicDeleted: z.object({ groupID: z.string(), topicIDList: z.array(z.string()) }),
  /** A topic's shared profile changed; the SDK merges it into its topic and emits TOPIC_UPDATED. */
  topicUpdated: z.object({ groupID: z.string(), topic: topicProfileSchema }),
} as const;
