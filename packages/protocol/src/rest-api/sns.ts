import { z } from 'zod';
import { FriendAddType, FriendCheckType, FriendDeleteType, FriendLimits, remarkBytes } from '../ops/relations';
import { displayText, safeText } from '../text';
import { namedAccountSchema, uint32Schema } from './fields';

/** Tencent's limits for its friend and blocklist commands. */
export const RestSnsLimits = {
  /** friend_add: Tencent states no maximum; 100 a call here, as its other batches of requests. */
  ADD_PER_CALL: 100,
  /** friend_import, friend_delete, friend_check and the blocklist commands: at most 1000 accounts a call. */
  ACCOUNTS_PER_CALL: 1000,
  /** friend_get answers at most this many friends a page (Tencent's page size is its own too). */
  FRIENDS_PER_PAGE: 100,
} as const;

/** black_list_check's two ways of looking, and what it answers of B to the caller A. */
export const BlackCheckType = { SINGLE: 'BlackCheckResult_Type_Single', BOTH: 'BlackCheckResult_Type_Both' } as const;
export const BlackCheckRelation = {
  NO: 'BlackCheckResult_Type_NO',
  A_WITH_B: 'BlackCheckResult_Type_AWithB',
  B_WITH_A: 'BlackCheckResult_Type_BWithA',
  BOTH_WAY: 'BlackCheckResult_Type_BothWay',
} as const;

const accountList = z.array(namedAccountSchema).min(1).max(RestSnsLimits.ACCOUNTS_PER_CALL);

/** Tencent: 'AddSource_Type_' and a keyword, as addFriend takes it. */
const addSourceSchema = z
  .string()
  .regex(/^AddSource_Type_[A-Za-z]{1,8}$/, 'AddSource: AddSource_Type_ and 1–8 letters');
const remarkSchema = displayText().refine((value) => remarkBytes(value) <= FriendLimits.REMARK_MAX_BYTES, {
  message: `must be at most ${FriendLimits.REMARK_MAX_BYTES} bytes, a character beyond ASCII counting 2`,
});
const groupNameSchema = displayText({ min: 1, maxBytes: FriendLimits.FRIEND_GROUP_NAME_MAX_BYTES });
const wordingSchema = safeText({ maxBytes: FriendLimits.WORDING_MAX_BYTES });

/** What friend_add and friend_import both take for each friend. */
const friendItemFields = {
  To_Account: namedAccountSchema,
  Remark: remarkSchema.optional(),
  AddSource: addSourceSchema,
  AddWording: wordingSchema.optional(),
};

/** Request bodies of the sns service, by command. */
export const restSnsSchemas = {
  friend_add: z.object({
    From_Account: namedAccountSchema,
    AddFriendItem: z
      .array(z.object({ ...friendItemFields, GroupName: groupNameSchema.optional() }))
      .min(1)
      .max(RestSnsLimits.ADD_PER_CALL),
    AddType: z.enum([FriendAddType.BOTH, FriendAddType.SINGLE]).optional(),
    /** 1: the friendship is made whatever the other side's AllowType says. */
    ForceAddFlags: z.union([z.literal(0), z.literal(1)]).optional(),
  }),
  friend_import: z.object({
    From_Account: namedAccountSchema,
    AddFriendItem: z
      .array(
        z.object({
          ...friendItemFields,
          RemarkTime: uint32Schema.optional(),
          GroupName: z.array(groupNameSchema).max(FriendLimits.FRIEND_GROUPS_MAX).optional(),
          AddTime: uint32Schema.optional(),
          CustomItem: z
            .array(
              z.object({
                Tag: z
                  .string()
                  .regex(/^Tag_SNS_Custom_[A-Za-z0-9_]{1,8}$/, 'Tag: Tag_SNS_Custom_ and 1–8 letters or digits'),
                Value: z.union([safeText({ maxBytes: FriendLimits.CUSTOM_VALUE_MAX_BYTES }), uint32Schema]),
              }),
            )
            .max(FriendLimits.CUSTOM_FIELDS_MAX)
            .optional(),
        }),
      )
      .min(1)
      .max(RestSnsLimits.ACCOUNTS_PER_CALL),
  }),
  friend_delete: z.object({
    From_Account: namedAccountSchema,
    To_Account: accountList,
    /** Tencent's default is Delete_Type_Single (the SDK's is Both). */
    DeleteType: z.enum([FriendDeleteType.SINGLE, FriendDeleteType.BOTH]).optional(),
  }),
  friend_get: z.object({
    From_Account: namedAccountSchema,
    StartIndex: z.number().int().min(0),
    StandardSequence: z.number().int().min(0).optional(),
    CustomSequence: z.number().int().min(0).optional(),
  }),
  friend_check: z.object({
    From_Account: namedAccountSchema,
    To_Account: accountList,
    CheckType: z.enum([FriendCheckType.SINGLE, FriendCheckType.BOTH]),
  }),
  black_list_add: z.object({ From_Account: namedAccountSchema, To_Account: accountList }),
  black_list_delete: z.object({ From_Account: namedAccountSchema, To_Account: accountList }),
  black_list_get: z.object({
    From_Account: namedAccountSchema,
    StartIndex: z.number().int().min(0),
    MaxLimited: z.number().int().min(1).max(RestSnsLimits.ACCOUNTS_PER_CALL),
    LastSequence: z.number().int().min(0),
  }),
  black_list_check: z.object({
    From_Account: namedAccountSchema,
    To_Account: accountList,
    CheckType: z.enum([BlackCheckType.SINGLE, BlackCheckType.BOTH]),
  }),
} as const;

export type RestSnsBody<K extends keyof typeof restSnsSchemas> = z.infer<(typeof restSnsSchemas)[K]>;
