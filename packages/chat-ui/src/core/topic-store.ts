import {
  type ChatEvent,
  type ChatSDK,
  type Conversation,
  EVENT,
  type GroupAtInfo,
  type LastMessage,
  type Topic,
  TYPES,
} from '@liaison/sdk';
import { groupConversationID } from './conversation-group';

/** A topic's last message, as much of it as a row shows. */
export type ChannelLastMessage = Pick<
  LastMessage,
  'payload' | 'messageForShow' | 'fromAccount' | 'nick' | 'nameCard' | 'lastTime' | 'lastSequence'
> &
  Pick<LastMessage, 'isRevoked' | 'revoker' | 'hasRiskContent'> & { type: string };

/** A community's topic as the kit shows it: its profile, and my reading of it as the SDK knows it now. */
export interface TopicChannel {
  topicID: string;
  groupID: string;
  /** `GROUP<topicID>`: the topic's own conversation. */
  conversationID: string;
  name: string;
  muteAllMembers: boolean;
  unreadCount: number;
  /** My remind type for the topic is not AcceptAndNotify: its unread shows as a dot. */
  isMuted: boolean;
  groupAtInfoList: readonly Pick<GroupAtInfo, 'atType'>[];
  lastMessage: ChannelLastMessage;
  /** When this client last saw a message arrive in it (a local count): orders topics within one second. */
  activity: number;
}

/** What a community's row adds from its topics. */
export interface CommunitySummary {
  /** Unread messages in the topics that notify. */
  unreadCount: number;
  /** Some topic that does not notify has unread messages. */
  hasQuietUnread: boolean;
  groupAtInfoList: readonly Pick<GroupAtInfo, 'atType'>[];
  /** The topic with the newest message, or null when none has one. */
  latest: TopicChannel | null;
}

export type TopicListStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface Community {
  status: Exclude<TopicListStatus, 'idle'>;
  topics: readonly Topic[];
}

/**
 * The topics of the user's communities that support them (Tencent's community topics), kept live
 * for useSyncExternalStore. A community is listed once (getTopicList) when its conversation is in
 * the list or a screen asks for it, then follows TOPIC_CREATED / TOPIC_DELETED / TOPIC_UPDATED, and
 * is listed again after a reconnect. A topic's reading (unread count, @-info, last message) comes
 * from its conversation in the SDK's conversation store once that holds it — the store follows
 * reads on every tab — and from the topic list before that.
 */
export class TopicStore {
  private communities: ReadonlyMap<string, Community> = new Map();
  /** Communities whose topics changed while their list was on its way: listed again after it. */
  private readonly stale = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly channelCache = new Map<
    string,
    { topics: readonly Topic[]; conversations: (Conversation | undefined)[]; channels: readonly TopicChannel[] }
  >();
  private readonly summaryCache = new Map<
    string,
    { channels: readonly TopicChannel[]; except: string | null; summary: CommunitySummary }
  >();
  /** Per topic, the local count at its last message's arrival. */
  private readonly activity = new Map<string, number>();
  private lastActivity = 0;
  private isStarted = false;
  private isConnected = true;

  constructor(private readonly chat: ChatSDK) {}

