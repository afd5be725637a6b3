import { z } from 'zod';
import { ErrorCode } from '../errors';
import { displayText, safeText } from '../text';
import { profileSchema, userIDSchema } from '../wire';

/**
 * Friends, friend requests, the blocklist and user search (docs/friends-and-blocklist.md). Values
 * are the reference SDK's TYPES strings, so code comparing against them ports as is.
 */
export const FriendAddType = { SINGLE: 'Add_Type_Single', BOTH: 'Add_Type_Both' } as const;
export const FriendApplicationType = {
  SENT_TO_ME: 'Pendency_Type_ComeIn',
  SENT_BY_ME: 'Pendency_Type_SendOut',
  /**
   * Reference: both directions. Its SDK asks for this list with it (getFriendApplicationList
   * always answers both) and deletes a request sent to me when deleteFriendApplication is given it.
   */
  BOTH: 'Pendency_Type_Both',
} as const;
export const FriendAcceptType = {
  AGREE: 'Response_Action_Agree',
  AGREE_AND_ADD: 'Response_Action_AgreeAndAdd',
} as const;
export const FriendDeleteType = { SINGLE: 'Delete_Type_Single', BOTH: 'Delete_Type_Both' } as const;
export const FriendCheckType = { SINGLE: 'CheckResult_Type_Single', BOTH: 'CheckResult_Type_Both' } as const;
/** checkFriend's relation of B to the caller A: "A with B" means B is in A's friend list. */
export const FriendRelation = {
  NO_RELATION: 'CheckResult_Type_NoRelation',
  A_WITH_B: 'CheckResult_Type_AWithB',
  B_WITH_A: 'CheckResult_Type_BWithA',
  BOTH_WAY: 'CheckResult_Type_BothWay',
} as const;
export type FriendRelation = (typeof FriendRelation)[keyof typeof FriendRelation];

export const FriendLimits = {
  /** Reference and spec portal.md §5: 96 bytes, counted by remarkBytes. */
  REMARK_MAX_BYTES: 96,
  /** Reference (ADD_FRIEND_OPTIONS.groupName): a friend group's name, at most 30 bytes. */
  FRIEND_GROUP_NAME_MAX_BYTES: 30,
  /** Ours: friend groups per user. */
  FRIEND_GROUPS_MAX: 100,
  /** Reference: request wording at most 256 bytes (UTF-8). */
  WORDING_MAX_BYTES: 256,
  /** Users per deleteFriend, checkFriend, addToBlacklist and removeFromBlacklist, as the reference. */
  BATCH_MAX: 1000,
  FRIEND_PROFILE_QUERY_MAX: 100,
  /** friendCustomField: fields per friend, and bytes (UTF-8) per value. */
  CUSTOM_FIELDS_MAX: 20,
  CUSTOM_VALUE_MAX_BYTES: 256,
  SEARCH_KEYWORD_MAX_BYTES: 100,
  SEARCH_RESULTS_MAX: 20,
} as const;

/**
 * A remark's length in bytes: one per ASCII character, two for any other (an emoji outside the
 * BMP is one character, so 2). Spec portal.md §5 counts Chinese as 2, and so does this; it
 * counted the rest of Latin-1 (é, ü) as 1, which let 49 'é' (98 bytes of UTF-8, as Tencent
 * counts them) pass its 96-byte limit, so those count 2 here, as in UTF-8.
 */
export function remarkBytes(remark: string): number {
  let bytes = 0;
  for (const char of remark) bytes += (char.codePointAt(0) ?? 0) <= 0x7f ? 1 : 2;
  return bytes;
}

const remarkSchema = displayText().refine((value) => remarkBytes(value) <= FriendLimits.REMARK_MAX_BYTES, {
  message: `must be at most ${FriendLimits.REMARK_MAX_BYTES} bytes, a character beyond ASCII counting 2`,
  params: { code: ErrorCode.FRIEND_REMARK_TOO_LONG },
});

