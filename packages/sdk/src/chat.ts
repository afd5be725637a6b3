import { ErrorCode, type GroupMember, type JoinStatus, LiaisonError, type Profile } from '@liaison/protocol';
import { lazyCallEngine } from './calls/call-engine';
import { Signalling } from './calls/call-signalling';
import type { CallEngine, WebRTCEnvironment } from './calls/call-types';
import { ChangeSync } from './change-sync';
import type { Conversation } from './conversation-model';
import {
  type ConversationOperationResult,
  ConversationSettings,
  type SetAllReceiveMessageOptOptions,
} from './conversation-settings';
import { ConversationStore, type ConversationStoreView } from './conversation-store';
import {
  ConversationAPI,
  type ConversationResult,
  type DeleteConversationOptions,
  type GetConversationListFilter,
  type SetMessageRemindTypeOptions,
} from './conversations';
import { type BackoffOptions, backoffDelay } from './core/backoff';
import { toLiaisonError } from './core/errors';
import type { KnownPush } from './core/incoming';
import { Logger } from './core/logger';
import { type LoginResult, Session } from './core/session';
import { loadDefaultWebSocket, type WebSocketConstructor } from './core/transport';
import { type ChatResponse, EVENT, type EventName, type KickedOutType, TYPES } from './core/types';
import { serverFor } from './core/url';
import { Deployment } from './deployment';
import { Emitter, type EventHandler } from './events';
import { FileAccess, fileOrigin } from './file-urls';
import { Follows } from './follows';
import type { AcceptFriendApplicationOptions, DeleteFriendApplicationOptions } from './friend-applications';
import type { AddFriendOptions, CheckFriendOptions, DeleteFriendOptions, UpdateFriendOptions } from './friends';
import { GroupAdmin, type HandleGroupApplicationOptions, type UpdateGroupProfileOptions } from './group-admin';
import { GroupData } from './group-data';
import { type CreateGroupOptions, type Group, GroupAPI } from './groups';
import { forgetInstance } from './instances';
import { type LoginOptions, Logins } from './login';
import {
  type CreateAudioMessageOptions,
  type CreateCustomMessageOptions,
  type CreateFaceMessageOptions,
  type CreateFileMessageOptions,
  type CreateImageMessageOptions,
  type CreateLocationMessageOptions,
  type CreateVideoMessageOptions,
  createAudioMessage,
  createCustomMessage,
  createFaceMessage,
  createFileMessage,
  createImageMessage,
  createLocationMessage,
  createVideoMessage,
} from './media-messages';
import { releaseMedia, uploadMedia } from './media-send';
import {
  type CreateForwardMessageOptions,
  type CreateMergerMessageOptions,
  createForwardMessage,
  createMergerMessage,
  type MergerLike,
} from './merger';
import { MessageActions } from './message-actions';
import { type ExtensionResult, MessageExtensions } from './message-extensions';
import { MessageIndex } from './message-index';
import { type CreateTextMessageOptions, createTextMessage, type Sender } from './message-model';
import type { Message } from './message-types';
import { type GetMessageListOptions, MessageAPI, type MessageListResult } from './messages';
import { acceptPlugins } from './plugins';
import { Presence } from './presence';
import { ProfileAPI, type UpdateMyProfileOptions } from './profiles';
import { type GetAllUserListOptions, type GetMessageReactionsOptions, Reactions } from './reactions';
import { type GetGroupMessageReadMemberListOptions, Receipts } from './receipts';
import { Receiver } from './receiving';
import { Relations } from './relations';
import {
  type GetMessageListHoppingOptions,
  Search,
  type SearchCloudGroupMembersOptions,
  type SearchCloudGroupsOptions,
  type SearchCloudMessagesOptions,
  type SearchCloudUsersOptions,
} from './search';
import { requireOwnMessage, type SendMessageOptions } from './send-options';
import { MessageSender } from './sending';
import {
  type InvitationHandleOptions,
  type InviteInGroupOptions,
  type InviteOptions,
  SignalingAPI,
  type SignalingResponse,
} from './signaling';
import type { Signaling } from './signaling-data';
import type { SignalingHandler } from './signaling-listeners';
import { type CreateTopicOptions, type TopicListOptions, Topics, type UpdateTopicOptions } from './topics';
import { type TranslateTextOptions, Translation } from './translation';
import { searchUsers } from './user-search';

export interface CreateOptions {
  SDKAppID: number;
  /**
   * ws://, wss://, http:// or https:// URL of the server; '/im' is added when it has no path.
   * Without it: `proxyServer`, else the URL given to `setDefaultServer`, else the page's origin.
   */
  server?: string;
  /** Tencent's name for the server's address, taken when `server` is not given. */
  proxyServer?: string;
  /** A WebSocket implementation; defaults to globalThis.WebSocket, else the `ws` package. */
  WebSocket?: WebSocketConstructor;
  /** Milliseconds before a request fails with REQUEST_TIMEOUT (or NETWORK_ERROR if never sent). Default 15 000. */
  requestTimeout?: number;
  /**
   * Milliseconds a sendMessage may wait for a connection and the server's answer before the message
   * fails (it is sent again by itself, with the same ID, once the connection is back). Default 15 000.
   */
  sendTimeout?: number;
  /**
   * Milliseconds between liveness checks while logged in; an unanswered one (within this long)
   * reconnects. Default 25 000; 0 turns them off.
   */
  heartbeatInterval?: number;
  /**
   * What calls use for media (getCallEngine): default the browser's RTCPeerConnection and
   * mediaDevices; null for signalling only (Node, tests, bots).
   */
  webRTC?: WebRTCEnvironment | null;
}

const DEFAULT_REQUEST_TIMEOUT = 15_000;
const DEFAULT_HEARTBEAT_INTERVAL = 25_000;
/** Retries of a catch-up after a reconnect that failed: see catchUpAfterReconnect. */
const CATCH_UP_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000, random: Math.random };
const DEFAULT_SEND_TIMEOUT = 15_000;

/**
 * A chat client: the reference SDK's API over this project's server. Make one with
 * `LiaisonChat.create()`. State (the conversation list) lives here; a UI reads it through
 * `conversationStore` or the events. Each method hands its call to the capability module that
 * does it. They are grouped by area in the order of Tencent's API reference (login, messages,
 * conversations, profiles and relations, friends, groups, group members, signalling), so that a
 * new method has one place to go and the two read side by side.
 */
export class ChatSDK {
  readonly TYPES = TYPES;
  readonly EVENT = EVENT;
  /** The conversation list as a subscribable store (for React's useSyncExternalStore). */
  readonly conversationStore: ConversationStoreView;

