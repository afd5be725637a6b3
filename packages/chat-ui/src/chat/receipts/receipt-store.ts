import { Limits } from '@liaison/protocol';
import { type ChatEvent, type ChatSDK, ErrorCode, EVENT, type Message, TYPES } from '@liaison/sdk';
import { perConversation } from '../per-conversation';

export interface ReadCounts {
  readCount: number;
  unreadCount: number;
}

/** Rows that come into view (or are seen) within this long go in one request. */
const BATCH_DELAY_MS = 100;

type ReceiptChat = Pick<ChatSDK, 'on' | 'off' | 'getMessageReadReceiptList' | 'sendMessageReadReceipt'>;

/**
 * Group read receipts of one conversation, both ways (spec §4):
 * - my messages sent with needReadReceipt: their read and unread counts, asked for while their rows
 *   are in view (getMessageReadReceiptList, at most READ_RECEIPT_BATCH_MAX per call), kept current
 *   by MESSAGE_READ_RECEIPT_RECEIVED and asked again after a reconnect;
 * - others' messages that need my receipt: each sent once, when seen (`markSeen`), gathered into
 *   sendMessageReadReceipt calls of at most READ_RECEIPT_BATCH_MAX; a receipt that could not go
 *   (offline) goes after the next reconnect.
 * C2C read state is not here: it is the conversation's peerReadSequence.
 */
export class ReceiptStore {
  private readonly counts = new Map<string, ReadCounts>();
  private readonly inView = new Map<string, { message: Message; count: number }>();
  private readonly asked = new Set<string>();
  /** Receipts sent or on their way, by message ID: never twice. */
  private readonly receipted = new Set<string>();
  private toSend: Message[] = [];
  private readonly listeners = new Set<() => void>();
  private askTimer: ReturnType<typeof setTimeout> | null = null;
  private sendTimer: ReturnType<typeof setTimeout> | null = null;
  private isListening = false;

  private readonly handleReceipts = (event: ChatEvent<typeof EVENT.MESSAGE_READ_RECEIPT_RECEIVED>) => {
    let changed = false;
    for (const update of event.data) {
      if (update.conversationID !== this.conversationID) continue;
      this.counts.set(update.messageID, { readCount: update.readCount, unreadCount: update.unreadCount });
      changed = true;
    }
    if (changed) this.notify();
  };
  private readonly handleNetState = (event: ChatEvent<typeof EVENT.NET_STATE_CHANGE>) => {
    if (event.data.state !== TYPES.NET_STATE_CONNECTED) return;
    this.asked.clear();
    this.scheduleAsk();
    this.scheduleSend();
  };

  constructor(
    private readonly chat: ReceiptChat,
    readonly conversationID: string,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  countsOf = (messageID: string): ReadCounts | undefined => this.counts.get(messageID);

  /** A row shows my group message that needs receipts: keep its counts current until `release`. */
  want(message: Message): () => void {
    const entry = this.inView.get(message.ID);
    if (entry) entry.count += 1;
    else this.inView.set(message.ID, { message, count: 1 });
    this.listen();
    if (!this.asked.has(message.ID)) this.scheduleAsk();
    return () => {
      const current = this.inView.get(message.ID);
      if (!current) return;
      current.count -= 1;
      if (current.count <= 0) this.inView.delete(message.ID);
    };
  }

  /** Someone else's message that needs my receipt was seen (70 % visible): receipt it, once. */
  markSeen(message: Message): void {
    if (this.receipted.has(message.ID)) return;
    this.receipted.add(message.ID);
    this.toSend.push(message);
    this.listen();
    this.scheduleSend();
  }

  private listen(): void {
    if (this.isListening) return;
    this.isListening = true;
    this.chat.on(EVENT.MESSAGE_READ_RECEIPT_RECEIVED, this.handleReceipts);
    this.chat.on(EVENT.NET_STATE_CHANGE, this.handleNetState);
  }

  private scheduleAsk(): void {
    if (this.askTimer !== null) return;
    this.askTimer = setTimeout(() => {
      this.askTimer = null;
      void this.askInView();
    }, BATCH_DELAY_MS);
  }

  private scheduleSend(): void {
    if (this.sendTimer !== null || this.toSend.length === 0) return;
    this.sendTimer = setTimeout(() => {
      this.sendTimer = null;
      void this.sendSeen();
    }, BATCH_DELAY_MS);
  }

  private async askInView(): Promise<void> {
    const pending = [...this.inView.values()].map((e) => e.message).filter((m) => !this.asked.has(m.ID));
    for (const batch of chunks(pending, Limits.READ_RECEIPT_BATCH_MAX)) {
      for (const message of batch) this.asked.add(message.ID);
      try {
        const { data } = await this.chat.getMessageReadReceiptList(batch);
        for (const message of data.messageList) {
          const { readCount, unreadCount } = message.readReceiptInfo;
          this.counts.set(message.ID, { readCount, unreadCount });
        }
        this.notify();
      } catch {
        // Asked again after the next reconnect, or when the row comes back into view.
        for (const message of batch) this.asked.delete(message.ID);
      }
    }
  }

  private async sendSeen(): Promise<void> {
    const seen = this.toSend;
    this.toSend = [];
    for (const batch of chunks(seen, Limits.READ_RECEIPT_BATCH_MAX)) {
      try {
        await this.chat.sendMessageReadReceipt(batch);
      } catch (error) {
        // Offline: kept, and sent with the next reconnect. A refusal (the group does not take
        // receipts, the message is gone) would be refused again; the reader cannot act on it.
        if (isConnectionFailure(error)) this.toSend.push(...batch);
      }
    }
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === ErrorCode.NETWORK_ERROR || code === ErrorCode.REQUEST_TIMEOUT || code === ErrorCode.SDK_NOT_READY;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let at = 0; at < items.length; at += size) result.push(items.slice(at, at + size));
  return result;
}

/** The receipt store of one conversation of an SDK instance. */
export const receiptStoreOf = perConversation(
  (chat: ReceiptChat, conversationID: string) => new ReceiptStore(chat, conversationID),
);
