import type {
  ConversationType,
  CustomPayload,
  FacePayload,
  FilePayload,
  GroupSystemNoticePayload,
  GroupTipPayload,
  ImagePayload,
  LocationPayload,
  ReactionUser,
  SoundPayload,
  VideoPayload,
  MergedMessage as WireMergedMessage,
  MergerPayload as WireMergerPayload,
} from '@liaison/protocol';

export type MessageFlow = 'in' | 'out';
/** TYPES.MSG_PRIORITY_*: how Tencent ranks a group message under its frequency limits. */
export type MessagePriority = 'High' | 'Normal' | 'Low' | 'Lowest';

/** Tencent's UserInfo: who revoked a message ('' fields when not revoked). */
export interface RevokerInfo {
  userID: string;
  nick: string;
  avatar: string;
}
export type MessageStatus = 'unSend' | 'success' | 'fail';

export interface TextPayload {
  text: string;
}

/** A message inside a merged record (payload.messageList of MSG_MERGER), with its file URLs resolved. */
export interface MergedMessage extends Omit<WireMergedMessage, 'messageBody'> {
  /** One element: the message's type and payload, as a Message has them. */
  messageBody: MessageContent[];
}

/** payload of MSG_MERGER: messageList is empty for a large record until downloadMergerMessage fills it. */
export interface MergerPayload extends Omit<WireMergerPayload, 'messageList'> {
  messageList: MergedMessage[];
}

/** The payload of each message type, with the reference SDK's field names (spec chat.md §3). */
export interface MessagePayloads {
  TIMTextElem: TextPayload;
  TIMImageElem: ImagePayload;
  TIMSoundElem: SoundPayload;
  TIMVideoFileElem: VideoPayload;
  TIMFileElem: FilePayload;
  TIMLocationElem: LocationPayload;
  TIMFaceElem: FacePayload;
  TIMCustomElem: CustomPayload;
  TIMRelayElem: MergerPayload;
  TIMGroupTipElem: GroupTipPayload;
  TIMGroupSystemNoticeElem: GroupSystemNoticePayload;
}
export type MessageType = keyof MessagePayloads;

/** A type and its payload: `message.type === TYPES.MSG_IMAGE` narrows `message.payload`. */
export type MessageContent = { [T in MessageType]: { type: T; payload: MessagePayloads[T] } }[MessageType];

export interface ReadReceiptInfo {
  readCount: number;
  unreadCount: number;
  isPeerRead: boolean;
}

export interface MessageReaction {
  reactionID: string;
  /** Exact, however many reacted. */
  totalUserCount: number;
  reactedByMyself: boolean;
  /** The first few reactors, oldest first, as the reference SDK lists them. */
  partialUserList: ReactionUser[];
}

/** The fields every message has, whatever its type. */
export interface MessageBase {
  ID: string;
  conversationID: string;
  conversationType: ConversationType;
  /** Peer user ID for C2C, group ID for groups. */
  to: string;
  from: string;
  flow: MessageFlow;
  /** Server time in seconds (the local time until the server has stored it). */
  time: number;
  /** Sender's clock at creation, seconds. */
  clientTime: number;
  status: MessageStatus;
  /** Per-conversation server sequence; 0 until stored, and always 0 in AVChatRoom. */
  sequence: number;
  random: number;
  priority: MessagePriority;
  nick: string;
  nameCard: string;
  avatar: string;
  atUserList: string[];
  cloudCustomData: string;
  needReadReceipt: boolean;
  isPeerRead: boolean;
  readReceiptInfo: ReadReceiptInfo;
  isRevoked: boolean;
  revoker: string;
  /** Who revoked it, as they were shown then (their profile at the time of the revoke). */
  revokerInfo: RevokerInfo;
  /** Tencent's revokeReason: only its REST API gives one; '' for every revoke through the SDK. */
  revokeReason: string;
  /** Created with isSupportExtension: members may set its extensions (message-extensions.ts). */
  isSupportExtension: boolean;
  isDeleted: boolean;
  isModified: boolean;
  /** Ours: bumped by every modifyMessage (isModified once above 0); modifyMessage sends it back. */
  version: number;
  isSystemMessage: boolean;
  isBroadcastMessage: boolean;
  /** Moderation flagged the content (possibly after delivery): show a placeholder, offer no download. */
  hasRiskContent: boolean;
  reactionList: MessageReaction[];
  /** Upload progress 0..1 of a message with a file; 1 for everything else and once uploaded. */
  progress: number;
  /**
   * Tencent's runtime field (its kits read it): sent with messageControlInfo.excludedFromUnreadCount,
   * a targeted message, or a group message imported by the REST API: it counts as nobody's unread.
   */
  _isExcludedFromUnreadCount: boolean;
  /** Tencent's runtime field: sent with messageControlInfo.excludedFromLastMessage, never a conversation's last message. */
  _isExcludedFromLastMessage: boolean;
  /** Tencent's runtime field: sent with onlineUserOnly, delivered to who was online and never stored. */
  _onlineOnlyFlag: boolean;
  /** Tencent's runtime field: a targeted group message's receivers (create*Message's receiverList); absent otherwise. */
  _receiverList?: string[];
}

/**
 * A message, with the reference SDK's field names (spec chat.md §3). `conversationID` and
 * `flow` are relative to the logged-in user. A union on `type`: each type has its own payload.
 */
export type Message = MessageBase & MessageContent;

/** A message of one type. */
export type MessageOf<T extends MessageType> = MessageBase & { type: T; payload: MessagePayloads[T] };
