import { z } from 'zod';
import { Limits } from '../constants';
import { safeText } from '../text';
import { groupIDSchema } from '../wire';
import { namedAccountSchema, uint32Schema } from './fields';
import { restGroupSchemas } from './groups';
import { restMsgBodySchema } from './msg-body';

/** Tencent's limits for the commands that move history from another system. */
export const RestImportLimits = {
  /** import_group_msg: at most 7 messages a call. */
  GROUP_MESSAGES_PER_CALL: 7,
  /** import_group_member: at most 300 members a call. */
  GROUP_MEMBERS_PER_CALL: 300,
  /** get_appid_group_list: at most 10000 groups a page (its default too). */
  APP_GROUPS_PER_PAGE: 10000,
} as const;

/** importmsg's SyncFromOldSystem: 1 counts as unread (a message of the switch-over), 2 does not (history). */
export const RestSyncFromOldSystem = { COUNTED: 1, HISTORY: 2 } as const;

/** import_group_msg's Result for each message: 0 stored, 10004 its SendTime is out of order or range. */
export const RestImportMsgResult = { STORED: 0, TIME_INVALID: 10004 } as const;

const cloudCustomDataSchema = safeText({ maxBytes: Limits.MESSAGE_MAX_BYTES });
const { create_group, get_joined_group_list } = restGroupSchemas;

/** Request bodies of the import commands (openim and group_open_http_svc), by command. */
export const restImportSchemas = {
  importmsg: z.object({
    SyncFromOldSystem: z.union([z.literal(RestSyncFromOldSystem.COUNTED), z.literal(RestSyncFromOldSystem.HISTORY)]),
    From_Account: namedAccountSchema,
    To_Account: namedAccountSchema,
    /** With MsgRandom, MsgTimeStamp and the accounts, it names the message: the same import is stored once. */
    MsgSeq: uint32Schema.optional(),
    MsgRandom: uint32Schema,
    /** Seconds since the epoch: when it was sent. */
    MsgTimeStamp: uint32Schema,
    MsgBody: restMsgBodySchema,
    CloudCustomData: cloudCustomDataSchema.optional(),
  }),
  import_group_msg: z.object({
    GroupId: groupIDSchema,
    /** 1: the conversation shows the imported messages as its last; 0 (default): it is left as it was. */
    RecentContactFlag: z.union([z.literal(0), z.literal(1)]).optional(),
    MsgList: z
      .array(
        z.object({
          From_Account: namedAccountSchema,
          /** Seconds since the epoch. */
          SendTime: uint32Schema,
          Random: uint32Schema.optional(),
          MsgBody: restMsgBodySchema,
          CloudCustomData: cloudCustomDataSchema.optional(),
        }),
      )
      .min(1)
      .max(RestImportLimits.GROUP_MESSAGES_PER_CALL),
  }),
  /** create_group's fields but the members (import_group_member adds them), and when it was made. */
  import_group: create_group.omit({ MemberList: true }).extend({
    /** Seconds since the epoch; absent: now. */
    CreateTime: uint32Schema.optional(),
  }),
  import_group_member: z.object({
    GroupId: groupIDSchema,
    MemberList: z
      .array(
        z.object({
          Member_Account: namedAccountSchema,
          Role: z.enum(['Admin', 'Member']).optional(),
          /** Seconds since the epoch; absent: now. History before it stays hidden, as for anyone who joins. */
          JoinTime: uint32Schema.optional(),
          UnreadMsgNum: uint32Schema.optional(),
        }),
      )
      .min(1)
      .max(RestImportLimits.GROUP_MEMBERS_PER_CALL),
  }),
  get_appid_group_list: z.object({
    Limit: z.number().int().min(1).max(RestImportLimits.APP_GROUPS_PER_PAGE).optional(),
    /** 0 or absent: the first page; then the Next the page before answered. */
    Next: z.number().int().min(0).optional(),
    GroupType: get_joined_group_list.shape.GroupType,
  }),
} as const;
