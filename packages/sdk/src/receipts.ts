import { ErrorCode, LiaisonError, Limits, type PushEvent } from '@liaison/protocol';
import { applyPeerRead, type Conversation } from './conversation-model';
import type { ConversationStore } from './conversation-store';
import { invalidParams } from './core/errors';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok } from './core/types';
import type { Emitter, ReadReceiptUpdate } from './events';
import { oneConversation } from './message-model';
import type { Message } from './message-types';

export interface ReceiptsContext {
  request: RequestFunction;
  me(): string;
  events: Pick<Emitter, 'emit'>;
  /** Where C2C conversations keep peerReadSequence. */
  store: Pick<ConversationStore, 'get' | 'update' | 'subscribe'>;
}

export interface ReadMemberInfo {
  userID: string;
  nick: string;
  avatar: string;
}

export interface GetGroupMessageReadMemberListOptions {
  message: Message;
  /** 0: who read it, 1: who has not; anything else reads as 0, as Tencent's SDK does. */
  filter?: number;
  /** From the previous page; '' (or absent) for the first. */
  cursor?: string;
  /** 1–100; anything else reads as 100, as Tencent's SDK does. */
  count?: number;
}

/**
 * Ours: whether the C2C peer has read my message — the conversation's peerReadSequence has reached
 * its sequence. Live: peerReadSequence moves when the peer reads the conversation (a `peerRead`
 * push), when a message from the peer arrives (sending reads the conversation) and with every
 * fresh conversation list (after a reconnect). False for groups, incoming and unsent messages.
 */
export function isMessagePeerRead(
  message: Pick<Message, 'conversationType' | 'flow' | 'status' | 'sequence'>,
  conversation: Pick<Conversation, 'peerReadSequence'> | null | undefined,
): boolean {
  return (
    message.conversationType === 'C2C' &&
    message.flow === 'out' &&
    message.status === 'success' &&
    message.sequence > 0 &&
    (conversation?.peerReadSequence ?? 0) >= message.sequence
  );
}

/** Group messages whose highest read count a client remembers (to drop counts that arrive late). */
const COUNTS_MEMORY = 10_000;
/** C2C conversations, and my messages in each, a client remembers as not yet read by the peer. */
const C2C_CONVERSATIONS_MEMORY = 200;
const C2C_MESSAGES_MEMORY = 200;

/**
 * Read receipts. Group: sendMessageReadReceipt for messages sent with needReadReceipt (60046 in
 * AVChatRoom and Community, 2114 for an empty list), counts and member lists on request, and
 * MESSAGE_READ_RECEIPT_RECEIVED when my messages' counts move (`readReceipt` pushes; a count lower
 * than one already told — pushes of concurrent readers may cross — is dropped). C2C: no receipts
 * are sent; the peer's read cursor is the conversation's peerReadSequence (isMessagePeerRead), and
 * MESSAGE_READ_RECEIPT_RECEIVED names my messages that this client saw stored in this session
 * (sent or received live) and that the moved cursor now covers, and MESSAGE_READ_BY_PEER names
 * the same messages themselves (isPeerRead set), as Tencent's. Messages only loaded from history
 * are not named: a UI checks those with isMessagePeerRead when the conversation changes.
 */
export class Receipts {
  /** Per group message of mine (conversation\nmessage ID): the highest read count told. */
  private readonly groupCounts = new Map<string, number>();
  /** Per C2C conversation: the peer's read cursor last seen, and my messages above it seen stored. */
  private readonly unreadByPeer = new Map<string, { seen: number; messages: Message[] }>();

  constructor(readonly context: ReceiptsContext) {
    context.store.subscribe(() => this.checkPeerReads());
  }

  /** Tells the senders that I read these group messages (≤ 30, one conversation; each counted once). */
  async sendMessageReadReceipt(messageList: Message[]): Promise<ChatResponse<Record<string, never>>> {
    if (!Array.isArray(messageList) || messageList.length === 0) {
      throw new LiaisonError(ErrorCode.READ_RECEIPT_MSG_LIST_EMPTY);
    }
    const conversationID = receiptBatchConversation(messageList);
    const messageIDList = storedIDs(messageList);
    if (messageIDList.length === 0) throw invalidParams('only messages the server has stored can be acknowledged');
    await this.context.request('sendMessageReadReceipt', { conversationID, messageIDList });
    return ok({});
  }

  /**
   * The messages (≤ 30, one conversation) with readReceiptInfo filled from the server (and
   * isPeerRead for C2C). Messages never stored keep zeros.
   */
  async getMessageReadReceiptList(messageList: Message[]): Promise<ChatResponse<{ messageList: Message[] }>> {
    if (!Array.isArray(messageList) || messageList.length === 0) {
      throw new LiaisonError(ErrorCode.READ_RECEIPT_MSG_LIST_EMPTY);
    }
    const conversationID = receiptBatchConversation(messageList);
    const messageIDList = storedIDs(messageList);
    if (messageIDList.length === 0) return ok({ messageList });
    const answer = await this.context.request('getMessageReadReceiptList', { conversationID, messageIDList });
    const byID = new Map(answer.messageList.map((m) => [m.messageID, m]));
    for (const message of messageList) {
      const counts = byID.get(message.ID);
      if (!counts) continue;
      const isPeerRead = message.conversationType === 'C2C' && counts.readCount > 0;
      message.readReceiptInfo = { readCount: counts.readCount, unreadCount: counts.unreadCount, isPeerRead };
      if (message.conversationType === 'C2C') message.isPeerRead = isPeerRead;
      else this.isNewCount(conversationID, message.ID, counts.readCount);
    }
    return ok({ messageList });
  }