/** A friend group's name: 1–30 bytes. */
export const friendGroupNameSchema = displayText({ min: 1, maxBytes: FriendLimits.FRIEND_GROUP_NAME_MAX_BYTES });

/** Reference: 'AddSource_Type_' and a keyword of at most 8 letters, e.g. AddSource_Type_Web. */
const sourceSchema = z.string().regex(/^AddSource_Type_[A-Za-z]{1,8}$/, 'source: AddSource_Type_ and 1–8 letters');

/** Reference: custom friend fields are named Tag_SNS_Custom_ and a short keyword. */
const customFieldSchema = z.object({
  key: z.string().regex(/^Tag_SNS_Custom_[A-Za-z0-9_]{1,8}$/, 'key: Tag_SNS_Custom_ and 1–8 letters or digits'),
  value: safeText({ maxBytes: FriendLimits.CUSTOM_VALUE_MAX_BYTES }),
});

const userIDListSchema = (max: number) => z.array(userIDSchema).min(1).max(max);

export const friendSchema = z.object({
  userID: z.string(),
  remark: z.string(),
  source: z.string(),
  wording: z.string(),
  /** Seconds, when the friend was added. */
  addTime: z.number().int(),
  friendCustomField: z.array(z.object({ key: z.string(), value: z.string() })),
  /** The names of my friend groups this friend is in. */
  groupList: z.array(z.string()),
  profile: profileSchema,
});
export type Friend = z.infer<typeof friendSchema>;

export const friendApplicationSchema = z.object({
  /** The applicant for a request sent to me, the recipient for one I sent. */
  userID: z.string(),
  nick: z.string(),
  avatar: z.string(),
  /** Seconds, when the request was (last) made. */
  time: z.number().int(),
  source: z.string(),
  wording: z.string(),
  type: z.enum([FriendApplicationType.SENT_TO_ME, FriendApplicationType.SENT_BY_ME]),
});
export type FriendApplication = z.infer<typeof friendApplicationSchema>;

/** A user as search finds them: the public part of a profile, nothing else. */
export const foundUserSchema = z.object({
  userID: z.string(),
  nick: z.string(),
  avatar: z.string(),
  selfSignature: z.string(),
});
export type FoundUser = z.infer<typeof foundUserSchema>;

const resultSchema = z.object({ userID: z.string(), code: z.number().int() });
const failureSchema = z.object({ userID: z.string(), code: z.number().int(), message: z.string() });