  private readonly logger = new Logger();
  private readonly events = new Emitter(this.logger);
  private readonly store = new ConversationStore();
  private readonly session: Session;
  private readonly logins: Logins;
  private readonly receiver: Receiver;
  private readonly conversations: ConversationAPI;
  private readonly conversationSettings: ConversationSettings;
  private readonly groups: GroupAPI;
  private readonly groupAdmin: GroupAdmin;
  private readonly groupData: GroupData;
  private readonly profiles: ProfileAPI;
  private readonly messages: MessageAPI;
  private readonly sender: MessageSender;
  private readonly files: FileAccess;
  private readonly actions: MessageActions;
  private readonly reactions: Reactions;
  private readonly extensions: MessageExtensions;
  private readonly found: MessageIndex;
  private readonly topics: Topics;
  private readonly receipts: Receipts;
  private readonly presence: Presence;
  private readonly follows: Follows;
  private readonly translation: Translation;
  private readonly relations: Relations;
  private readonly search: Search;
  private readonly signalling: Signalling;
  /** Tencent's TSignaling (invitations as messages); `signalling` above is the call engine's. */
  private readonly tsignaling: SignalingAPI;
  private readonly callEngine: () => CallEngine;
  private readonly deployment: Deployment;
  private readonly SDKAppID: number;

  private ready = false;
  /** Pushes that arrived while logging in, before the conversation list was loaded. */
  private pushBuffer: KnownPush[] | null = null;
  private emittedList: readonly Conversation[] | null = null;
  private emittedTotal: number | null = null;
  /** Bumped by each reconnect, so that a retried catch-up of an earlier one stops. */
  private reconnectRound = 0;
  private isEmitScheduled = false;

