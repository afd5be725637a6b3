import { z } from 'zod';
import { groupIDSchema } from '../wire';
import { namedAccountSchema, uint32Schema } from './fields';

/** Tencent's limits and flags for its recentcontact commands. */
export const RestRecentContactLimits = {
  /** Conversations one get_list page answers. */
  PAGE_SIZE: 100,
} as const;

/** get_list's AssistFlags bits, as Tencent numbers them. */
export const RecentContactAssistFlag = {
  /** Pinned conversations are answered first, with TopFlag 1. */
  PINNED: 1,
  /** Conversations without a message are answered too. */
  EMPTY: 2,
  /** Pinned conversations are paged (TopTimeStamp, TopStartIndex) rather than all on the first page. */
  PINNED_PAGING: 4,
} as const;

/** SessionItem.Type and delete's Type: 1 one-to-one, 2 group. */
export const RecentContactType = { C2C: 1, GROUP: 2 } as const;

/** Request bodies of the recentcontact service, by command. */
export const restRecentContactSchemas = {
  get_list: z.object({
    From_Account: namedAccountSchema,
    TimeStamp: uint32Schema,
    StartIndex: uint32Schema,
    TopTimeStamp: uint32Schema,
    TopStartIndex: uint32Schema,
    /** Tencent defines bits 0–2; later bits (groups, marks) are accepted and not answered. */
    AssistFlags: uint32Schema,
  }),
  delete: z.union([
    z.object({
      From_Account: namedAccountSchema,
      Type: z.literal(RecentContactType.C2C),
      To_Account: namedAccountSchema,
      ClearRamble: z.union([z.literal(0), z.literal(1)]).optional(),
    }),
    z
      .object({
        From_Account: namedAccountSchema,
        Type: z.literal(RecentContactType.GROUP),
        /** Tencent's name for the group (its Java SDK's too). */
        ToGroupid: groupIDSchema.optional(),
        /** The name Liaison read before, still read; ToGroupid first. */
        To_Groupid: groupIDSchema.optional(),
        ClearRamble: z.union([z.literal(0), z.literal(1)]).optional(),
      })
      .transform(({ To_Groupid, ...body }, ctx) => {
        const groupID = body.ToGroupid ?? To_Groupid;
        if (groupID !== undefined) return { ...body, ToGroupid: groupID };
        ctx.addIssue({ code: 'custom', message: 'ToGroupid is required', path: ['ToGroupid'] });
        return z.NEVER;
      }),
  ]),
} as const;