  /** One page of the members who read my group message (filter 0) or have not yet (filter 1). */
  /**
   * Tencent's answer (`readUserIDList` / `unreadUserIDList`), and the same members with their
   * nick and avatar (`readUserInfoList` / `unreadUserInfoList`), which a list of readers shows
   * without asking for each profile.
   */
  async getGroupMessageReadMemberList(options: GetGroupMessageReadMemberListOptions): Promise<
    ChatResponse<{
      messageID: string;
      readUserIDList: string[];
      unreadUserIDList: string[];
      readUserInfoList: ReadMemberInfo[];
      unreadUserInfoList: ReadMemberInfo[];
      cursor: string;
      isCompleted: boolean;
    }>
  > {
    const message = options?.message;
    if (typeof message !== 'object' || message === null || storedIDs([message]).length === 0) {
      throw invalidParams('give a message the server has stored');
    }
    const { cursor, count } = options;
    const page = await this.context.request('getGroupMessageReadMemberList', {
      conversationID: message.conversationID,
      messageID: message.ID,
      filter: options.filter === 1 ? 1 : 0,
      ...(typeof cursor === 'string' && cursor !== '' ? { cursor } : {}),
      ...(Number.isInteger(count) && (count as number) > 0 && (count as number) < 100 ? { count } : {}),
    });
    return ok({
      ...page,
      readUserIDList: page.readUserInfoList.map((member) => member.userID),
      unreadUserIDList: page.unreadUserInfoList.map((member) => member.userID),
    });
  }

  /** A `readReceipt` push: read counts of my group messages moved. */
  handleReadReceipt(push: PushEvent<'readReceipt'>): void {
    const updates: ReadReceiptUpdate[] = push.messageList
      .filter((m) => this.isNewCount(push.conversationID, m.messageID, m.readCount))
      .map((m) => ({
        conversationID: push.conversationID,
        messageID: m.messageID,
        isPeerRead: false,
        readCount: m.readCount,
        unreadCount: m.unreadCount,
      }));
    if (updates.length > 0) this.context.events.emit(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, updates);
  }

  /** A `peerRead` push: the C2C peer read up to a sequence. */
  handlePeerRead(push: PushEvent<'peerRead'>): void {
    this.context.store.update(push.conversationID, (c) => applyPeerRead(c, push.peerReadSequence));
  }

  /** A message stored in a conversation (sent here or elsewhere, or received), in order. */
  handleMessage(message: Message): void {
    if (message.conversationType !== 'C2C' || message.flow !== 'out' || message.sequence === 0) return;
    if (message.to === message.from) return;
    const seen = this.context.store.get(message.conversationID)?.peerReadSequence ?? 0;
    if (message.sequence <= seen) return;
    const entry = this.unreadByPeer.get(message.conversationID) ?? { seen, messages: [] };
    this.unreadByPeer.delete(message.conversationID);
    this.unreadByPeer.set(message.conversationID, entry);
    entry.messages.push(message);
    if (entry.messages.length > C2C_MESSAGES_MEMORY) entry.messages.shift();
    if (this.unreadByPeer.size > C2C_CONVERSATIONS_MEMORY) {
      const oldest = this.unreadByPeer.keys().next();
      if (!oldest.done) this.unreadByPeer.delete(oldest.value);
    }
  }

  /** Forgets what it was told (logout). */
  reset(): void {
    this.groupCounts.clear();
    this.unreadByPeer.clear();
  }

  /** After any change to the list: the C2C conversations whose peer cursor moved over messages of mine I know. */
  private checkPeerReads(): void {
    if (this.unreadByPeer.size === 0) return;
    const updates: ReadReceiptUpdate[] = [];
    const readByPeer: Message[] = [];
    for (const [conversationID, entry] of this.unreadByPeer) {
      const cursor = this.context.store.get(conversationID)?.peerReadSequence ?? 0;
      if (cursor <= entry.seen) continue;
      entry.seen = cursor;
      const read = entry.messages.filter((m) => m.sequence <= cursor);
      entry.messages = entry.messages.filter((m) => m.sequence > cursor);
      for (const m of read) {
        m.isPeerRead = true;
        readByPeer.push(m);
        updates.push({ conversationID, messageID: m.ID, isPeerRead: true, readCount: 1, unreadCount: 0 });
      }
      if (entry.messages.length === 0) this.unreadByPeer.delete(conversationID);
    }
    // Tencent's event: the messages themselves, now read (its runtime emits it as the peer's receipt arrives).
    if (readByPeer.length > 0) this.context.events.emit(EVENT.MESSAGE_READ_BY_PEER, readByPeer);
    if (updates.length > 0) this.context.events.emit(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, updates);
  }

  /** Whether `readCount` is above what was told for this message; records it. */
  private isNewCount(conversationID: string, messageID: string, readCount: number): boolean {
    const key = `${conversationID}\n${messageID}`;
    const known = this.groupCounts.get(key);
    if (known !== undefined && readCount <= known) return false;
    this.groupCounts.delete(key);
    this.groupCounts.set(key, readCount);
    if (this.groupCounts.size > COUNTS_MEMORY) {
      const oldest = this.groupCounts.keys().next();
      if (!oldest.done) this.groupCounts.delete(oldest.value);
    }
    return true;
  }
}

function storedIDs(messageList: readonly Message[]): string[] {
  return [...new Set(messageList.filter((m) => m.status === 'success' && m.sequence > 0).map((m) => m.ID))];
}

/** A receipt batch: at most READ_RECEIPT_BATCH_MAX messages, all of one conversation. */
function receiptBatchConversation(messageList: readonly Message[]): string {
  if (messageList.length > Limits.READ_RECEIPT_BATCH_MAX) {
    throw invalidParams(`messageList holds at most ${Limits.READ_RECEIPT_BATCH_MAX} messages`);
  }
  return oneConversation(messageList);
}
