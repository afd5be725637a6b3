import { ChatSDK, type CreateOptions } from './chat';
import { Logger } from './core/logger';
import { EVENT, TYPES } from './core/types';
import { setDefaultServer } from './core/url';
import { readSDKAppID, sharedInstance } from './instances';
import { TSignaling } from './signaling-data';

/**
 * The SDK entry, shaped like the reference SDK's default export:
 * `LiaisonChat.create(options)`, `LiaisonChat.TYPES`, `LiaisonChat.EVENT`.
 */
const LiaisonChat = {
  /**
   * Without `server` or `proxyServer`, the client dials the URL given to setDefaultServer, else the
   * page's origin. Called Tencent's way (no `server`), it returns the app's one client
   * (instances.ts). As Tencent's, an SDKAppID that is neither a number nor a numeric string is
   * logged and answered with null; the declared type is Tencent's, which only lets a number in.
   */
  create(options: CreateOptions): ChatSDK {
    const SDKAppID = readSDKAppID(options.SDKAppID);
    if (SDKAppID === null) {
      new Logger().error('LiaisonChat.create failed. Failed to parse the SDKAppID, please check the arguments');
      return null as unknown as ChatSDK;
    }
    if (options.server !== undefined) return new ChatSDK({ ...options, SDKAppID });
    return sharedInstance(SDKAppID, () => new ChatSDK({ ...options, SDKAppID }));
  },
  /**
   * Names the server for every later `create()` that names none, so that code written for
   * Tencent's SDK, which never names one, ports with an import alias and this one call.
   */
  setDefaultServer,
  TYPES,
  EVENT,
  /** Tencent's signalling events (addSignalingListener) and action types (getSignalingInfo). */
  TSignaling,
  /** The version of Tencent's `@tencentcloud/chat` whose API this package answers to (Tencent's kits read it). */
  VERSION: '3.6.6',
} as const;

export default LiaisonChat;

export type {
  AllowType,
  Call,
  CallChange,
  CallEndReason,
  CallMediaType,
  CallParticipant,
  CallParticipantState,
  CallSignal,
  CustomPayload,
  ErrorBody,
  FacePayload,
  FilePayload,
  FollowUser,
  FoundUser,
  Friend,
  FriendApplication,
  FriendGroup,
  FriendRelation,
  GroupApplication,
  GroupMember,
  GroupProfile,
  GroupSystemNoticePayload,
  GroupTipPayload,
  IceServer,
  ImageInfo,
  ImagePayload,
  JoinStatus,
  LocationPayload,
  Profile,
  ReactionUser,
  SoundPayload,
  UserStatus,
  VideoPayload,
} from '@liaison/protocol';
export { ErrorCode, LiaisonError } from '@liaison/protocol';
export type {
  CallEnd,
  CallEngine,
  CallEventDataMap,
  CallEventHandler,
  CallEventName,
  CallInvitation,
  CallMediaFailure,
  CallUserEvent,
  NetworkQuality,
  WebRTCEnvironment,
} from './calls/call-types';
export { CALL_EVENT, CALL_MEDIA_TYPE } from './calls/call-types';
export type { CreateOptions } from './chat';
export { ChatSDK } from './chat';
export type { Conversation, GroupAtInfo, GroupAtType, LastMessage } from './conversation-model';
export type { ConversationStoreView } from './conversation-store';
export type { ConversationResult, SetMessageRemindTypeOptions } from './conversations';
export type { WebSocketConstructor, WebSocketLike } from './core/transport';
export type { ChatResponse, EventName, KickedOutType, MessageElemType, NetState } from './core/types';
export { EVENT, TYPES } from './core/types';
export { IM_ENDPOINT_PATH, normalizeServerURL } from './core/url';
export type { ChatEvent, EventDataMap, EventHandler, FollowListChange, ReadReceiptUpdate } from './events';
export type { FollowPage } from './follows';
export type {
  AcceptFriendApplicationOptions,
  DeleteFriendApplicationOptions,
  FriendApplicationList,
} from './friend-applications';
export type {
  AddFriendOptions,
  CheckFriendOptions,
  DeleteFriendOptions,
  FriendFailure,
  FriendResult,
  UpdateFriendOptions,
} from './friends';
export type {
  GroupSystemNoticeMessage,
  HandleGroupApplicationOptions,
  UpdateGroupProfileOptions,
} from './group-admin';
export type { CreateGroupOptions, Group } from './groups';
export type { LoginOptions } from './login';
export type {
  CreateAudioMessageOptions,
  CreateCustomMessageOptions,
  CreateFaceMessageOptions,
  CreateFileBearingOptions,
  CreateFileMessageOptions,
  CreateImageMessageOptions,
  CreateLocationMessageOptions,
  CreateMessageOptions,
  CreateVideoMessageOptions,
  FileInputLike,
  FileOption,
} from './media-messages';
export type { CreateForwardMessageOptions, CreateMergerMessageOptions, MergerLike } from './merger';
export { messageFromRecord } from './merger';
export type { CreateTextMessageOptions } from './message-model';
export type {
  MergedMessage,
  MergerPayload,
  Message,
  MessageBase,
  MessageContent,
  MessageFlow,
  MessageOf,
  MessagePayloads,
  MessageReaction,
  MessageStatus,
  MessageType,
  ReadReceiptInfo,
  TextPayload,
} from './message-types';
export type { GetMessageListOptions, MessageListResult } from './messages';
export type { StatusFailure } from './presence';
export type { UpdateMyProfileOptions } from './profiles';
export type { GetAllUserListOptions, GetMessageReactionsOptions } from './reactions';
export type { GetGroupMessageReadMemberListOptions, ReadMemberInfo } from './receipts';
export { isMessagePeerRead } from './receipts';
export type {
  GetMessageListHoppingOptions,
  SearchCloudGroupMembersOptions,
  SearchCloudGroupsOptions,
  SearchCloudMessagesOptions,
  SearchCloudMessagesResult,
  SearchCloudUsersOptions,
  SearchResultItem,
} from './search';
export type { MessageControlInfo, SendMessageOptions } from './send-options';
export { SendMessageError } from './sending';
export type {
  InvitationHandleOptions,
  InviteInGroupOptions,
  InviteOptions,
  SignalingOfflinePushInfo,
  SignalingResponse,
} from './signaling';
export type { Signaling } from './signaling-data';
export { TSignaling } from './signaling-data';
export type { SignalingEvent, SignalingHandler } from './signaling-listeners';
export type { Topic, TopicLastMessage } from './topic-model';
export type { CreateTopicOptions, TopicFailure, TopicListOptions, UpdateTopicOptions } from './topics';
export type { TranslateTextOptions } from './translation';
export type { UploadSource } from './uploads';
