import { randomUUID } from 'node:crypto';
import {
  AT_ALL,
  ErrorCode,
  GroupSystemNoticeType,
  GroupType,
  LiaisonError,
  RestError,
  RestErrorCode,
  RestGroupMessageLimits,
  RestPlaceMsg,
  restGroupMessageSchemas,
  SYSTEM_SENDER,
  type WireMessage,
} from '@liaison/protocol';
import { type Bus, groupTarget, userTarget } from '../../bus/bus';
import type { Sql } from '../../db/database';
import { groupKey } from '../messages/keys';
import {
  ensureSenderAccount,
  NO_SESSION,
  requireSender,
  restMessageControl,
  restSendPolicy,
} from '../messages/rest-commands';
import { restContent, restMsgBody } from '../messages/rest-msg-body';
import { groupHistoryPage } from '../messages/roaming';
import { type SendDeps, type SendFields, sendContent } from '../messages/send';
import { restCommand } from '../rest-command';
import { type GroupFacts, loadGroup, membersOf } from './group-access';
import { publishNotice } from './group-notices';
import { GROUP_CODES } from './rest-owner';

type GroupMessageDeps = SendDeps & { bus: Bus };

/**
 * group_open_http_svc's message commands (group_msg_recall is in message-actions). A send goes
 * through the SDK's send path (send.ts: membership, mutes, moderation, callbacks, live delivery,
 * history, unread); the system notice is a group system notice pushed live and never stored;
 * history is read from the group's stored messages.
 */
export const groupMessageCommands = {
  send_group_msg: restCommand({
    schema: restGroupMessageSchemas.send_group_msg,
    codes: GROUP_CODES,
    async run(deps: GroupMessageDeps, body, caller) {
      if (body.OnlineOnlyFlag === 1 && body.SendMsgControl !== undefined) {
        throw new RestError(RestErrorCode.GROUP_INVALID_PARAMS, 'SendMsgControl: not with OnlineOnlyFlag 1');
      }
      const { to } = await groupConversation(deps.db, body);
      const sender = await requireSender(deps.db, body.From_Account, caller, RestErrorCode.GROUP_INVALID_PARAMS);
      const control = restMessageControl(body.SendMsgControl);
      const atUserList = (body.GroupAtInfo ?? []).map((at) => (at.GroupAtAllFlag === 1 ? AT_ALL : at.GroupAt_Account));
      const fields: SendFields = {
        ID: `rest-${randomUUID()}`,
        conversationType: 'GROUP',
        to,
        clientTime: Math.floor(Date.now() / 1000),
        random: body.Random,
        ...(body.CloudCustomData === undefined ? {} : { cloudCustomData: body.CloudCustomData }),
        ...(body.NeedReadReceipt === 1 ? { needReadReceipt: true } : {}),
        ...(body.SupportMessageExtension === 1 ? { isSupportExtension: true } : {}),
        ...(body.OnlineOnlyFlag === 1 ? { onlineUserOnly: true } : {}),
        ...(body.To_Account ? { receiverList: body.To_Account } : {}),
        ...(atUserList.length > 0 ? { atUserList } : {}),
        ...(control ? { messageControlInfo: control } : {}),
      };
      const [elem] = body.MsgBody;
      if (!elem) throw new RestError(RestErrorCode.GROUP_INVALID_PARAMS, 'MsgBody: one element');
      const policy = { ...restSendPolicy(body.ForbidCallbackControl), isAppAdmin: body.From_Account === undefined };
      try {
        const { message } = await sendContent(deps, NO_SESSION, sender, fields, restContent(elem), policy);
        await ensureSenderAccount(deps.db, sender);
        return { MsgTime: message.time, MsgSeq: message.sequence };
      } catch (error) {
        // Tencent's code for a sender who may not post in the group: 10007, as its send_group_msg documents.
        if (error instanceof LiaisonError && error.code === ErrorCode.GROUP_NOT_MEMBER) {
          throw new RestError(ErrorCode.GROUP_NO_PERMISSION, `From_Account ${sender.userID} is not a member`);
        }
        throw error;
      }
    },
  }),

  send_group_system_notification: restCommand({
    schema: restGroupMessageSchemas.send_group_system_notification,
    codes: GROUP_CODES,
    async run(deps: GroupMessageDeps, body, caller) {
      const { group } = await groupConversation(deps.db, body);
      const named = body.ToMembers_Account ?? [];
      if (named.length > 0 && group.type === GroupType.AVCHATROOM) {
        throw new RestError(RestErrorCode.GROUP_INVALID_PARAMS, 'ToMembers_Account: an AVChatRoom’s notice is to all');
      }
      // Everyone in the group, or the named who are members (others are not told).
      const targets =
        named.length === 0
          ? [groupTarget(group.groupID)]
          : [...(await membersOf(deps.db, group.groupID, named)).keys()].map(userTarget);
      publishNotice(deps.bus, targets, {
        groupID: group.groupID,
        groupName: group.name,
        operationType: GroupSystemNoticeType.CUSTOM,
        operatorID: caller.identifier,
        userDefinedField: body.Content,
      });
      await deps.bus.flush();
      return {};
    },
  }),

  group_msg_get_simple: restCommand({
    schema: restGroupMessageSchemas.group_msg_get_simple,
    codes: GROUP_CODES,
    async run(deps: GroupMessageDeps, body) {
      const { to } = await groupConversation(deps.db, body);
      const count = Math.min(body.ReqMsgNumber, RestGroupMessageLimits.HISTORY_PAGE_MAX);
      const page = await groupHistoryPage(deps.db, groupKey(to), {
        atOrBelow: body.ReqMsgSeq ?? null,
        count,
        withRevoked: body.WithRecalledMsg === 1,
      });
      // Tencent's IsFinished: 1 when every message asked for is answered, 0 when more than 20 were.
      const isFinished = count === body.ReqMsgNumber || !page.hasMore;
      return {
        GroupId: body.GroupId,
        IsFinished: isFinished ? 1 : 0,
        RspMsgList: page.messageList.map(historyItem),
      };
    },
  }),
};