export const friendOps = {
  /**
   * Resolves with code 0 (friends now) or FRIEND_APPLICATION_PENDING (the target confirms
   * requests: one is waiting for them). Refusals: oneself or already a friend (30001), 30515,
   * 30516, 30525, an unknown user (20003).
   */
  addFriend: {
    request: z.object({
      to: userIDSchema,
      source: sourceSchema,
      remark: remarkSchema.optional(),
      wording: safeText({ maxBytes: FriendLimits.WORDING_MAX_BYTES }).optional(),
      type: z.enum([FriendAddType.SINGLE, FriendAddType.BOTH]).optional(),
      /** A friend group of mine the user joins once they are my friend (created when I have none of that name). */
      groupName: friendGroupNameSchema.optional(),
    }),
    response: z.object({
      userID: z.string(),
      code: z.union([z.literal(0), z.literal(ErrorCode.FRIEND_APPLICATION_PENDING)]),
    }),
  },
  /** Requests sent to me and by me, newest first; unreadCount counts those sent to me not yet read. */
  getFriendApplicationList: {
    request: z.object({}),
    response: z.object({
      friendApplicationList: z.array(friendApplicationSchema),
      unreadCount: z.number().int().nonnegative(),
    }),
  },
  acceptFriendApplication: {
    request: z.object({
      userID: userIDSchema,
      /** Default AGREE_AND_ADD: friends both ways. AGREE puts me in the applicant's list only. */
      type: z.enum([FriendAcceptType.AGREE, FriendAcceptType.AGREE_AND_ADD]).optional(),
      /** My remark for the applicant (AGREE_AND_ADD). */
      remark: remarkSchema.optional(),
    }),
    response: resultSchema,
  },
  refuseFriendApplication: {
    request: z.object({ userID: userIDSchema }),
    response: resultSchema,
  },
  deleteFriendApplication: {
    request: z.object({
      userID: userIDSchema,
      type: z.enum([FriendApplicationType.SENT_TO_ME, FriendApplicationType.SENT_BY_ME]),
    }),
    response: resultSchema,
  },
  /** Marks every request sent to me as read. */
  setFriendApplicationRead: {
    request: z.object({}),
    response: z.object({}),
  },
  getFriendList: {
    request: z.object({}),
    response: z.object({ friendList: z.array(friendSchema) }),
  },
  /** Users not in my friend list are in failureUserIDList with 30001. */
  getFriendProfile: {
    request: z.object({ userIDList: userIDListSchema(FriendLimits.FRIEND_PROFILE_QUERY_MAX) }),
    response: z.object({ friendList: z.array(friendSchema), failureUserIDList: z.array(failureSchema) }),
  },
  /** Remark and custom fields of someone in my friend list (30001 otherwise); fields given replace those keys. */
  updateFriend: {
    request: z
      .object({
        userID: userIDSchema,
        remark: remarkSchema.optional(),
        friendCustomField: z.array(customFieldSchema).max(FriendLimits.CUSTOM_FIELDS_MAX).optional(),
      })
      .refine((v) => v.remark !== undefined || v.friendCustomField !== undefined, {
        message: 'nothing to update: give remark or friendCustomField',
      }),
    response: z.object({ friend: friendSchema }),
  },
  /** Default BOTH. Users not in my friend list are in failureUserIDList with 30001. */
  deleteFriend: {
    request: z.object({
      userIDList: userIDListSchema(FriendLimits.BATCH_MAX),
      type: z.enum([FriendDeleteType.SINGLE, FriendDeleteType.BOTH]).optional(),
    }),
    response: z.object({ successUserIDList: z.array(resultSchema), failureUserIDList: z.array(failureSchema) }),
  },
  /** Default BOTH; SINGLE only tells whether each user is in my list (A_WITH_B or NO_RELATION). */
  checkFriend: {
    request: z.object({
      userIDList: userIDListSchema(FriendLimits.BATCH_MAX),
      type: z.enum([FriendCheckType.SINGLE, FriendCheckType.BOTH]).optional(),
    }),
    response: z.object({
      successUserIDList: z.array(
        resultSchema.extend({
          relation: z.enum([
            FriendRelation.NO_RELATION,
            FriendRelation.A_WITH_B,
            FriendRelation.B_WITH_A,
            FriendRelation.BOTH_WAY,
          ]),
        }),
      ),
      failureUserIDList: z.array(failureSchema),
    }),
  },
  /**
   * All or nothing: refused (30001) when a user is oneself or already blocked, 20003 when unknown.
   * Blocking ends the friendship both ways and drops friend requests either way.
   */
  addToBlacklist: {
    request: z.object({ userIDList: userIDListSchema(FriendLimits.BATCH_MAX) }),
    response: z.object({ userIDList: z.array(z.string()) }),
  },
  /** All or nothing: refused (30001) when a user is not in my blocklist. */
  removeFromBlacklist: {
    request: z.object({ userIDList: userIDListSchema(FriendLimits.BATCH_MAX) }),
    response: z.object({ userIDList: z.array(z.string()) }),
  },
  /** My blocklist, most recently blocked first. */
  getBlacklist: {
    request: z.object({}),
    response: z.object({ userIDList: z.array(z.string()) }),
  },
  /**
   * Ours: users found by exact userID, nick substring (case-insensitive), portal login name
   * (exact, case-insensitive) or an exact mobile number, which is never returned. At most 20, the
   * caller left out.
   */
  searchUsers: {
    request: z.object({ keyword: safeText({ min: 1, maxBytes: FriendLimits.SEARCH_KEYWORD_MAX_BYTES }) }),
    response: z.object({ userList: z.array(foundUserSchema) }),
  },
} as const;
