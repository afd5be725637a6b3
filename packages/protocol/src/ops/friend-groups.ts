import { z } from 'zod';
import { userIDSchema } from '../wire';
import { FriendLimits, friendGroupNameSchema } from './relations';

/**
 * Friend groups (docs/friends-and-blocklist.md): named lists of my friends, mine alone. A friend
 * may be in any number of them; deleting a friend takes them out of every one.
 */
export const friendGroupSchema = z.object({
  name: z.string(),
  /** My friends in the group, in the order they joined it. */
  userIDList: z.array(z.string()),
  count: z.number().int().nonnegative(),
});
export type FriendGroup = z.infer<typeof friendGroupSchema>;

const failureSchema = z.object({ userID: z.string(), code: z.number().int(), message: z.string() });
const friendIDListSchema = z.array(userIDSchema).max(FriendLimits.BATCH_MAX);
/** The group after the change, and the users that are not my friends (30001). */
const changedGroupSchema = z.object({ friendGroup: friendGroupSchema, failureUserIDList: z.array(failureSchema) });

export const friendGroupOps = {
  /** My friend groups, oldest first. */
  getFriendGroupList: {
    request: z.object({}),
    response: z.object({ friendGroupList: z.array(friendGroupSchema) }),
  },
  /** 2710 when I have a group of that name; at most FRIEND_GROUPS_MAX groups (30001 past it). */
  createFriendGroup: {
    request: z.object({ name: friendGroupNameSchema, userIDList: friendIDListSchema.optional() }),
    response: changedGroupSchema,
  },
  /** Answers the group as it was, its friends no longer in it; 2711 when I have none of that name. */
  deleteFriendGroup: {
    request: z.object({ name: friendGroupNameSchema }),
    response: z.object({ friendGroup: friendGroupSchema }),
  },
  /** 2711 when oldName is not mine, 2710 when newName is. */
  renameFriendGroup: {
    request: z.object({ oldName: friendGroupNameSchema, newName: friendGroupNameSchema }),
    response: z.object({ friendGroup: friendGroupSchema }),
  },
  addToFriendGroup: {
    request: z.object({ name: friendGroupNameSchema, userIDList: friendIDListSchema.min(1) }),
    response: changedGroupSchema,
  },
  removeFromFriendGroup: {
    request: z.object({ name: friendGroupNameSchema, userIDList: friendIDListSchema.min(1) }),
    response: changedGroupSchema,
  },
} as const;