/**
 * The group a command names and its conversation: the group's, or its TopicId's (10004 for a topic
 * of another group, 10010 for one that does not exist). A group that does not exist is 10010.
 */
export async function groupConversation(
  db: Sql,
  body: { GroupId: string; TopicId?: string | undefined },
): Promise<{ group: GroupFacts; to: string }> {
  const { group } = await loadGroup(db, body.GroupId, '');
  if (body.TopicId === undefined) return { group, to: body.GroupId };
  const [topic] = await db.query<{ group_id: string }>('SELECT group_id FROM topics WHERE topic_id = $1', [
    body.TopicId,
  ]);
  if (!topic) throw new RestError(ErrorCode.GROUP_NOT_FOUND, `TopicId ${body.TopicId} does not exist`);
  if (topic.group_id !== body.GroupId) {
    throw new RestError(RestErrorCode.GROUP_INVALID_PARAMS, `TopicId ${body.TopicId} is not of ${body.GroupId}`);
  }
  return { group, to: body.TopicId };
}

/** A stored message as group_msg_get_simple lists it. */
function historyItem(message: WireMessage) {
  return {
    From_Account: message.from,
    IsPlaceMsg: message.isRevoked ? RestPlaceMsg.RECALLED : RestPlaceMsg.NONE,
    IsSystemMsg: message.from === SYSTEM_SENDER ? 1 : 0,
    MsgBody: restMsgBody(message),
    // Liaison keeps no priority: every message is Normal (2).
    MsgPriority: NORMAL_PRIORITY,
    MsgRandom: message.random,
    MsgSeq: message.sequence,
    MsgTimeStamp: message.time,
    CloudCustomData: message.cloudCustomData,
  };
}

/** Tencent's MsgPriority numbers: 1 High, 2 Normal, 3 Low, 4 Lowest. */
const NORMAL_PRIORITY = 2;
