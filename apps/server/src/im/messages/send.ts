import {
  ErrorCode,
  groupIDSchema,
  isTopicID,
  LiaisonError,
  Limits,
  type MessageControlInfo,
  messageBodyBytes,
  type OpRequestParsed,
  type OpResponse,
  topicIDSchema,
  userIDSchema,
} from '@liaison/protocol';
import { type CallbackOrigin, type Callbacks, SDK_ORIGIN } from '../../callbacks/callbacks';
import type { Sql } from '../../db/database';
import { moderate } from '../../moderation/check';
import { type ModerationContext, type ModerationProvider, passAll } from '../../moderation/provider';
import { recordMentions } from './group-mentions';
import { c2cKey, groupKey } from './keys';
import { type DeliveredContent, deliveredContent } from './message-content';
import type { MessageWriter } from './message-writer';
import { beforeSendCallback } from './send-callbacks';

export interface SendDeps {
  db: Sql;
  writer: MessageWriter;
  moderation: ModerationProvider;
  /** Told of each one-to-one message before it is stored, to drop the typing state it makes redundant. */
  presence: { messageSent(fromUserID: string, toUserID: string): void };
  /** Tencent's message callbacks (callbacks/); null when CALLBACK_URL is unset. */
  callbacks: Callbacks | null;
}

/** Who sends, as their session knows them. */
export interface Sender {
  userID: string;
  nick: string;
  avatar: string;
}

/**
 * sendMessage: the delivered payload is built (files looked up, a merger loaded), then sent as
 * sendContent sends it.
 */
export async function sendMessage(
  deps: SendDeps,
  origin: string,
  sender: Sender,
  body: OpRequestParsed<'sendMessage'>,
): Promise<OpResponse<'sendMessage'>> {
  return sendContent(deps, origin, sender, body, await deliveredContent(deps.db, sender.userID, body));
}

/** Which send callbacks a send calls, and the origin they report: the REST API's sends may forbid either. */
export interface SendCallbackPolicy {
  origin: CallbackOrigin;
  before: boolean;
  after: boolean;
  /**
   * The app's administrator sends in a group as itself (send_group_msg without From_Account): as
   * Tencent's, it need not be a member and no mute holds it, like the server's own tips.
   */
  isAppAdmin?: boolean;
}

const SDK_SEND_CALLBACKS: SendCallbackPolicy = { origin: SDK_ORIGIN, before: true, after: true };

/** A send's fields besides its content: the REST API's sends build the content themselves. */
export type SendFields = Omit<OpRequestParsed<'sendMessage'>, 'type' | 'payload'>;

/**
 * Sends built content: sized (12 KB with cloudCustomData, 8001; a merger's message list is stored
 * apart and not counted), moderated (80001, 80004) and handed to the writer, which refuses unknown
 * recipients (20003) and non-members. Every refusal comes before anything is stored. A targeted
 * message (receiverList) and messageControlInfo are checked here; without them nothing more is done.
 */
export async function sendContent(
  deps: SendDeps,
  origin: string,
  sender: Sender,
  body: SendFields,
  built: DeliveredContent,
  callbackPolicy: SendCallbackPolicy = SDK_SEND_CALLBACKS,
): Promise<OpResponse<'sendMessage'>> {
  const isC2C = body.conversationType === 'C2C';
  const target = (isC2C ? userIDSchema : isTopicID(body.to) ? topicIDSchema : groupIDSchema).safeParse(body.to);
  if (!target.success) {
    throw new LiaisonError(ErrorCode.INVALID_PARAMS, `to: not a valid ${isC2C ? 'userID' : 'groupID'}`);
  }
  const key = isC2C ? c2cKey(sender.userID, body.to) : groupKey(body.to);
  const receivers = body.receiverList ? targetedReceivers(body, sender.userID) : undefined;
  const control = receivers || body.messageControlInfo ? messageControl(body, receivers !== undefined) : undefined;
  let cloudCustomData = body.cloudCustomData ?? '';
  let content = built;
  await checkContent(deps.moderation, content, cloudCustomData, { messageID: body.ID, conversationKey: key });
  if (deps.callbacks && callbackPolicy.before) {
    ({ content, cloudCustomData } = await beforeSendCallback(
      deps.callbacks,
      callbackPolicy.origin,
      sender,
      body,
      content,
      cloudCustomData,
    ));
  }
  if (isC2C) deps.presence.messageSent(sender.userID, body.to);
  const { message, duplicate } = await deps.writer.submit({
    key,
    convType: body.conversationType,
    sender: sender.userID,
    recipient: body.to,
    id: body.ID,
    type: content.type,
    payload: content.payload,
    atUserList: body.atUserList ?? [],
    clientTime: body.clientTime,
    random: body.random,
    nick: sender.nick,
    avatar: sender.avatar,
    cloudCustomData,
    needReadReceipt: body.needReadReceipt ?? false,
    isSupportExtension: body.isSupportExtension,
    onlineOnly: body.onlineUserOnly,
    receivers,
    control,
    origin,
    grants: content.grants,
    record: content.record,
    ...(callbackPolicy.isAppAdmin ? { system: true } : {}),
  });
  // Side data of the few messages that mention someone: one row per member named, one for @all.
  if (message.atUserList.length > 0 && !message.onlineOnly) await recordMentions(deps.db, message);
  if (deps.callbacks && callbackPolicy.after && !duplicate) deps.callbacks.afterSend(message, callbackPolicy.origin);
  return { message };
}

/**
 * Who a targeted message is for: each listed user once, the sender left out (they see it anyway).
 * Groups only, never an @ message (Tencent's rule); the writer keeps the group's members among them.
 */
function targetedReceivers(body: SendFields, senderID: string): string[] {
  if (body.conversationType !== 'GROUP') {
    throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'receiverList: only group messages are targeted');
  }
  if ((body.atUserList?.length ?? 0) > 0) {
    throw new LiaisonError(ErrorCode.GROUP_INVALID_PARAMS, 'receiverList: an @ message cannot be targeted');
  }
  return [...new Set(body.receiverList)].filter((userID) => userID !== senderID);
}

/** Tencent's messageControlInfo flags that are set; a targeted message counts as no one's unread, as Tencent's. */
function messageControl(body: SendFields, isTargeted: boolean): MessageControlInfo | undefined {
  const info = body.messageControlInfo;
  const control: MessageControlInfo = {
    ...(isTargeted || info?.excludedFromUnreadCount ? { excludedFromUnreadCount: true } : {}),
    ...(info?.excludedFromLastMessage ? { excludedFromLastMessage: true } : {}),
  };
  return control.excludedFromUnreadCount || control.excludedFromLastMessage ? control : undefined;
}

/**
 * What every new content goes through, a send or a modification: 12 KB with cloudCustomData
 * (8001; a merger's message list is stored apart and not counted), then moderation (80001, 80004).
 */
export async function checkContent(
  moderation: ModerationProvider,
  content: DeliveredContent,
  cloudCustomData: string,
  context: ModerationContext,
): Promise<void> {
  const counted = content.type === 'TIMRelayElem' ? { ...content.payload, messageList: [] } : content.payload;
  if (messageBodyBytes(counted, cloudCustomData) > Limits.MESSAGE_MAX_BYTES) {
    throw new LiaisonError(ErrorCode.MESSAGE_TOO_LONG);
  }
  // Without a provider configured, content skips moderation altogether.
  if (moderation !== passAll) await moderate(moderation, content.moderated, context);
}
