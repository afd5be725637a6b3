import { z } from 'zod';
import { Limits } from '../constants';
import { ErrorCode } from '../errors';
import { displayText, safeText } from '../text';
import { adminForbidTypeSchema, allowTypeSchema, genderSchema, profileSchema, userIDSchema } from '../wire';

/** Profile limits (docs/sdk.md, Profiles): Tencent's documented ones, and ours for custom fields. */
export const ProfileLimits = {
  /** Reference: a location is at most 16 bytes. */
  LOCATION_MAX_BYTES: 16,
  /** Reference: a custom profile value is a string of at most 500 bytes. */
  CUSTOM_VALUE_MAX_BYTES: 500,
  /** Ours (Tencent's console configures at most 20 custom fields per app): keys a user's profile holds. */
  CUSTOM_FIELDS_MAX: 20,
  /** Birthday, language, level and role are uint32, as Tencent stores them. */
  UINT32_MAX: 4_294_967_295,
} as const;

/**
 * Custom profile fields need no console here: any key `Tag_Profile_Custom_` and 1–8 letters, digits
 * or underscores (the characters and length Tencent's console allows a field name) may be set.
 */
export const PROFILE_CUSTOM_KEY = /^Tag_Profile_Custom_[A-Za-z0-9_]{1,8}$/;

const uint32Schema = z.number().int().min(0).max(ProfileLimits.UINT32_MAX);

const profileCustomFieldSchema = z.object({
  key: z.string().regex(PROFILE_CUSTOM_KEY, 'key: Tag_Profile_Custom_ and 1–8 letters, digits or _'),
  value: safeText({ maxBytes: ProfileLimits.CUSTOM_VALUE_MAX_BYTES }),
});

/**
 * updateMyProfile's options, as Tencent's SDK checks them: any other key, or a value of another
 * kind, is refused with 2721 (invalidParamsCode), nothing given at all too; only an empty
 * profileCustomField is 2722.
 */
const updateMyProfileSchema = z
  .strictObject({
    nick: displayText({ maxBytes: Limits.NICK_MAX_BYTES }).optional(),
    avatar: safeText({ maxBytes: Limits.AVATAR_URL_MAX_BYTES }).optional(),
    selfSignature: displayText({ maxBytes: Limits.SELF_SIGNATURE_MAX_BYTES }).optional(),
    /** Who may add me as a friend (docs/friends-and-blocklist.md). */
    allowType: allowTypeSchema.optional(),
    gender: genderSchema.optional(),
    birthday: uint32Schema.optional(),
    location: displayText({ maxBytes: ProfileLimits.LOCATION_MAX_BYTES }).optional(),
    language: uint32Schema.optional(),
    /** 0 or 1, as Tencent's SDK takes it. */
    messageSettings: z.union([z.literal(0), z.literal(1)]).optional(),
    /** A user may set SEND_OUT on themselves; lifting it is an administrator's (40004). */
    adminForbidType: adminForbidTypeSchema.optional(),
    level: uint32Schema.optional(),
    role: uint32Schema.optional(),
    /** Sets the keys given ('' removes one); the profile's other keys stay. */
    profileCustomField: z.array(profileCustomFieldSchema).max(ProfileLimits.CUSTOM_FIELDS_MAX).optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: 'nothing to update: give at least one profile field',
  })
  .refine(
    (v) =>
      v.profileCustomField === undefined ||
      v.profileCustomField.length > 0 ||
      Object.entries(v).some(([key, value]) => key !== 'profileCustomField' && value !== undefined),
    { message: 'nothing to update: profileCustomField is empty', params: { code: ErrorCode.UPDATE_PROFILE_NO_KEY } },
  );

/** User profiles: my own, which I may change, and anyone's by userID. */
export const profileOps = {
  getMyProfile: {
    request: z.object({}),
    response: z.object({ profile: profileSchema }),
  },
  getUserProfile: {
    request: z.object({ userIDList: z.array(userIDSchema).min(1).max(100) }),
    response: z.object({ profiles: z.array(profileSchema) }),
  },
  updateMyProfile: {
    request: updateMyProfileSchema,
    response: z.object({ profile: profileSchema }),
  },
} as const;
