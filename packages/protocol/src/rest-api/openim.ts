import { z } from 'zod';
import { Limits } from '../constants';
import { safeText } from '../text';
import { namedAccountSchema, uint32Schema } from './fields';
import { restMsgBodySchema } from './msg-body';

/** Tencent's limits for its one-to-one message commands. */
export const RestOpenimLimits = {
  /** batchsendmsg: at most 500 recipients a call (90011 beyond). */
  BATCH_RECIPIENTS: 500,
  /** MsgLifeTime: seconds a message is kept for an offline recipient, at most 7 days (90026 beyond); 0 online only. */
  MSG_LIFE_TIME_MAX: 604_800,
  /** admin_getroammsg answers at most this many messages a call; Complete 0 says there are more. */
  ROAM_PAGE_MAX: 100,
  /** get_c2c_unread_msg_num: at most 10 peers a call. */
  UNREAD_PEERS_MAX: 10,
} as const;

const flag = z.union([z.literal(0), z.literal(1)]);
const cloudCustomDataSchema = safeText({ maxBytes: Limits.MESSAGE_MAX_BYTES });
/** Tencent's `<MsgSeq>_<MsgRandom>_<MsgTimeStamp>`, as sendmsg answered it. */
const msgKeySchema = z.string().regex(/^\d{1,15}_\d{1,10}_\d{1,12}$/, 'MsgKey: as sendmsg answered it');

/** What a send controls besides its content (sendmsg, batchsendmsg). */
const sendOptions = {
  /** 1: the message is synced to From_Account's devices too; 2: not (Liaison syncs it either way). */
  SyncOtherMachine: z.union([z.literal(1), z.literal(2)]).optional(),
  MsgSeq: uint32Schema.optional(),
  MsgRandom: uint32Schema,
  /** 0: delivered to online sessions only, never stored. */
  MsgLifeTime: uint32Schema.optional(),
  MsgBody: restMsgBodySchema,
  CloudCustomData: cloudCustomDataSchema.optional(),
  SendMsgControl: z
    .array(z.enum(['NoUnread', 'NoLastMsg', 'WithMuteNotifications']))
    .max(3)
    .optional(),
  /** ForbidBeforeSendMsgCallback, ForbidAfterSendMsgCallback: this send skips that callback (others are ignored). */
  ForbidCallbackControl: z
    .array(safeText({ maxBytes: 64 }))
    .max(8)
    .optional(),
  IsNeedReadReceipt: flag.optional(),
  SupportMessageExtension: flag.optional(),
  /** Accepted: Liaison makes no offline pushes. */
  OfflinePushInfo: z.record(z.string(), z.unknown()).optional(),
};

/** Request bodies of the openim service's one-to-one message commands, by command. */
export const restOpenimSchemas = {
  sendmsg: z.object({
    From_Account: namedAccountSchema.optional(),
    To_Account: namedAccountSchema,
    ...sendOptions,
  }),
  batchsendmsg: z.object({
    From_Account: namedAccountSchema.optional(),
    To_Account: z.array(namedAccountSchema).min(1),
    ...sendOptions,
  }),
  admin_getroammsg: z.object({
    Operator_Account: namedAccountSchema,
    Peer_Account: namedAccountSchema,
    MaxCnt: z.number().int().min(1),
    /** Seconds since the epoch, both ends included. */
    MinTime: uint32Schema,
    MaxTime: uint32Schema,
    /** The LastMsgKey of the page before: this page continues below it. */
    LastMsgKey: msgKeySchema.optional(),
  }),
  admin_msgwithdraw: z.object({
    From_Account: namedAccountSchema,
    To_Account: namedAccountSchema,
    MsgKey: msgKeySchema,
  }),
  modify_c2c_msg: z.object({
    From_Account: namedAccountSchema,
    To_Account: namedAccountSchema,
    MsgKey: msgKeySchema,
    MsgBody: restMsgBodySchema.optional(),
    CloudCustomData: cloudCustomDataSchema.optional(),
  }),
  admin_set_msg_read: z.object({
    Report_Account: namedAccountSchema,
    Peer_Account: namedAccountSchema,
  }),
  get_c2c_unread_msg_num: z.object({
    To_Account: namedAccountSchema,
    Peer_Account: z.array(namedAccountSchema).min(1).max(RestOpenimLimits.UNREAD_PEERS_MAX).optional(),
  }),
} as const;
