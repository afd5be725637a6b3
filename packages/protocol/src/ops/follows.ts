import { z } from 'zod';
import { profileSchema, userIDSchema } from '../wire';

/**
 * Follows (docs/friends-and-blocklist.md): one-way, needing nobody's consent, apart from friends.
 * Values and limits are the reference SDK's: FollowType is its followType (checkFollowType and
 * which list a change is in), and its SDK asks for 500 users a page.
 */
export const FollowType = {
  /** Neither follows the other. */
  NONE: 0,
  /** The user is in my followers list: they follow me. */
  FOLLOWERS: 1,
  /** The user is in my following list: I follow them. */
  FOLLOWING: 2,
  /** Both: the user is in my mutual followers list. */
  MUTUAL: 3,
} as const;
export type FollowType = (typeof FollowType)[keyof typeof FollowType];

export const FollowLimits = {
  /** Reference: users per followUser or unfollowUser. */
  BATCH_MAX: 20,
  /** Reference: users one may follow; followers are unlimited. */
  FOLLOWING_MAX: 5000,
  /** Reference: its SDK's page of a follow list. */
  PAGE_SIZE: 500,
  /** Reference: users per checkFollowType (its SDK keeps the first 100) and getUserFollowInfo. */
  QUERY_MAX: 100,
} as const;

const followListTypeSchema = z.union([
  z.literal(FollowType.FOLLOWERS),
  z.literal(FollowType.FOLLOWING),
  z.literal(FollowType.MUTUAL),
]);

/** A user in a follow list: their profile, and since when (seconds) they are in it. */
export const followUserSchema = profileSchema.extend({ followTime: z.number().int() });
export type FollowUser = z.infer<typeof followUserSchema>;

const resultListSchema = z.object({
  resultList: z.array(z.object({ userID: z.string(), resultCode: z.number().int(), resultInfo: z.string() })),
});

export const followOps = {
  /**
   * Per user, as the reference: resultCode 0 (following, or already), 30001 for oneself or past
   * FOLLOWING_MAX, 20003 for an unknown user.
   */
  followUser: {
    request: z.object({ userIDList: z.array(userIDSchema).min(1).max(FollowLimits.BATCH_MAX) }),
    response: resultListSchema,
  },
  /** Per user: resultCode 0, whether I followed them or not. */
  unfollowUser: {
    request: z.object({ userIDList: z.array(userIDSchema).min(1).max(FollowLimits.BATCH_MAX) }),
    response: resultListSchema,
  },
  /**
   * One page of my followers (1), the users I follow (2) or mutual followers (3), newest first;
   * nextCursor '' on the last page. The SDK's getMyFollowersList, getMyFollowingList and
   * getMutualFollowersList.
   */
  getFollowList: {
    request: z.object({ type: followListTypeSchema, nextCursor: z.string().max(200).optional() }),
    response: z.object({ resultList: z.array(followUserSchema), nextCursor: z.string() }),
  },
  /** Counts of each user named (unknown users count 0), me when none is. */
  getUserFollowInfo: {
    request: z.object({ userIDList: z.array(userIDSchema).max(FollowLimits.QUERY_MAX).optional() }),
    response: z.object({
      followInfoList: z.array(
        z.object({
          userID: z.string(),
          followersCount: z.number().int(),
          followingCount: z.number().int(),
          mutualFollowersCount: z.number().int(),
        }),
      ),
    }),
  },
  /** Each user's FollowType as seen from me. */
  checkFollowType: {
    request: z.object({ userIDList: z.array(userIDSchema).min(1).max(FollowLimits.QUERY_MAX) }),
    response: z.object({
      resultList: z.array(
        z.object({
          userID: z.string(),
          followType: z.union([
            z.literal(FollowType.NONE),
            z.literal(FollowType.FOLLOWERS),
            z.literal(FollowType.FOLLOWING),
            z.literal(FollowType.MUTUAL),
          ]),
        }),
      ),
    }),
  },
} as const;

/** The push to each user whose follow lists changed: which list, added or removed, whom. */
export const followPushSchema = z.object({
  changes: z.array(
    z.object({
      followType: followListTypeSchema,
      isAdd: z.boolean(),
      userList: z.array(profileSchema),
    }),
  ),
});
