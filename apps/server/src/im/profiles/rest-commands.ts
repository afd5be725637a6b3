import {
  AdminForbidType,
  AllowType,
  Gender,
  LiaisonError,
  type OpRequestParsed,
  PROFILE_CUSTOM_KEY,
  type Profile,
  profileOps,
  RestError,
  RestErrorCode,
  RestProfileLimits,
  restProfileSchemas,
} from '@liaison/protocol';
import type { Bus } from '../../bus/bus';
import type { Database } from '../../db/database';
import { type RestServiceCodes, restCommand } from '../rest-command';
import { requireAllowedAvatar } from './avatars';
import { announceProfile } from './profile-push';
import { getProfiles, updateProfile } from './users';

/** Tencent's codes for a refused or failed profile command. */
const PROFILE_CODES: RestServiceCodes = {
  invalidParams: RestErrorCode.PROFILE_INVALID_PARAMS,
  internal: RestErrorCode.PROFILE_INTERNAL,
};

interface ProfileRestDeps {
  db: Database;
  bus: Bus;
  avatarHosts: ReadonlySet<string>;
}

type ProfilePatch = OpRequestParsed<'updateMyProfile'>;
type StandardField = Exclude<keyof Profile, 'userID' | 'profileCustomField'>;

/** Tencent's standard profile tags, the profile field each is stored in, and the kind of value it takes. */
const STANDARD_TAGS: Readonly<Record<string, { field: StandardField; kind: 'string' | 'number' }>> = {
  Tag_Profile_IM_Nick: { field: 'nick', kind: 'string' },
  Tag_Profile_IM_Image: { field: 'avatar', kind: 'string' },
  Tag_Profile_IM_Gender: { field: 'gender', kind: 'string' },
  Tag_Profile_IM_BirthDay: { field: 'birthday', kind: 'number' },
  Tag_Profile_IM_Location: { field: 'location', kind: 'string' },
  Tag_Profile_IM_SelfSignature: { field: 'selfSignature', kind: 'string' },
  Tag_Profile_IM_AllowType: { field: 'allowType', kind: 'string' },
  Tag_Profile_IM_Language: { field: 'language', kind: 'number' },
  Tag_Profile_IM_MsgSettings: { field: 'messageSettings', kind: 'number' },
  Tag_Profile_IM_AdminForbidType: { field: 'adminForbidType', kind: 'string' },
  Tag_Profile_IM_Level: { field: 'level', kind: 'number' },
  Tag_Profile_IM_Role: { field: 'role', kind: 'number' },
};

/** What a profile stored before the field existed answers, as Tencent's defaults. */
const STANDARD_DEFAULTS: Readonly<Partial<Record<StandardField, string | number>>> = {
  gender: Gender.UNKNOWN,
  allowType: AllowType.NEED_CONFIRM,
  adminForbidType: AdminForbidType.NONE,
};

