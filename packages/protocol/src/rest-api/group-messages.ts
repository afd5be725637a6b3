import { z } from 'zod';
import { Limits } from '../constants';
import { topicIDSchema } from '../ops/topics';
import { safeText } from '../text';
import { groupIDSchema, userIDSchema } from '../wire';
import { namedAccountSchema, uint32Schema } from './fields';
import { restMsgBodySchema } from './msg-body';

/** Tencent's limits for its group message commands (group_open_http_svc). */
export const RestGroupMessageLimits = {
  /** send_group_msg: a targeted message (To_Account) names at most 50 members. */
  TARGETED_RECEIVERS_MAX: 50,
  /** send_group_msg: at most 100 mentions, as the SDK's atUserList. */
  MENTIONS_MAX: 100,
  /** send_group_system_notification: at most 500 members named. */
  NOTICE_RECEIVERS_MAX: 500,
  /** group_msg_recall: at most 10 sequences a call. */
  RECALL_PER_CALL: 10,
  /** group_msg_recall: a Reason of at most 100 bytes. */
  RECALL_REASON_MAX_BYTES: 100,
  /** group_msg_get_simple: at most 20 messages answered a call (IsFinished 0 says more were asked). */
  HISTORY_PAGE_MAX: 20,
} as const;

/** group_msg_get_simple's IsPlaceMsg: 0 a message as sent, 2 a recalled one (its MsgBody empty). */
export const RestPlaceMsg = { NONE: 0, RECALLED: 2 } as const;

const flag = z.union([z.literal(0), z.literal(1)]);
const groupRef = z.object({ GroupId: groupIDSchema, TopicId: topicIDSchema.optional() });

/** Request bodies of group_open_http_svc's message commands, by command. */
export const restGroupMessageSchemas = {
  send_group_msg: groupRef.extend({
    /** Absent: the calling administrator sends, in the group or not (Tencent's default). */
    From_Account: namedAccountSchema.optional(),
    Random: uint32Schema,
    /** Accepted: Liaison delivers every message alike. */
    MsgPriority: z.enum(['High', 'Normal', 'Low', 'Lowest']).optional(),
    MsgBody: restMsgBodySchema,
    CloudCustomData: safeText({ maxBytes: Limits.MESSAGE_MAX_BYTES }).optional(),
    /** 1: delivered to online members only, never stored. */
    OnlineOnlyFlag: flag.optional(),
    SendMsgControl: z
      .array(z.enum(['NoUnread', 'NoLastMsg']))
      .max(2)
      .optional(),
    /** ForbidBeforeSendMsgCallback, ForbidAfterSendMsgCallback: this send skips that callback (others are ignored). */
    ForbidCallbackControl: z
      .array(safeText({ maxBytes: 64 }))
      .max(8)
      .optional(),
    /** A targeted message: only these members (and the sender) receive it. */
    To_Account: z.array(userIDSchema).min(1).max(RestGroupMessageLimits.TARGETED_RECEIVERS_MAX).optional(),
    NeedReadReceipt: flag.optional(),
    SupportMessageExtension: flag.optional(),
    /** Who the message mentions: GroupAtAllFlag 1 everyone, 0 the member GroupAt_Account. */
    GroupAtInfo: z
      .array(
        z.union([
          z.object({ GroupAtAllFlag: z.literal(1) }),
          z.object({ GroupAtAllFlag: z.literal(0), GroupAt_Account: userIDSchema }),
        ]),
      )
      .max(RestGroupMessageLimits.MENTIONS_MAX)
      .optional(),
    /** Accepted: Liaison makes no offline pushes. */
    OfflinePushInfo: z.record(z.string(), z.unknown()).optional(),
  }),
  send_group_system_notification: groupRef.extend({
    /** Absent or empty: every member. */
    ToMembers_Account: z.array(namedAccountSchema).max(RestGroupMessageLimits.NOTICE_RECEIVERS_MAX).optional(),
    Content: safeText({ min: 1, maxBytes: Limits.MESSAGE_MAX_BYTES }),
  }),
  group_msg_recall: groupRef.extend({
    MsgSeqList: z
      .array(z.object({ MsgSeq: uint32Schema }))
      .min(1)
      .max(RestGroupMessageLimits.RECALL_PER_CALL),
    /** Accepted, not shown: Liaison's revoke carries no reason. */
    Reason: safeText({ maxBytes: RestGroupMessageLimits.RECALL_REASON_MAX_BYTES }).optional(),
  }),
  group_msg_get_simple: groupRef.extend({
    ReqMsgNumber: z.number().int().min(1),
    /** The newest sequence answered; absent: from the newest message. */
    ReqMsgSeq: uint32Schema.optional(),
    /** 1: recalled messages are answered too (IsPlaceMsg 2, MsgBody empty). */
    WithRecalledMsg: flag.optional(),
  }),
} as const;
