import { ErrorCode, LiaisonError, Limits, type SendContent } from '@liaison/protocol';
import { invalidParams } from './core/errors';
import type { RequestFunction } from './core/requests';
import { TYPES } from './core/types';
import { resolveMergedMessages, type URLResolver } from './file-urls';
import type { CreateMessageOptions } from './media-messages';
import { blankMessage, createOutgoingMessage, defaultEntropy, type MessageEntropy, type Sender } from './message-model';
import type { MergedMessage, MergerPayload, Message, MessageContent } from './message-types';
import { setSendContent } from './send-content';

export type CreateMergerMessageOptions = CreateMessageOptions<{
  /** 1 to 300 sent messages (status 'success'), mergers included, group tips and notices not. */
  messageList: Message[];
  title: string;
  abstractList: string[];
  compatibleText: string;
}>;

export interface CreateForwardMessageOptions extends CreateMessageOptions<Message> {}

/**
 * A merged record to download: a merger Message, or a nested one from a record's messageBody. Tencent
 * declares the argument as create*Message's options (no `type`, `payload: any`) and its runtime reads
 * only `payload.downloadKey`: anything carrying a merger payload is taken, and one with another
 * `type` is refused.
 */
export interface MergerLike {
  type?: typeof TYPES.MSG_MERGER;
  payload: MergerPayload;
}

/**
 * A merged chat record. It is sent as references to the messages ({conversationID, ID}); the server
 * loads them (only messages the sender can read) and builds the record, so nobody can put words in
 * someone else's mouth. The local payload shows the record until the server's copy replaces it.
 */
export function createMergerMessage(
  options: CreateMergerMessageOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): Message {
  const { messageList, title, abstractList, compatibleText } = options.payload ?? {};
  if (!Array.isArray(messageList) || messageList.length === 0 || messageList.length > Limits.MERGER_MESSAGES_MAX) {
    throw invalidParams(`payload.messageList must hold 1 to ${Limits.MERGER_MESSAGES_MAX} messages`);
  }
  for (const message of messageList) requireForwardable(message, 'payload.messageList');
  if (typeof title !== 'string' || title.length === 0) throw invalidParams('payload.title must be a non-empty string');
  if (!Array.isArray(abstractList) || abstractList.some((line) => typeof line !== 'string')) {
    throw invalidParams('payload.abstractList must be a list of strings');
  }
  if (typeof compatibleText !== 'string' || compatibleText.length === 0) {
    throw invalidParams('payload.compatibleText must be a non-empty string');
  }
  const message = createOutgoingMessage(
    {
      type: TYPES.MSG_MERGER,
      payload: {
        downloadKey: '',
        title,
        abstractList: [...abstractList],
        compatibleText,
        messageList: messageList.map(toMergedMessage),
      },
    },
    options,
    sender,
    entropy,
  );
  setSendContent(message, {
    type: TYPES.MSG_MERGER,
    payload: {
      title,
      abstractList: [...abstractList],
      compatibleText,
      messageList: messageList.map((item) => ({ conversationID: item.conversationID, ID: item.ID })),
    },
  });
  return message;
}

/**
 * A copy of a sent or received message for another conversation: same type and payload, its files
 * named by their uuid (the server lets the new conversation read them) and a merged record by its
 * downloadKey. Nothing is uploaded again.
 */
export function createForwardMessage(
  options: CreateForwardMessageOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): Message {
  const original = options.payload;
  requireForwardable(original, 'payload');
  const sendContent = forwardContent(original);
  const message = createOutgoingMessage(
    contentOf(original),
    { ...options, cloudCustomData: options.cloudCustomData ?? original.cloudCustomData },
    sender,
    entropy,
  );
  if (sendContent) setSendContent(message, sendContent);
  return message;
}

/**
 * Resolves with the record whose payload.messageList is filled: as it is when the messages came
 * inline, else fetched by downloadKey (and kept in the payload, so a second call asks nobody).
 */
