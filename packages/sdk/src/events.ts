import type {
  ErrorBody,
  Friend,
  FriendApplication,
  FriendGroup,
  GroupProfile,
  Profile,
  ReceiveMessageOpt,
  UserStatus,
} from '@liaison/protocol';
import type { Conversation } from './conversation-model';
import { Logger } from './core/logger';
import { EVENT, type EventName, type KickedOutType, type NetState } from './core/types';
import type { Message, MessageOf, MessageReaction } from './message-types';
import type { Topic } from './topic-model';

/** The `data` each event carries. */
export interface EventDataMap {
  [EVENT.SDK_READY]: undefined;
  [EVENT.SDK_NOT_READY]: undefined;
  [EVENT.MESSAGE_RECEIVED]: Message[];
  [EVENT.MESSAGE_MODIFIED]: Message[];
  [EVENT.MESSAGE_REVOKED]: Message[];
  [EVENT.MESSAGE_DELETED]: { conversationID: string; messageIDList: string[] };
  [EVENT.MESSAGE_REACTIONS_UPDATED]: { conversationID: string; messageID: string; reactionList: MessageReaction[] };
  [EVENT.MESSAGE_EXTENSIONS_UPDATED]: { messageID: string; extensions: Array<{ key: string; value: string }> };
  [EVENT.MESSAGE_EXTENSIONS_DELETED]: { messageID: string; keyList: string[] };
  [EVENT.MESSAGE_READ_RECEIPT_RECEIVED]: ReadReceiptUpdate[];
  [EVENT.USER_STATUS_UPDATED]: UserStatus[];
  [EVENT.TYPING_STATUS_CHANGED]: { conversationID: string; userID: string; isTyping: boolean };
  [EVENT.CONVERSATION_LIST_UPDATED]: Conversation[];
  [EVENT.TOTAL_UNREAD_MESSAGE_COUNT_UPDATED]: number;
  [EVENT.NET_STATE_CHANGE]: { state: NetState };
  [EVENT.KICKED_OUT]: { type: KickedOutType };
  [EVENT.PROFILE_UPDATED]: Profile[];
  [EVENT.GROUP_LIST_UPDATED]: GroupProfile[];
  [EVENT.GROUP_SYSTEM_NOTICE_RECEIVED]: { message: MessageOf<'TIMGroupSystemNoticeElem'>; type: number };
  [EVENT.FRIEND_LIST_UPDATED]: Friend[];
  [EVENT.FRIEND_APPLICATION_LIST_UPDATED]: { friendApplicationList: FriendApplication[]; unreadCount: number };
  [EVENT.BLACKLIST_UPDATED]: string[];
  [EVENT.FRIEND_GROUP_LIST_UPDATED]: FriendGroup[];
  [EVENT.MY_FOLLOWERS_LIST_UPDATED]: FollowListChange;
  [EVENT.MY_FOLLOWING_LIST_UPDATED]: FollowListChange;
  [EVENT.MUTUAL_FOLLOWERS_LIST_UPDATED]: FollowListChange;
  [EVENT.GROUP_ATTRIBUTES_UPDATED]: {
    groupID: string;
    groupAttributes: Record<string, string>;
    updatedKeyList: string[];
    deletedKeyList: string[];
  };
  [EVENT.GROUP_COUNTER_UPDATED]: { groupID: string; key: string; value: number };
  [EVENT.PINNED_GROUP_MESSAGE_UPDATED]: {
    groupID: string;
    /** With pinnerInfo when pinned. */
    message: Message & { pinnerInfo?: { userID: string; nick: string; avatar: string } };
    isPinned: boolean;
    operatorInfo: { userID: string; nick: string; avatar: string };
  };
  [EVENT.TOPIC_CREATED]: { groupID: string; topicID: string };
  [EVENT.TOPIC_DELETED]: { groupID: string; topicIDList: string[] };
  [EVENT.TOPIC_UPDATED]: { groupID: string; topic: Topic };
  [EVENT.ERROR]: ErrorBody;
  [EVENT.SDK_DESTROY]: { SDKAppID: number };
  [EVENT.SERVER_CONFIG_UPDATED]: { config: Record<string, unknown> };
  [EVENT.ROOM_CUSTOM_DATA_RECEIVED]: unknown;
  [EVENT.MESSAGE_READ_BY_PEER]: Message[];
  [EVENT.CONVERSATION_GROUP_LIST_UPDATED]: string[];
  [EVENT.CONVERSATION_IN_GROUP_UPDATED]: { groupName: string; conversationList: Conversation[] };
  [EVENT.ALL_RECEIVE_MESSAGE_OPT_UPDATED]: ReceiveMessageOpt;
}

/**
 * A follow list gained users (isAdd: their profiles) or lost them (their userIDs), as Tencent's
 * runtime reports both.
 */
export type FollowListChange = { userInfoList: Profile[]; isAdd: true } | { userInfoList: string[]; isAdd: false };

/** One of my sent messages: C2C read by the peer, or a group message's read counts. */
export interface ReadReceiptUpdate {
  conversationID: string;
  messageID: string;
  isPeerRead: boolean;
  readCount: number;
  unreadCount: number;
}

/** What a listener receives, as the reference SDK: `{ name, data }`. */
export interface ChatEvent<K extends EventName = EventName> {
  name: K;
  data: EventDataMap[K];
}

export type EventHandler<K extends EventName> = (event: ChatEvent<K>) => void;

interface Listener<K extends EventName> {
  handler: EventHandler<K>;
  context: unknown;
  /** Added by once(): removed before its first call. */
  isOnce?: true;
}

/** Writes through a generic key need a cast: TypeScript cannot narrow `ListenerTable[K]` for writes. */
type ListenerTable = { [K in EventName]?: Listener<K>[] };

/** A small typed emitter. A listener that throws is reported on the console, never breaks the SDK. */
export class Emitter {
  private listeners: ListenerTable = {};

  constructor(private readonly logger: Logger = new Logger()) {}

  on<K extends EventName>(name: K, handler: EventHandler<K>, context?: unknown): void {
    const list: Listener<K>[] = this.listeners[name] ?? [];
    if (list.some((item) => item.handler === handler && item.context === context)) return;
    this.listeners[name] = [...list, { handler, context }] as ListenerTable[K];
  }

  /** Like on(), for the next emit only (Tencent's once). */
  once<K extends EventName>(name: K, handler: EventHandler<K>, context?: unknown): void {
    const list: Listener<K>[] = this.listeners[name] ?? [];
    this.listeners[name] = [...list, { handler, context, isOnce: true }] as ListenerTable[K];
  }

  off<K extends EventName>(name: K, handler: EventHandler<K>, context?: unknown): void {
    const list: Listener<K>[] | undefined = this.listeners[name];
    if (!list) return;
    this.listeners[name] = list.filter(
      (item) => !(item.handler === handler && (context === undefined || item.context === context)),
    ) as ListenerTable[K];
  }

  emit<K extends EventName>(name: K, data: EventDataMap[K]): void {
    const list: Listener<K>[] | undefined = this.listeners[name];
    if (!list) return;
    const event: ChatEvent<K> = { name, data };
    if (list.some((item) => item.isOnce)) {
      this.listeners[name] = list.filter((item) => !item.isOnce) as ListenerTable[K];
    }
    for (const { handler, context } of list) {
      try {
        handler.call(context, event);
      } catch (error) {
        this.logger.error(`a listener for ${name} threw`, error);
      }
    }
  }

  listenerCount(name: EventName): number {
    return this.listeners[name]?.length ?? 0;
  }

  removeAll(): void {
    this.listeners = {};
  }
}
