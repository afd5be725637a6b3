import { EVENT } from './core/types';
import type { Emitter } from './events';
import type { Message } from './message-types';

/** How many messages findMessage remembers; past it, the one seen longest ago is forgotten. */
export const FOUND_MESSAGES_MAX = 5_000;

/**
 * The messages this client has in hand, by ID, for Tencent's `findMessage`: those it sent,
 * received, loaded from history or saw change (revoked, modified, read by the peer: the newest
 * copy wins). Tencent's SDK answers from its per-conversation lists the same way; deleted messages
 * leave them. Bounded, so a long session does not keep every message it ever saw.
 */
export class MessageIndex {
  private readonly byID = new Map<string, Message>();

  constructor(events: Pick<Emitter, 'on'>) {
    const remember = ({ data }: { data: Message[] }) => this.remember(data);
    events.on(EVENT.MESSAGE_RECEIVED, remember);
    events.on(EVENT.MESSAGE_MODIFIED, remember);
    events.on(EVENT.MESSAGE_REVOKED, remember);
    // Read by the peer: Tencent's UI engine takes findMessage's copy as the message's state after
    // MESSAGE_READ_RECEIPT_RECEIVED, so it must be the one with isPeerRead set.
    events.on(EVENT.MESSAGE_READ_BY_PEER, remember);
    events.on(EVENT.MESSAGE_DELETED, ({ data }) => {
      for (const id of data.messageIDList) this.byID.delete(id);
    });
  }

  remember(messages: readonly Message[]): void {
    for (const message of messages) {
      this.byID.delete(message.ID);
      this.byID.set(message.ID, message);
    }
    while (this.byID.size > FOUND_MESSAGES_MAX) {
      const oldest = this.byID.keys().next();
      if (oldest.done) break;
      this.byID.delete(oldest.value);
    }
  }

  /** A page of history: its messages are remembered, the page is handed on. */
  rememberPage<T extends { data: { messageList: Message[] } }>(page: T): T {
    this.remember(page.data.messageList);
    return page;
  }

  /** The message, or null when this client has not seen it (Tencent answers null too). */
  find(messageID: string): Message | null {
    return this.byID.get(messageID) ?? null;
  }

  /** Logout: nothing of this user's stays. */
  clear(): void {
    this.byID.clear();
  }
}
