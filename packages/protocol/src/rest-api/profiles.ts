import { z } from 'zod';
import { safeText } from '../text';
import { namedAccountSchema } from './fields';

/** Tencent's limits for its profile commands. */
export const RestProfileLimits = {
  /** portrait_get: Tencent recommends at most 100 accounts a call; more is refused here. */
  ACCOUNTS_PER_CALL: 100,
  /** A string value is at most 500 bytes (40601 beyond). */
  VALUE_MAX_BYTES: 500,
  /** Tags one call names: the standard ones and up to 20 custom fields. */
  TAGS_PER_CALL: 40,
} as const;

/** A tag's name as Tencent spells any (its standard Tag_Profile_IM_* and Tag_Profile_Custom_*); which exist is the command's to say (40009). */
const tagSchema = z.string().regex(/^Tag_Profile_[A-Za-z0-9_]{1,40}$/, 'Tag: Tag_Profile_ and a name');

/** Values are uint (numbers) or strings, as Tencent's; the length of a string is the command's to judge (40601). */
const valueSchema = z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), safeText()]);

/** Request bodies of the profile service, by command. */
export const restProfileSchemas = {
  portrait_set: z.object({
    From_Account: namedAccountSchema,
    ProfileItem: z
      .array(z.object({ Tag: tagSchema, Value: valueSchema }))
      .min(1)
      .max(RestProfileLimits.TAGS_PER_CALL),
  }),
  portrait_get: z.object({
    To_Account: z.array(namedAccountSchema).min(1).max(RestProfileLimits.ACCOUNTS_PER_CALL),
    TagList: z.array(tagSchema).min(1).max(RestProfileLimits.TAGS_PER_CALL),
  }),
} as const;

export type RestProfileBody<K extends keyof typeof restProfileSchemas> = z.infer<(typeof restProfileSchemas)[K]>;