  subscribe = (listener: () => void): (() => void) => {
    this.start();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  statusOf(groupID: string): TopicListStatus {
    return this.communities.get(groupID)?.status ?? 'idle';
  }

  /** The community's topics in the server's order (new ones last); empty until listed. */
  channelsOf(groupID: string): readonly TopicChannel[] {
    const topics = this.communities.get(groupID)?.topics ?? NO_TOPICS;
    const { conversationStore } = this.chat;
    const conversations = topics.map((topic) => conversationStore.get(groupConversationID(topic.topicID)));
    const cached = this.channelCache.get(groupID);
    if (cached && cached.topics === topics && sameItems(cached.conversations, conversations)) return cached.channels;
    const channels = topics.map((topic, index) =>
      toChannel(groupID, topic, conversations[index], this.activity.get(topic.topicID) ?? 0),
    );
    this.channelCache.set(groupID, { topics, conversations, channels });
    return channels;
  }

  channel(groupID: string, topicID: string): TopicChannel | null {
    return this.channelsOf(groupID).find((channel) => channel.topicID === topicID) ?? null;
  }

  /**
   * The community's topics summed up for its row, the unread and mentions of `exceptTopicID` (the
   * open one, being read) left out; null until they are listed.
   */
  summaryOf(groupID: string, exceptTopicID: string | null = null): CommunitySummary | null {
    if (this.statusOf(groupID) !== 'ready') return null;
    const channels = this.channelsOf(groupID);
    const cached = this.summaryCache.get(groupID);
    if (cached?.channels === channels && cached.except === exceptTopicID) return cached.summary;
    const summary = summarize(channels, exceptTopicID);
    this.summaryCache.set(groupID, { channels, except: exceptTopicID, summary });
    return summary;
  }

  /**
   * Unread messages in the topics of listed communities that notify (the community's conversation
   * not muted), which the SDK's total leaves out as Tencent's does.
   */
  unreadTotal(): number {
    let total = 0;
    for (const groupID of this.communities.keys()) {
      const conversation = this.chat.conversationStore.get(groupConversationID(groupID));
      if (!conversation || conversation.isMuted || conversation.operationType > 0) continue;
      total += this.summaryOf(groupID)?.unreadCount ?? 0;
    }
    return total;
  }

  /** Lists the community's topics if nobody has yet. */
  ensure(groupID: string): void {
    this.start();
    if (!this.communities.has(groupID)) void this.load(groupID);
  }

  /** Lists the community's topics again (after a failure, or a reconnect). */
  async load(groupID: string): Promise<void> {
    this.set(groupID, { status: 'loading', topics: this.communities.get(groupID)?.topics ?? NO_TOPICS });
    try {
      const { data } = await this.chat.getTopicList({ groupID });
      if (!this.communities.has(groupID)) return;
      this.set(groupID, { status: 'ready', topics: data.successTopicList });
    } catch {
      if (!this.communities.has(groupID)) return;
      this.set(groupID, { status: 'failed', topics: this.communities.get(groupID)?.topics ?? NO_TOPICS });
    }
    if (this.stale.delete(groupID)) await this.load(groupID);
  }

  /** A topic as an answer brought it (after an action of mine), ahead of its event. */
  put(groupID: string, topic: Topic): void {
    const community = this.communities.get(groupID);
    if (community?.status !== 'ready') {
      if (community) this.stale.add(groupID);
      return;
    }
    const known = community.topics.find((listed) => listed.topicID === topic.topicID);
    if (known?.lastMessage.lastSequence !== topic.lastMessage.lastSequence) {
      this.activity.set(topic.topicID, ++this.lastActivity);
    }
    const isKnown = known !== undefined;
    const topics = isKnown
      ? community.topics.map((known) => (known.topicID === topic.topicID ? topic : known))
      : [...community.topics, topic];
    this.set(groupID, { status: 'ready', topics });
  }

  remove(groupID: string, topicIDs: readonly string[]): void {
    const community = this.communities.get(groupID);
    if (!community) return;
    const topics = community.topics.filter((topic) => !topicIDs.includes(topic.topicID));
    if (topics.length !== community.topics.length) this.set(groupID, { ...community, topics });
  }

  private async fetch(groupID: string, topicID: string): Promise<void> {
    const community = this.communities.get(groupID);
    if (!community) return;
    if (community.status !== 'ready') {
      this.stale.add(groupID);
      return;
    }
    const { data } = await this.chat.getTopicList({ groupID, topicIDList: [topicID] }).catch(() => ({ data: null }));
    for (const topic of data?.successTopicList ?? []) this.put(groupID, topic);
  }

  private start(): void {
    if (this.isStarted) return;
    this.isStarted = true;
    const { chat } = this;
    chat.on(EVENT.TOPIC_CREATED, ({ data }) => void this.fetch(data.groupID, data.topicID));
    chat.on(EVENT.TOPIC_DELETED, ({ data }) => this.remove(data.groupID, data.topicIDList));
    chat.on(EVENT.TOPIC_UPDATED, ({ data }) => this.put(data.groupID, data.topic));
    chat.on(EVENT.NET_STATE_CHANGE, this.handleNetState);
    chat.on(EVENT.SDK_NOT_READY, () => {
      this.communities = new Map();
      this.stale.clear();
      this.notify();
    });
    chat.conversationStore.subscribe(this.handleConversations);
    this.handleConversations();
  }

  /** Communities with topics in the list get theirs listed; every reading change reaches the screens. */
  private readonly handleConversations = () => {
    for (const conversation of this.chat.conversationStore.getSnapshot()) {
      const group = conversation.groupProfile;
      if (!group?.isSupportTopic || conversation.operationType > 0) continue;
      if (!this.communities.has(group.groupID)) void this.load(group.groupID);
    }
    this.notify();
  };

  /** Topics made or deleted while the connection was down are found by listing again. */
  private readonly handleNetState = ({ data }: ChatEvent<typeof EVENT.NET_STATE_CHANGE>) => {
    const isConnected = data.state === TYPES.NET_STATE_CONNECTED;
    if (isConnected && !this.isConnected) for (const groupID of this.communities.keys()) void this.load(groupID);
    this.isConnected = isConnected;
  };

  private set(groupID: string, community: Community): void {
    const next = new Map(this.communities);
    next.set(groupID, community);
    this.communities = next;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

const stores = new WeakMap<ChatSDK, TopicStore>();

/** The topic store of an SDK instance, made on first use. */
export function topicStoreOf(chat: ChatSDK): TopicStore {
  let store = stores.get(chat);
  if (!store) {
    store = new TopicStore(chat);
    stores.set(chat, store);
  }
  return store;
}

const NO_TOPICS: readonly Topic[] = [];

function toChannel(
  groupID: string,
  topic: Topic,
  conversation: Conversation | undefined,
  activity: number,
): TopicChannel {
  const listed = topic.lastMessage;
  const fromList: ChannelLastMessage = {
    type: listed.type,
    payload: listed.payload,
    messageForShow: listed.messageForShow,
    fromAccount: listed.fromAccount,
    nick: listed.nick,
    nameCard: '',
    lastTime: listed.lastTime,
    lastSequence: listed.lastSequence,
    isRevoked: listed.isRevoked,
    revoker: listed.revoker ?? '',
    hasRiskContent: false,
  };
  const isNewer = conversation !== undefined && conversation.lastMessage.lastSequence >= listed.lastSequence;
  return {
    topicID: topic.topicID,
    groupID,
    conversationID: groupConversationID(topic.topicID),
    name: topic.topicName,
    muteAllMembers: topic.muteAllMembers,
    unreadCount: conversation ? conversation.unreadCount : topic.unreadCount,
    isMuted: (conversation?.messageRemindType ?? topic.selfInfo.messageRemindType) !== TYPES.MSG_REMIND_ACPT_AND_NOTE,
    groupAtInfoList: conversation ? conversation.groupAtInfoList : topic.groupAtInfoList,
    lastMessage: isNewer ? conversation.lastMessage : fromList,
    activity,
  };
}

function summarize(channels: readonly TopicChannel[], exceptTopicID: string | null): CommunitySummary {
  let unreadCount = 0;
  let hasQuietUnread = false;
  let latest: TopicChannel | null = null;
  const groupAtInfoList: TopicChannel['groupAtInfoList'][number][] = [];
  for (const channel of channels) {
    if (isNewer(channel, latest)) latest = channel;
    if (channel.topicID === exceptTopicID) continue;
    if (channel.isMuted) hasQuietUnread ||= channel.unreadCount > 0;
    else unreadCount += channel.unreadCount;
    groupAtInfoList.push(...channel.groupAtInfoList);
  }
  return { unreadCount, hasQuietUnread, groupAtInfoList, latest };
}

/**
 * Newer by its last message's time (seconds), then by when it arrived here; within one second
 * before this client saw either arrive, the one with news (unread) is taken as the newer.
 */
function isNewer(channel: TopicChannel, than: TopicChannel | null): boolean {
  const time = channel.lastMessage.lastTime;
  if (time === 0) return false;
  if (!than) return true;
  const otherTime = than.lastMessage.lastTime;
  if (time !== otherTime) return time > otherTime;
  if (channel.activity !== than.activity) return channel.activity > than.activity;
  return channel.unreadCount > than.unreadCount;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