export async function downloadMergerMessage<M extends MergerLike>(
  target: M,
  context: { request: RequestFunction; resolveURL: URLResolver },
): Promise<M> {
  const payload: Partial<MergerPayload> | undefined = target?.payload;
  if (typeof payload?.downloadKey !== 'string' || (target.type !== undefined && target.type !== TYPES.MSG_MERGER)) {
    throw invalidParams('downloadMergerMessage takes a merger message');
  }
  if (Array.isArray(payload.messageList) && payload.messageList.length > 0) return target;
  if (payload.downloadKey === '') throw new LiaisonError(ErrorCode.MERGER_NOT_FOUND);
  const { messageList } = await context.request('downloadMergerMessage', { downloadKey: payload.downloadKey });
  payload.messageList = resolveMergedMessages(messageList, context.resolveURL);
  return target;
}

function toMergedMessage(message: Message): MergedMessage {
  return {
    ID: message.ID,
    from: message.from,
    nick: message.nick,
    avatar: message.avatar,
    time: message.time,
    cloudCustomData: message.cloudCustomData,
    messageBody: [contentOf(message)],
  };
}

/** The type and a copy of the payload, without the message's other fields. */
function contentOf(message: Message): MessageContent {
  // The pair is taken from one message, so its type and payload belong together.
  return { type: message.type, payload: structuredClone(message.payload) } as MessageContent;
}

/** What a forward sends when the payload is not it: files by uuid, a record by downloadKey. */
function forwardContent(message: Message): SendContent | null {
  switch (message.type) {
    case 'TIMImageElem':
      return { type: message.type, payload: { uuid: requireUUID(message.payload.uuid) } };
    case 'TIMSoundElem':
      return {
        type: message.type,
        payload: { uuid: requireUUID(message.payload.uuid), second: message.payload.second },
      };
    case 'TIMVideoFileElem': {
      const { videoUUID, snapshotUUID, videoSecond } = message.payload;
      return {
        type: message.type,
        payload: { videoUUID: requireUUID(videoUUID), videoSecond, ...(snapshotUUID ? { snapshotUUID } : {}) },
      };
    }
    case 'TIMFileElem':
      return { type: message.type, payload: { uuid: requireUUID(message.payload.uuid) } };
    case 'TIMRelayElem': {
      const { downloadKey, title, abstractList, compatibleText } = message.payload;
      if (downloadKey === '') throw invalidParams('this merged record has no downloadKey yet: send it first');
      return { type: message.type, payload: { downloadKey, title, abstractList, compatibleText } };
    }
    default:
      return null;
  }
}

function requireForwardable(message: Message, name: string): void {
  if (typeof message !== 'object' || message === null || typeof message.ID !== 'string') {
    throw invalidParams(`${name} must hold messages`);
  }
  if (message.status !== 'success') throw invalidParams(`${name}: only sent messages can be forwarded`);
  if (message.type === TYPES.MSG_GRP_TIP || message.type === TYPES.MSG_GRP_SYS_NOTICE) {
    throw invalidParams(`${name}: group tips and system notices cannot be forwarded`);
  }
  if (message.hasRiskContent) throw invalidParams(`${name}: a message with risky content cannot be forwarded`);
  if (message.isRevoked) throw invalidParams(`${name}: a revoked message cannot be forwarded`);
}

function requireUUID(uuid: string): string {
  if (uuid === '') throw invalidParams('the file of this message has not been uploaded');
  return uuid;
}

/**
 * A message of a merged record as a read-only Message a UI draws with the same renderers as the
 * chat: its first body's type and payload (already checked against the type's schema when the
 * record was received), shown as received and delivered. A record message whose body this SDK
 * could not read has type 'unknown', which renderers show as unsupported. One revoked or flagged
 * after the record was made arrives emptied with isRevoked or hasRiskContent set.
 */
export function messageFromRecord(merged: MergedMessage): Message {
  const [body] = merged.messageBody;
  return {
    ...blankMessage(),
    conversationID: '',
    conversationType: TYPES.CONV_C2C,
    to: '',
    flow: 'in',
    clientTime: 0,
    status: 'success',
    random: 0,
    atUserList: [],
    needReadReceipt: false,
    ID: merged.ID,
    from: merged.from,
    nick: merged.nick,
    avatar: merged.avatar,
    time: merged.time,
    cloudCustomData: merged.cloudCustomData,
    isRevoked: merged.isRevoked ?? false,
    hasRiskContent: merged.hasRiskContent ?? false,
    ...(body ?? { type: 'unknown', payload: {} }),
  } as Message;
}