  constructor(options: CreateOptions) {
    if (!Number.isInteger(options.SDKAppID) || options.SDKAppID <= 0) {
      throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'SDKAppID must be a positive integer');
    }
    const requestTimeout = options.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT;
    const WebSocketImpl = options.WebSocket;
    const url = serverFor(options);
    this.session = new Session(
      {
        url,
        SDKAppID: options.SDKAppID,
        requestTimeout,
        heartbeatInterval: options.heartbeatInterval ?? DEFAULT_HEARTBEAT_INTERVAL,
        loadWebSocket: WebSocketImpl ? () => Promise.resolve(WebSocketImpl) : loadDefaultWebSocket,
      },
      {
        onPush: (push) => this.handlePush(push),
        onConnectionLost: () => {
          this.logger.info('connection lost; reconnecting');
          this.events.emit(EVENT.NET_STATE_CHANGE, { state: TYPES.NET_STATE_CONNECTING });
        },
        onReconnected: (result) => void this.handleReconnected(result),
        onKicked: (type) => this.handleKicked(type),
        onError: (error) => this.reportError(error),
      },
    );
    this.logins = new Logins({
      session: this.session,
      events: this.events,
      isReady: () => this.ready,
      start: (login, epoch) => this.performLogin(login, epoch),
      announceReady: () => this.announceReady(),
      clear: () => this.clearState(),
    });
    const request = this.session.request;
    const me = () => this.me();
    const onError = (error: unknown) => this.reportError(error);
    this.files = new FileAccess({ origin: fileOrigin(url), request, onError });
    const resolveURL = this.files.resolve;
    this.messages = new MessageAPI({ request, me, resolveURL });
    this.conversationStore = this.store;
    this.store.subscribe(() => this.scheduleConversationEvents());
    this.conversations = new ConversationAPI({
      request,
      me,
      store: this.store,
      onError,
      groupOf: (groupID) => this.groups.get(groupID),
    });
    this.conversationSettings = new ConversationSettings({ request, me, store: this.store, events: this.events });
    this.receiver = new Receiver({
      me,
      fetchAfter: (conversationID, afterSequence) => request('syncMessages', { conversationID, afterSequence }),
      onMessage: (message) => {
        this.conversations.handleMessage(message);
        this.topics.handleMessage(message);
        this.receipts.handleMessage(message);
        this.groups.handleMessage(message);
        if (message.type === TYPES.MSG_GRP_TIP) this.groups.applyTip(message);
      },
      onReceived: (messages) => {
        this.presence.handleMessages(messages);
        this.tsignaling.handleMessages(messages);
        this.events.emit(EVENT.MESSAGE_RECEIVED, messages);
      },
      onError,
      resolveURL,
      changes: new ChangeSync({
        fetchChanges: (conversationID, afterChange) => request('syncMessageChanges', { conversationID, afterChange }),
        deliver: (conversationID, page) => this.actions.applyChanges(conversationID, page),
        onError,
      }),
    });
    this.groups = new GroupAPI({
      request,
      me,
      onListChanged: (groupList) => this.events.emit(EVENT.GROUP_LIST_UPDATED, groupList),
      onGroupChanged: (group) => this.conversations.handleGroupChanged(group),
      onJoined: (group) => this.conversations.handleGroupJoined(group),
      onError,
    });
    this.groupAdmin = new GroupAdmin({
      request,
      me,
      groups: this.groups,
      conversations: this.conversations,
      events: this.events,
    });
    this.profiles = new ProfileAPI({
      request,
      onUpdated: (profiles) => {
        this.events.emit(EVENT.PROFILE_UPDATED, profiles);
        // Then FRIEND_LIST_UPDATED, as Tencent's runtime orders them, when one is a friend's.
        this.relations.friends.acceptProfiles(profiles);
        // And the one-to-one conversation with each of them shows the new profile, as Tencent's does.
        for (const profile of profiles) {
          this.store.update(`C2C${profile.userID}`, (c) => ({ ...c, userProfile: profile }));
        }
      },
    });
    this.sender = new MessageSender({
      request,
      me,
      markOwn: (messageID) => this.receiver.markOwn(messageID),
      onStored: (message) => this.receiver.receive(message),
      onOwnStatus: (message) => this.conversations.handleOwnSend(message),
      sendTimeout: options.sendTimeout ?? DEFAULT_SEND_TIMEOUT,
      upload: (message) => uploadMedia(message, { request, absolute: (path) => this.files.absolute(path) }),
      onSent: releaseMedia,
      resolveURL,
      onRetryStatus: (message) => this.events.emit(EVENT.MESSAGE_MODIFIED, [message]),
    });
    this.actions = new MessageActions({
      request,
      me,
      resolveURL,
      conversations: this.conversations,
      events: this.events,
    });
    this.reactions = new Reactions({ request, me, events: this.events });
    this.extensions = new MessageExtensions({ request, events: this.events, logger: this.logger });
    this.found = new MessageIndex(this.events);
    this.groupData = new GroupData({ request, me, events: this.events, resolveURL });
    this.topics = new Topics({ request, me, events: this.events, resolveURL });
    this.receipts = new Receipts({ request, me, events: this.events, store: this.store });
    this.presence = new Presence({ request, me, events: this.events, onError });
    this.follows = new Follows({ request, events: this.events });
    this.translation = new Translation({ request });
    this.relations = new Relations({
      request,
      events: this.events,
      onError,
      onFriendListChanged: (list) =>
        this.store.setFriendRemarks(new Map(list.filter((f) => f.remark).map((f) => [f.userID, f.remark]))),
    });
    this.search = new Search({ request, me, resolveURL: this.files.resolve });
    this.signalling = new Signalling({ request, onError });
    this.callEngine = lazyCallEngine({ signalling: this.signalling, me, webRTC: options.webRTC });
    this.deployment = new Deployment({ request, events: this.events, isLoggedIn: () => this.session.userID !== null });
    this.SDKAppID = options.SDKAppID;
    this.tsignaling = new SignalingAPI({
      me,
      createCustomMessage: (custom) => this.createCustomMessage(custom),
      send: (message, options) => this.sender.send(message, options),
      modify: (message) => this.actions.modifyMessage(message),
      getMessageList: (list) => this.messages.getMessageList(list),
      conversations: () => this.store.getSnapshot(),
      serverTime: () => this.session.clock.seconds(),
      onError,
      logger: this.logger,
    });
    this.events.on(EVENT.MESSAGE_MODIFIED, ({ data }) => this.tsignaling.handleModified(data));
  }

  // Login and the SDK instance

  /** Connects, logs in and loads the user's state; SDK_READY follows the resolution, as Tencent's does. */
  login(options: LoginOptions): Promise<ChatResponse<{ repeatLogin: boolean }>> {
    return this.logins.login(options);
  }

  /** Logs out and closes the connection; no reconnect follows. */
  logout(): Promise<ChatResponse<Record<string, never>>> {
    return this.logins.logout();
  }

  /** The logged-in user's ID, or '' when logged out. */
  getLoginUser(): string {
    return this.session.userID ?? '';
  }

  /** The server's time in seconds (Tencent's `getServerTime`), kept from login's and the heartbeats' answers. */
  getServerTime(): number {
    return this.session.clock.seconds();
  }

  isReady(): boolean {
    return this.ready;
  }

  /**
   * Logs out, emits SDK_DESTROY ({ SDKAppID }) as Tencent's does, and forgets every listener; the
   * next `create()` for this app makes a new client.
   */
  destroy(): Promise<void> {
    forgetInstance(this);
    return this.logins.destroy(() => this.events.emit(EVENT.SDK_DESTROY, { SDKAppID: this.SDKAppID }));
  }

  on<K extends EventName>(name: K, handler: EventHandler<K>, context?: unknown): void;
  /** Any name and handler, as Tencent's declarations take them; a name no event has is never emitted. */
  // biome-ignore lint/complexity/noBannedTypes: Tencent's declared handler type, which ported code may use.
  on(name: string, handler: Function, context?: unknown): void;
  // biome-ignore lint/complexity/noBannedTypes: the overloads' union.
  on(name: string, handler: Function, context?: unknown): void {
    this.events.on(name as EventName, handler as EventHandler<EventName>, context);
  }

  off<K extends EventName>(name: K, handler: EventHandler<K>, context?: unknown): void;
  // biome-ignore lint/complexity/noBannedTypes: Tencent's declared handler type, which ported code may use.
  off(name: string, handler: Function, context?: unknown): void;
  // biome-ignore lint/complexity/noBannedTypes: the overloads' union.
  off(name: string, handler: Function, context?: unknown): void {
    this.events.off(name as EventName, handler as EventHandler<EventName>, context);
  }

  /** Like on(), for the next time only; off() with the same handler removes it before then. */
  once<K extends EventName>(name: K, handler: EventHandler<K>, context?: unknown): void {
    this.events.once(name, handler, context);
  }

  /** 0 everything, 1 release, 2 warnings and errors (the default), 3 errors, 4 nothing. */
  setLogLevel(level: number): void {
    this.logger.setLevel(level);
  }

  /**
   * Tencent's plugin map (`tim-upload-plugin`, `tim-profanity-filter-plugin`, …). Accepted and not
   * needed: files go to the Liaison server over HTTP, and the server checks words itself.
   */
  registerPlugin(plugins: object): void {
    acceptPlugins(plugins, this.logger);
  }

  // Messages: creating, sending, history, receipts, deleting, reactions, translation, search, typing (ours)

  /** A text message to send with sendMessage; status 'unSend'. Throws SDK_NOT_READY when logged out. */
  createTextMessage(options: CreateTextMessageOptions): Message {
    return createTextMessage(options, this.messageSender());
  }

  /** A text message mentioning payload.atUserList (user IDs, or TYPES.MSG_AT_ALL). */
  createTextAtMessage(options: CreateTextMessageOptions): Message {
    return this.createTextMessage(options);
  }

  /** An image (jpg, gif, png, bmp, webp) from payload.file; onProgress(0..1) as it uploads. */
  createImageMessage(options: CreateImageMessageOptions): Message {
    return createImageMessage(options, this.messageSender());
  }

  /** A voice message from payload.file (a File, Blob or recording); payload.second or measured. */
  createAudioMessage(options: CreateAudioMessageOptions): Message {
    return createAudioMessage(options, this.messageSender());
  }

  /** A video from payload.file; in a browser its first frame becomes the snapshot. */
  createVideoMessage(options: CreateVideoMessageOptions): Message {
    return createVideoMessage(options, this.messageSender());
  }

  createCustomMessage(options: CreateCustomMessageOptions): Message {
    return createCustomMessage(options, this.messageSender());
  }

  createFaceMessage(options: CreateFaceMessageOptions): Message {
    return createFaceMessage(options, this.messageSender());
  }

  createFileMessage(options: CreateFileMessageOptions): Message {
    return createFileMessage(options, this.messageSender());
  }

  createLocationMessage(options: CreateLocationMessageOptions): Message {
    return createLocationMessage(options, this.messageSender());
  }

  /** A merged chat record of 1–300 sent messages. */
  createMergerMessage(options: CreateMergerMessageOptions): Message {
    return createMergerMessage(options, this.messageSender());
  }

  /** Resolves with the merger message (or nested record) whose payload.messageList is filled. */
  downloadMergerMessage<M extends MergerLike>(message: M): Promise<ChatResponse<M>> {
    return this.call(() => this.messages.downloadMergerMessage(message));
  }

  /** A copy of payload (a sent or received message) for another conversation; nothing is re-uploaded. */
  createForwardMessage(options: CreateForwardMessageOptions): Message {
    return createForwardMessage(options, this.messageSender());
  }

  /**
   * Sends a message made by create*Message. Survives reconnects (repeated with the same ID);
   * rejects with {code, message, data: {message}} and sets status 'fail' on a server error,
   * on logout, or when no answer came within sendTimeout.
   */
  sendMessage(message: Message, options?: SendMessageOptions): Promise<ChatResponse<{ message: Message }>> {
    if (message?.ID) this.found.remember([message]);
    return this.sender.send(message, options);
  }

  /**
   * Sends again a message whose send failed, with the same ID: the server stores an ID once, so
   * nobody receives it twice (a message already sent resolves as it is, as nothing is to be done).
   */
  resendMessage(message: Message, options?: SendMessageOptions): Promise<ChatResponse<{ message: Message }>> {
    return this.call(async () => {
      requireOwnMessage(message, this.me());
      return this.sendMessage(message, options);
    });
  }

  /** A message this client has sent, received, loaded or seen change; null when it has not (as Tencent's). */
  findMessage(messageID: string): Message | null {
    return this.found.find(messageID);
  }

  /**
   * Ours (the reference has no such call): aborts the upload of a message being sent; its
   * sendMessage rejects with UPLOAD_CANCELLED (2803) and the message can be sent again.
   */
  cancelUploadMessage(message: Message): Promise<ChatResponse<{ message: Message; isCancelled: boolean }>> {
    return this.call(() => this.messages.cancelUploadMessage(message));
  }

  revokeMessage(message: Message): Promise<ChatResponse<{ message: Message }>> {
    return this.call(() => this.actions.revokeMessage(message));
  }

  modifyMessage(message: Message): Promise<ChatResponse<{ message: Message }>> {
    return this.call(() => this.actions.modifyMessage(message));
  }

  /** One page (15) of history, oldest first; pass nextReqMessageID from the previous page for older ones. */
  getMessageList(options: GetMessageListOptions): Promise<ChatResponse<MessageListResult>> {
    return this.call(async () => this.found.rememberPage(await this.messages.getMessageList(options)));
  }

  getMessageListHopping(options: GetMessageListHoppingOptions) {
    return this.call(async () => this.found.rememberPage(await this.search.getMessageListHopping(options)));
  }

  sendMessageReadReceipt(messageList: Message[]) {
    return this.call(() => this.receipts.sendMessageReadReceipt(messageList));
  }

  getMessageReadReceiptList(messageList: Message[]) {
    return this.call(() => this.receipts.getMessageReadReceiptList(messageList));
  }

  getGroupMessageReadMemberList(options: GetGroupMessageReadMemberListOptions) {
    return this.call(() => this.receipts.getGroupMessageReadMemberList(options));
  }

  deleteMessage(messageList: Message[]): Promise<ChatResponse<{ messageList: Message[] }>> {
    return this.call(() => this.actions.deleteMessage(messageList));
  }

  addMessageReaction(message: Message, reactionID: string) {
    return this.call(() => this.reactions.addMessageReaction(message, reactionID));
  }

  removeMessageReaction(message: Message, reactionID: string) {
    return this.call(() => this.reactions.removeMessageReaction(message, reactionID));
  }

  getMessageReactions(options: GetMessageReactionsOptions) {
    return this.call(() => this.reactions.getMessageReactions(options));
  }

  getAllUserListOfMessageReaction(options: GetAllUserListOptions) {
    return this.call(() => this.reactions.getAllUserListOfMessageReaction(options));
  }

  setMessageExtensions(
    message: Message,
    extensions: Array<{ key: string; value: string }>,
  ): Promise<ChatResponse<{ extensions: ExtensionResult[] }>> {
    return this.call(() => this.extensions.setMessageExtensions(message, extensions));
  }

  /** Tencent declares a keyList it never reads: every key with a value is answered. */
  // biome-ignore lint/complexity/noBannedTypes: Tencent declares the keys as String objects.
  getMessageExtensions(message: Message, _keyList?: Array<string | String>) {
    return this.call(() => this.extensions.getMessageExtensions(message));
  }

  deleteMessageExtensions(
    message: Message,
    // biome-ignore lint/complexity/noBannedTypes: Tencent declares the keys as String objects.
    keyList?: Array<string | String>,
  ): Promise<ChatResponse<{ extensions: ExtensionResult[] }>> {
    return this.call(() =>
      this.extensions.deleteMessageExtensions(message, Array.isArray(keyList) ? keyList.map(String) : keyList),
    );
  }

  translateText(options: TranslateTextOptions) {
    return this.call(() => this.translation.translateText(options));
  }

  convertVoiceToText(options: { message: Message; language?: string }) {
    return this.call(() => this.translation.convertVoiceToText(options));
  }

  searchCloudMessages(options: SearchCloudMessagesOptions) {
    return this.call(() => this.search.searchCloudMessages(options));
  }

  enterTypingState(options: { conversationID: string }) {
    return this.call(() => this.presence.enterTypingState(options));
  }

  leaveTypingState(options: { conversationID: string }) {
    return this.call(() => this.presence.leaveTypingState(options));
  }

  // Conversations

  getConversationList(
    options?: string[] | GetConversationListFilter,
  ): Promise<ChatResponse<{ conversationList: Conversation[]; isSyncCompleted: boolean }>> {
    return this.call(() => this.conversations.getConversationList(options));
  }

  getConversationProfile(conversationID: string): Promise<ChatResponse<{ conversation: Conversation }>> {
    return this.call(() => this.conversations.getConversationProfile(conversationID));
  }

  deleteConversation(conversationID: string): Promise<ChatResponse<{ conversationID: string }>>;
  deleteConversation(options: DeleteConversationOptions): Promise<ChatResponse<{ conversationIDList: string[] }>>;
  // Tencent declares one signature taking either form; a caller holding the union needs it too.
  deleteConversation(
    options: string | DeleteConversationOptions,
  ): Promise<ChatResponse<{ conversationID: string } | { conversationIDList: string[] }>>;
  deleteConversation(options: string | DeleteConversationOptions) {
    return this.call(() => this.conversations.deleteConversation(options));
  }

  pinConversation(options: { conversationID: string; isPinned: boolean }): Promise<ChatResponse<ConversationResult>> {
    return this.call(() => this.conversations.pinConversation(options));
  }

  setMessageRead(options: { conversationID: string }): Promise<ChatResponse<ConversationResult>> {
    return this.call(() => this.conversations.setMessageRead(options));
  }

  setMessageRemindType(options: SetMessageRemindTypeOptions): Promise<ChatResponse<ConversationResult>> {
    return this.call(() => this.conversations.setMessageRemindType(options));
  }

  /** Unread messages in conversations that notify; synchronous, from local state. */
  getTotalUnreadMessageCount(): number {
    return this.store.getTotalUnreadCount();
  }

  setConversationDraft(options: {
    conversationID: string;
    draftText: string;
  }): Promise<ChatResponse<ConversationResult>> {
    return this.call(() => this.conversations.setConversationDraft(options));
  }

  clearHistoryMessage(conversationID: string): Promise<ChatResponse<{ conversationID: string }>> {
    return this.call(() => this.conversationSettings.clearHistoryMessage(conversationID));
  }

  setAllMessageRead(options?: { scope?: string }): Promise<ChatResponse<Record<string, never>>> {
    return this.call(() => this.conversationSettings.setAllMessageRead(options));
  }

  setAllReceiveMessageOpt(options?: SetAllReceiveMessageOptOptions): Promise<ChatResponse<Record<string, never>>> {
    return this.call(() => this.conversationSettings.setAllReceiveMessageOpt(options));
  }

  getAllReceiveMessageOpt() {
    return this.call(() => this.conversationSettings.getAllReceiveMessageOpt());
  }

  setConversationCustomData(options: {
    conversationIDList: string[];
    customData: string;
  }): Promise<ChatResponse<ConversationOperationResult>> {
    return this.call(() => this.conversationSettings.setConversationCustomData(options));
  }

  markConversation(options: {
    conversationIDList: string[];
    markType: number;
    enableMark: boolean;
  }): Promise<ChatResponse<ConversationOperationResult>> {
    return this.call(() => this.conversationSettings.markConversation(options));
  }

  getConversationGroupList(): Promise<ChatResponse<string[]>> {
    return this.call(() => this.conversationSettings.getConversationGroupList());
  }

  createConversationGroup(options: {
    groupName: string;
    conversationIDList: string[];
  }): Promise<ChatResponse<ConversationOperationResult>> {
    return this.call(() => this.conversationSettings.createConversationGroup(options));
  }

  deleteConversationGroup(groupName: string): Promise<ChatResponse<Record<string, never>>> {
    return this.call(() => this.conversationSettings.deleteConversationGroup(groupName));
  }

  renameConversationGroup(options: { oldName: string; newName: string }): Promise<ChatResponse<Record<string, never>>> {
    return this.call(() => this.conversationSettings.renameConversationGroup(options));
  }

  addConversationsToGroup(options: {
    groupName: string;
    conversationIDList: string[];
  }): Promise<ChatResponse<ConversationOperationResult>> {
    return this.call(() => this.conversationSettings.addConversationsToGroup(options));
  }

  deleteConversationsFromGroup(options: {
    groupName: string;
    conversationIDList: string[];
  }): Promise<ChatResponse<ConversationOperationResult>> {
    return this.call(() => this.conversationSettings.deleteConversationsFromGroup(options));
  }

  // Profiles and relations: profiles, user status, blocklist, user search (ours)

  getMyProfile(): Promise<ChatResponse<Profile>> {
    return this.call(() => this.profiles.getMyProfile());
  }

  getUserProfile(options: { userIDList: string[] }): Promise<ChatResponse<Profile[]>> {
    return this.call(() => this.profiles.getUserProfile(options));
  }

  updateMyProfile(options: UpdateMyProfileOptions): Promise<ChatResponse<Profile>> {
    return this.call(() => this.profiles.updateMyProfile(options));
  }

  getUserStatus(options: { userIDList: string[] }) {
    return this.call(() => this.presence.getUserStatus(options));
  }

  setSelfStatus(options: { customStatus: string }) {
    return this.call(() => this.presence.setSelfStatus(options));
  }

  subscribeUserStatus(options: { userIDList: string[] }) {
    return this.call(() => this.presence.subscribeUserStatus(options));
  }

  unsubscribeUserStatus(options?: { userIDList?: string[] }) {
    return this.call(() => this.presence.unsubscribeUserStatus(options));
  }

  getBlacklist() {
    return this.call(() => this.relations.blacklist.getBlacklist());
  }

  addToBlacklist(options: { userIDList: string[] }) {
    return this.call(() => this.relations.blacklist.addToBlacklist(options));
  }

  removeFromBlacklist(options: { userIDList: string[] }) {
    return this.call(() => this.relations.blacklist.removeFromBlacklist(options));
  }

  searchUsers(options: { keyword: string }) {
    return this.call(() => searchUsers(this.session.request, options));
  }

  searchCloudUsers(options: SearchCloudUsersOptions) {
    return this.call(() => this.search.searchCloudUsers(options));
  }

  // Friends and friend requests

  getFriendList() {
    return this.call(() => this.relations.friends.getFriendList());
  }

  addFriend(options: AddFriendOptions) {
    return this.call(() => this.relations.friends.addFriend(options));
  }

  deleteFriend(options: DeleteFriendOptions) {
    return this.call(() => this.relations.friends.deleteFriend(options));
  }

  checkFriend(options: CheckFriendOptions) {
    return this.call(() => this.relations.friends.checkFriend(options));
  }

  getFriendProfile(options: { userIDList: string[] }) {
    return this.call(() => this.relations.friends.getFriendProfile(options));
  }

  updateFriend(options: UpdateFriendOptions) {
    return this.call(() => this.relations.friends.updateFriend(options));
  }

  getFriendApplicationList() {
    return this.call(() => this.relations.applications.getFriendApplicationList());
  }

  acceptFriendApplication(options: AcceptFriendApplicationOptions) {
    return this.call(() => this.relations.applications.acceptFriendApplication(options));
  }

  refuseFriendApplication(options: { userID: string }) {
    return this.call(() => this.relations.applications.refuseFriendApplication(options));
  }

  deleteFriendApplication(options: DeleteFriendApplicationOptions) {
    return this.call(() => this.relations.applications.deleteFriendApplication(options));
  }

  setFriendApplicationRead() {
    return this.call(() => this.relations.applications.setFriendApplicationRead());
  }

  // Friend groups

  getFriendGroupList() {
    return this.call(() => this.relations.friendGroups.getFriendGroupList());
  }

  createFriendGroup(options: { name: string; userIDList?: string[] }) {
    return this.call(() => this.relations.friendGroups.createFriendGroup(options));
  }

  deleteFriendGroup(options: { name: string }) {
    return this.call(() => this.relations.friendGroups.deleteFriendGroup(options));
  }

  renameFriendGroup(options: { oldName: string; newName: string }) {
    return this.call(() => this.relations.friendGroups.renameFriendGroup(options));
  }

  addToFriendGroup(options: { name: string; userIDList: string[] }) {
    return this.call(() => this.relations.friendGroups.addToFriendGroup(options));
  }

  removeFromFriendGroup(options: { name: string; userIDList: string[] }) {
    return this.call(() => this.relations.friendGroups.removeFromFriendGroup(options));
  }

  // Follows

  followUser(userIDList: string[]) {
    return this.call(() => this.follows.followUser(userIDList));
  }

  unfollowUser(userIDList: string[]) {
    return this.call(() => this.follows.unfollowUser(userIDList));
  }

  getMyFollowersList(nextCursor?: string) {
    return this.call(() => this.follows.getMyFollowersList(nextCursor));
  }

  getMyFollowingList(nextCursor?: string) {
    return this.call(() => this.follows.getMyFollowingList(nextCursor));
  }

  getMutualFollowersList(nextCursor?: string) {
    return this.call(() => this.follows.getMutualFollowersList(nextCursor));
  }

  getUserFollowInfo(userIDList?: string[]) {
    return this.call(() => this.follows.getUserFollowInfo(userIDList));
  }

  checkFollowType(userIDList: string[]) {
    return this.call(() => this.follows.checkFollowType(userIDList));
  }

  // Groups

  getGroupList(): Promise<ChatResponse<{ groupList: Group[] }>> {
    return this.call(() => this.groups.getGroupList());
  }

  getGroupProfile(options: {
    groupID: string;
    groupCustomFieldFilter?: string[];
  }): Promise<ChatResponse<{ group: Group }>> {
    return this.call(() => this.groups.getGroupProfile(options));
  }

  createGroup(options: CreateGroupOptions): Promise<ChatResponse<{ group: Group }>> {
    return this.call(() => this.groups.createGroup(options));
  }

  dismissGroup(groupID: string): Promise<ChatResponse<{ groupID: string }>> {
    return this.call(() => this.groupAdmin.dismissGroup(groupID));
  }

  updateGroupProfile(options: UpdateGroupProfileOptions): Promise<ChatResponse<{ group: Group }>> {
    return this.call(() => this.groupAdmin.updateGroupProfile(options));
  }

  /** JOIN_STATUS_SUCCESS, JOIN_STATUS_WAIT_APPROVAL (a Public group asking permission) or JOIN_STATUS_ALREADY_IN_GROUP. */
  joinGroup(options: {
    groupID: string;
    applyMessage?: string;
    type?: string;
  }): Promise<ChatResponse<{ status: JoinStatus; group: Group }>> {
    return this.call(() => this.groupAdmin.joinGroup(options));
  }

  quitGroup(groupID: string): Promise<ChatResponse<{ groupID: string }>> {
    return this.call(() => this.groupAdmin.quitGroup(groupID));
  }

  searchGroupByID(groupID: string): Promise<ChatResponse<{ group: Group }>> {
    return this.call(() => this.groupAdmin.searchGroupByID(groupID));
  }

  searchCloudGroups(options: SearchCloudGroupsOptions) {
    return this.call(() => this.search.searchCloudGroups(options));
  }

  getGroupOnlineMemberCount(groupID: string): Promise<ChatResponse<{ memberCount: number }>> {
    return this.call(() => this.groupAdmin.getGroupOnlineMemberCount(groupID));
  }

  changeGroupOwner(options: { groupID: string; newOwnerID: string }): Promise<ChatResponse<{ group: Group }>> {
    return this.call(() => this.groupAdmin.changeGroupOwner(options));
  }

  handleGroupApplication(options: HandleGroupApplicationOptions): Promise<ChatResponse<{ group: Group }>> {
    return this.call(() => this.groupAdmin.handleGroupApplication(options));
  }

  /** Join requests to the groups I own or administer. */
  getGroupApplicationList() {
    return this.call(() => this.groupAdmin.getGroupApplicationList());
  }

  // Group members

  getGroupMemberList(options: {
    groupID: string;
    count?: number;
    offset?: number | string;
    role?: string;
    filter?: number;
  }): Promise<ChatResponse<{ memberList: GroupMember[]; offset: number }>> {
    return this.call(() => this.groups.getGroupMemberList(options));
  }

  getGroupMemberProfile(options: { groupID: string; userIDList: string[] }) {
    return this.call(() => this.groupAdmin.getGroupMemberProfile(options));
  }

  addGroupMember(options: { groupID: string; userIDList: string[] }) {
    return this.call(() => this.groupAdmin.addGroupMember(options));
  }

  deleteGroupMember(options: { groupID: string; userIDList: string[]; reason?: string }) {
    return this.call(() => this.groupAdmin.deleteGroupMember(options));
  }

  /** muteTime in seconds from now; 0 cancels. */
  setGroupMemberMuteTime(options: { groupID: string; userID: string; muteTime: number }) {
    return this.call(() => this.groupAdmin.setGroupMemberMuteTime(options));
  }

  setGroupMemberRole(options: {
    groupID: string;
    userID: string;
    role: 'Admin' | 'Member';
  }): Promise<ChatResponse<{ group: Group }>> {
    return this.call(() => this.groupAdmin.setGroupMemberRole(options));
  }

  setGroupMemberNameCard(options: {
    groupID: string;
    userID?: string;
    nameCard: string;
  }): Promise<ChatResponse<{ group: Group }>> {
    return this.call(() => this.groupAdmin.setGroupMemberNameCard(options));
  }

  setGroupMemberCustomField(options: {
    groupID: string;
    userID?: string;
    memberCustomField: Array<{ key: string; value: string }>;
  }): Promise<ChatResponse<{ group: Group }>> {
    return this.call(() => this.groupAdmin.setGroupMemberCustomField(options));
  }

  markGroupMemberList(options: { groupID: string; userIDList: string[]; markType: number; enableMark: boolean }) {
    return this.call(() => this.groupAdmin.markGroupMemberList(options));
  }

  searchCloudGroupMembers(options: SearchCloudGroupMembersOptions) {
    return this.call(() => this.search.searchCloudGroupMembers(options));
  }

  // Experimental apis and the deployment

  /**
   * Tencent's experimental apis its kits call (docs/sdk.md, Deployment plans): isCommercialAbilityEnabled
   * resolves { enabled } from the operator's switches; canIUseModule is true; the statistics and
   * reporting apis send nothing anywhere; an api Tencent's runtime does not know rejects with 2905.
   */
  callExperimentalAPI(
    api: 'isCommercialAbilityEnabled',
    key: number | string,
  ): Promise<ChatResponse<{ enabled: boolean }>>;
  callExperimentalAPI(api: 'canIUseModule', param?: unknown): boolean;
  callExperimentalAPI(api: 'isFeatureEnabledForStat' | 'statTUIKeyFeatures', param?: unknown): undefined;
  callExperimentalAPI(
    api: 'reportTUIFeatureUsage' | 'reportModalView',
    param?: unknown,
  ): Promise<ChatResponse<Record<string, never>>>;
  callExperimentalAPI(api: string, param?: unknown): Promise<never>;
  callExperimentalAPI(api: string, param?: unknown): unknown {
    return this.deployment.callExperimentalAPI(api, param);
  }

  // Group attributes, counters and pinned messages

  initGroupAttributes(options: { groupID: string; groupAttributes: Record<string, string> }) {
    return this.call(() => this.groupData.initGroupAttributes(options));
  }

  setGroupAttributes(options: { groupID: string; groupAttributes: Record<string, string> }) {
    return this.call(() => this.groupData.setGroupAttributes(options));
  }

  deleteGroupAttributes(options: { groupID: string; keyList: string[] }) {
    return this.call(() => this.groupData.deleteGroupAttributes(options));
  }

  getGroupAttributes(options: { groupID: string; keyList?: string[] }) {
    return this.call(() => this.groupData.getGroupAttributes(options));
  }

  setGroupCounters(options: { groupID: string; counters: Record<string, number> }) {
    return this.call(() => this.groupData.setGroupCounters(options));
  }

  increaseGroupCounter(options: { groupID: string; key: string; value: number }) {
    return this.call(() => this.groupData.increaseGroupCounter(options));
  }

  decreaseGroupCounter(options: { groupID: string; key: string; value: number }) {
    return this.call(() => this.groupData.decreaseGroupCounter(options));
  }

  getGroupCounters(options: { groupID: string; keyList?: string[] }) {
    return this.call(() => this.groupData.getGroupCounters(options));
  }

  pinGroupMessage(options: { groupID: string; message: Pick<Message, 'ID'>; isPinned: boolean }) {
    return this.call(() => this.groupData.pinGroupMessage(options));
  }

  getPinnedGroupMessageList(groupID: string) {
    return this.call(() => this.groupData.getPinnedGroupMessageList(groupID));
  }

  // Communities and topics

  getJoinedCommunityList() {
    return this.call(() => this.topics.getJoinedCommunityList());
  }

  createTopicInCommunity(options: CreateTopicOptions) {
    return this.call(() => this.topics.createTopicInCommunity(options));
  }

  deleteTopicFromCommunity(options: TopicListOptions) {
    return this.call(() => this.topics.deleteTopicFromCommunity(options));
  }

  updateTopicProfile(options: UpdateTopicOptions) {
    return this.call(() => this.topics.updateTopicProfile(options));
  }

  getTopicList(options: TopicListOptions) {
    return this.call(() => this.topics.getTopicList(options));
  }

  // Signalling and calls

  /** Voice and video calls (the reference TUICallEngine's shape), one engine per instance. */
  getCallEngine(): CallEngine {
    return this.callEngine();
  }

  addSignalingListener(eventName: string, handler: SignalingHandler, context?: unknown): void;
  // biome-ignore lint/complexity/noBannedTypes: Tencent's declared handler type, which ported code may use.
  addSignalingListener(eventName: string, handler: Function, context?: unknown): void;
  // biome-ignore lint/complexity/noBannedTypes: the overloads' union.
  addSignalingListener(eventName: string, handler: Function, context?: unknown): void {
    this.tsignaling.addSignalingListener(eventName, handler as SignalingHandler, context);
  }

  removeSignalingListener(eventName: string, handler: SignalingHandler, context?: unknown): void;
  // biome-ignore lint/complexity/noBannedTypes: Tencent's declared handler type, which ported code may use.
  removeSignalingListener(eventName: string, handler: Function, context?: unknown): void;
  // biome-ignore lint/complexity/noBannedTypes: the overloads' union.
  removeSignalingListener(eventName: string, handler: Function, context?: unknown): void {
    this.tsignaling.removeSignalingListener(eventName, handler as SignalingHandler, context);
  }

  /** Resolves with `inviteID` (beside `data`, and in it); the invitee gets NEW_INVITATION_RECEIVED. */
  invite(options: InviteOptions): Promise<SignalingResponse> {
    return this.call(() => this.tsignaling.invite(options));
  }

  /** The inviteID at once; successCb({inviteID}) once sent, errorCb(code, message) if not. */
  inviteSync(
    options: InviteOptions,
    successCb?: (result: { inviteID: string }) => void,
    errorCb?: (code: number, message: string) => void,
  ): string;
  // biome-ignore lint/complexity/noBannedTypes: Tencent's declared callback types, which ported code may use.
  inviteSync(options: InviteOptions, successCb?: Function, errorCb?: Function): string;
  // biome-ignore lint/complexity/noBannedTypes: the overloads' union.
  inviteSync(options: InviteOptions, successCb?: Function, errorCb?: Function): string {
    return this.tsignaling.inviteSync(
      options,
      false,
      successCb as ((result: { inviteID: string }) => void) | undefined,
      errorCb as ((code: number, message: string) => void) | undefined,
    );
  }

  inviteInGroup(options: InviteInGroupOptions): Promise<SignalingResponse> {
    return this.call(() => this.tsignaling.inviteInGroup(options));
  }

  inviteInGroupSync(
    options: InviteInGroupOptions,
    successCb?: (result: { inviteID: string }) => void,
    errorCb?: (code: number, message: string) => void,
  ): string;
  // biome-ignore lint/complexity/noBannedTypes: Tencent's declared callback types, which ported code may use.
  inviteInGroupSync(options: InviteInGroupOptions, successCb?: Function, errorCb?: Function): string;
  // biome-ignore lint/complexity/noBannedTypes: the overloads' union.
  inviteInGroupSync(options: InviteInGroupOptions, successCb?: Function, errorCb?: Function): string {
    return this.tsignaling.inviteSync(
      options,
      true,
      successCb as ((result: { inviteID: string }) => void) | undefined,
      errorCb as ((code: number, message: string) => void) | undefined,
    );
  }

  cancel(options: InvitationHandleOptions): Promise<SignalingResponse> {
    return this.call(() => this.tsignaling.cancel(options));
  }

  accept(options: InvitationHandleOptions): Promise<SignalingResponse> {
    return this.call(() => this.tsignaling.accept(options));
  }

  reject(options: InvitationHandleOptions): Promise<SignalingResponse> {
    return this.call(() => this.tsignaling.reject(options));
  }

  modifyInvitation(options: { inviteID: string; data: string }): Promise<ChatResponse<{ message: Message }>> {
    return this.call(() => this.tsignaling.modifyInvitation(options));
  }

  getSignalingInfo(message: Message): Signaling | null {
    return this.tsignaling.getSignalingInfo(message);
  }

  // Internals

  private async performLogin(options: LoginOptions, epoch: number): Promise<void> {
    this.pushBuffer = [];
    this.receiver.pause();
    try {
      const result = await this.session.login({ userID: options.userID, userSig: options.userSig });
      this.assertCurrent(epoch);
      this.profiles.accept(result.profile, { isMine: true, silent: true });
      // The file token first, so that the messages handed out from here carry it.
      const fileToken = this.files.refresh();
      const { conversationList } = await this.session.request('getConversationList', {});
      await fileToken;
      this.assertCurrent(epoch);
      this.receiver.seed(conversationList);
      this.conversations.load(conversationList);
    } catch (error) {
      if (this.logins.isCurrent(epoch)) {
        this.session.stop();
        this.clearState();
      }
      throw toLiaisonError(error);
    }
  }

  /** After login() resolved: SDK_READY, then the pushes held while logging in, and the lists loaded after. */
  private announceReady(): void {
    this.ready = true;
    this.events.emit(EVENT.SDK_READY, undefined);
    this.flushConversationEvents();
    this.receiver.resume();
    const buffered = this.pushBuffer ?? [];
    this.pushBuffer = null;
    for (const push of buffered) this.handlePush(push);
    void this.groups.load();
    void this.relations.load();
    void this.tsignaling.handleReady();
  }

  private async handleReconnected(result: LoginResult): Promise<void> {
    const epoch = this.logins.epoch;
    const round = ++this.reconnectRound;
    this.profiles.accept(result.profile, { isMine: true });
    this.logger.info('reconnected; catching up');
    this.events.emit(EVENT.NET_STATE_CHANGE, { state: TYPES.NET_STATE_CONNECTED });
    void this.presence.handleReconnected();
    void this.signalling.handleReconnected();
    await this.catchUpAfterReconnect(epoch, round, 0);
  }

  /**
   * Fetches what the conversations hold beyond what this client saw before the line went. One
   * that fails (the server could not read its storage) is tried again after a backoff, until it
   * succeeds or the session moves on (logout, the next reconnect): otherwise what arrived while
   * the line was down would stay missing until a later message in the same conversation.
   */
  private async catchUpAfterReconnect(epoch: number, round: number, failures: number): Promise<void> {
    const isCurrent = () => this.logins.isCurrent(epoch) && this.reconnectRound === round;
    this.receiver.pause();
    try {
      const since = this.store.activityMark();
      const fileToken = this.files.refresh();
      const { conversationList } = await this.session.request('getConversationList', {});
      await fileToken;
      if (!isCurrent()) return;
      this.conversations.refresh(conversationList, since);
      const caughtUp = this.receiver.catchUp(conversationList);
      this.receiver.resume();
      void this.sender.retryAfterReconnect();
      void this.groups.load();
      void this.relations.load();
      await caughtUp;
    } catch (error) {
      if (!isCurrent()) return;
      this.receiver.resume();
      this.reportError(error);
      const retry = setTimeout(
        () => void (isCurrent() && this.catchUpAfterReconnect(epoch, round, failures + 1)),
        backoffDelay(failures, CATCH_UP_BACKOFF),
      );
      (retry as { unref?: () => void }).unref?.();
    }
  }

  private handlePush(push: KnownPush): void {
    if (this.pushBuffer) {
      this.pushBuffer.push(push);
      return;
    }
    switch (push.event) {
      case 'message':
        this.receiver.receive(push.data.message);
        return;
      case 'sequenceHint':
        this.receiver.hint(push.data);
        return;
      case 'messageUpdated':
        this.actions.handleUpdated(push.data.message);
        return;
      case 'messagesDeleted':
        this.actions.handleDeleted(push.data);
        return;
      case 'conversation':
      case 'conversationDeleted':
        this.conversations.handlePush(push);
        return;
      case 'conversations':
      case 'conversationGroups':
      case 'receiveMessageOpt':
        this.conversationSettings.handlePush(push);
        return;
      case 'profile':
        this.profiles.accept(push.data.profile, { isMine: push.data.profile.userID === this.session.userID });
        return;
      case 'groupList':
        void this.groups.handlePush(push.data);
        return;
      case 'groupSystemNotice':
        this.groupAdmin.handleNotice(push.data.message);
        return;
      case 'relations':
        this.relations.handlePush(push.data);
        return;
      case 'follow':
        this.follows.handlePush(push.data);
        return;
      case 'typing':
        this.presence.handleTyping(push.data);
        return;
      case 'messageReaction':
        this.reactions.handlePush(push.data);
        return;
      case 'messageExtensions':
        this.extensions.handlePush(push.data);
        return;
      case 'groupAttributes':
        this.groupData.handleAttributes(push.data);
        return;
      case 'groupCounters':
        this.groupData.handleCounters(push.data);
        return;
      case 'pinnedGroupMessage':
        this.groupData.handlePinned(push.data);
        return;
      case 'topicCreated':
      case 'topicDeleted':
      case 'topicUpdated':
        this.topics.handlePush(push);
        return;
      case 'readReceipt':
        this.receipts.handleReadReceipt(push.data);
        return;
      case 'peerRead':
        this.receipts.handlePeerRead(push.data);
        return;
      case 'userStatus':
        this.presence.handleUserStatus(push.data);
        return;
      case 'call':
        this.signalling.handleCall(push.data);
        return;
      case 'callSignal':
        this.signalling.handleSignal(push.data);
        return;
      case 'deploymentAbilities':
        this.deployment.handlePush(push.data.abilities);
        return;
      case 'kicked':
        // The session handles this before it gets here.
        return;
    }
  }

  private handleKicked(type: KickedOutType): void {
    this.logins.end();
    const wasReady = this.ready;
    this.events.emit(EVENT.KICKED_OUT, { type });
    this.clearState();
    if (wasReady) this.events.emit(EVENT.SDK_NOT_READY, undefined);
  }

  private clearState(): void {
    this.ready = false;
    this.files.stop();
    this.pushBuffer = null;
    this.receiver.reset();
    this.actions.reset();
    this.reactions.reset();
    this.extensions.reset();
    this.found.clear();
    this.topics.reset();
    this.receipts.reset();
    this.sender.forgetRetries();
    this.store.clear();
    this.groups.reset();
    this.relations.reset();
    this.presence.reset();
    this.signalling.reset();
    this.tsignaling.reset();
    this.profiles.reset();
    this.deployment.reset();
    this.emittedList = null;
    this.emittedTotal = null;
  }

  /** Conversation events are coalesced: many changes in one tick give one event each. */
  private scheduleConversationEvents(): void {
    if (!this.ready || this.isEmitScheduled) return;
    this.isEmitScheduled = true;
    queueMicrotask(() => {
      this.isEmitScheduled = false;
      this.flushConversationEvents();
    });
  }

  private flushConversationEvents(): void {
    if (!this.ready) return;
    const list = this.store.getSnapshot();
    if (list !== this.emittedList) {
      this.emittedList = list;
      this.events.emit(EVENT.CONVERSATION_LIST_UPDATED, [...list]);
    }
    const total = this.store.getTotalUnreadCount();
    if (total !== this.emittedTotal) {
      this.emittedTotal = total;
      this.events.emit(EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED, total);
    }
  }

  private reportError(error: unknown): void {
    const liaisonError = toLiaisonError(error);
    // Work cut short by logout is not an error anyone needs to hear about.
    if (liaisonError.code === ErrorCode.SDK_NOT_READY) return;
    this.logger.warn(`error ${liaisonError.code}: ${liaisonError.message}`);
    this.events.emit(EVENT.ERROR, { code: liaisonError.code, message: liaisonError.message });
  }

  /** The logged-in user as the sender of a new message. */
  private messageSender(): Sender {
    const mine = this.profiles.myProfile;
    return { userID: this.me(), nick: mine?.nick ?? '', avatar: mine?.avatar ?? '' };
  }

  private me(): string {
    const userID = this.session.userID;
    if (userID === null) throw new LiaisonError(ErrorCode.SDK_NOT_READY);
    return userID;
  }

  private assertCurrent(epoch: number): void {
    if (!this.logins.isCurrent(epoch)) throw new LiaisonError(ErrorCode.SDK_NOT_READY, 'Logged out during login');
  }

  /** Runs an API call, turning anything thrown into a rejected LiaisonError. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toLiaisonError(error);
    }
  }
}