/** profile/portrait_set and portrait_get: users.ts, the same storage and push as updateMyProfile. */
export const profileCommands = {
  portrait_set: restCommand({
    schema: restProfileSchemas.portrait_set,
    codes: PROFILE_CODES,
    async run(deps: ProfileRestDeps, body) {
      const [current] = await getProfiles(deps.db, [body.From_Account]);
      if (!current) throw new RestError(RestErrorCode.PROFILE_ACCOUNT_NOT_FOUND);
      const patch = profilePatch(body.ProfileItem);
      try {
        await requireAllowedAvatar(deps.db, current.userID, patch.avatar, deps.avatarHosts);
      } catch (error) {
        if (error instanceof LiaisonError) throw new RestError(RestErrorCode.PROFILE_VALUE_INVALID, error.message);
        throw error;
      }
      // An administrator may lift AdminForbid_Type_SendOut, which a user may not.
      const profile = await updateProfile(deps.db, current.userID, patch, true);
      await announceProfile(deps.db, deps.bus, profile);
      return { ErrorDisplay: '' };
    },
  }),

  portrait_get: restCommand({
    schema: restProfileSchemas.portrait_get,
    codes: PROFILE_CODES,
    async run(deps: ProfileRestDeps, body) {
      const unknownTag = body.TagList.find((tag) => !STANDARD_TAGS[tag] && !PROFILE_CUSTOM_KEY.test(tag));
      if (unknownTag !== undefined)
        throw new RestError(RestErrorCode.PROFILE_TAG_NOT_FOUND, `no such tag: ${unknownTag}`);
      const asked = [...new Set(body.To_Account)];
      const found = new Map((await getProfiles(deps.db, asked)).map((profile) => [profile.userID, profile]));
      const failed = asked.filter((userID) => !found.has(userID));
      return {
        UserProfileItem: asked.map((userID) => {
          const profile = found.get(userID);
          if (!profile) {
            return {
              To_Account: userID,
              ResultCode: RestErrorCode.PROFILE_ACCOUNT_NOT_FOUND,
              ResultInfo: 'Err_Profile_Invalid_Account',
            };
          }
          return {
            To_Account: userID,
            ProfileItem: profileItems(profile, body.TagList),
            ResultCode: 0,
            ResultInfo: '',
          };
        }),
        ...(failed.length > 0 ? { Fail_Account: failed } : {}),
        ErrorDisplay: '',
      };
    },
  }),
};

/**
 * Tencent's ProfileItem list as updateMyProfile's patch: an unknown tag is 40009, a value of the
 * wrong kind 40610, a string over 500 bytes 40601, and a value the field does not take (as
 * updateMyProfile judges it) 40605.
 */
function profilePatch(items: ReadonlyArray<{ Tag: string; Value: string | number }>): ProfilePatch {
  const patch: Record<string, unknown> = {};
  const custom: Array<{ key: string; value: string }> = [];
  for (const { Tag, Value } of items) {
    const standard = STANDARD_TAGS[Tag];
    const kind = standard?.kind ?? 'string';
    if (!standard && !PROFILE_CUSTOM_KEY.test(Tag)) {
      throw new RestError(RestErrorCode.PROFILE_TAG_NOT_FOUND, `no such tag: ${Tag}`);
    }
    if (typeof Value !== kind) throw new RestError(RestErrorCode.PROFILE_VALUE_TYPE, `${Tag} takes a ${kind}`);
    if (typeof Value === 'string' && Buffer.byteLength(Value) > RestProfileLimits.VALUE_MAX_BYTES) {
      throw new RestError(RestErrorCode.PROFILE_VALUE_TOO_LONG, `${Tag} is over 500 bytes`);
    }
    if (standard) patch[standard.field] = Value;
    else custom.push({ key: Tag, value: String(Value) });
  }
  if (custom.length > 0) patch.profileCustomField = custom;
  const parsed = profileOps.updateMyProfile.request.safeParse(patch);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    const tag = Object.entries(STANDARD_TAGS).find(([, standard]) => standard.field === field)?.[0] ?? field;
    throw new RestError(RestErrorCode.PROFILE_VALUE_INVALID, `${tag || 'ProfileItem'}: ${issue?.message}`);
  }
  return parsed.data;
}

/** The tags asked, with the profile's values; a custom field the profile does not have is left out. */
function profileItems(profile: Profile, tags: readonly string[]): Array<{ Tag: string; Value: string | number }> {
  const custom = new Map((profile.profileCustomField ?? []).map(({ key, value }) => [key, value]));
  return [...new Set(tags)].flatMap((Tag) => {
    const standard = STANDARD_TAGS[Tag];
    if (!standard) {
      const value = custom.get(Tag);
      return value === undefined ? [] : [{ Tag, Value: value }];
    }
    const value = profile[standard.field] ?? STANDARD_DEFAULTS[standard.field] ?? (standard.kind === 'number' ? 0 : '');
    return [{ Tag, Value: value }];
  });
}
