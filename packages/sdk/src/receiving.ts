import type { WireConversation, WireMessage } from '@liaison/protocol';
import type { ChangeSync } from './change-sync';
import type { URLResolver } from './file-urls';
import { conversationIDOf, fromWire } from './message-model';
import type { Message } from './message-types';
import { SequenceSync, type SyncPage } from './sync';

export interface ReceiverOptions {
  /** The logged-in user. */
  me(): string;
  fetchAfter(conversationID: string, afterSequence: number): Promise<SyncPage>;
  /** Every new message, own ones included, in order: for the conversation store. */
  onMessage(message: Message): void;
  /** New messages this client did not send itself, imported ones excepted: MESSAGE_RECEIVED. */
  onReceived(messages: Message[]): void;
  onError(error: unknown): void;
  /** Makes file URLs loadable (file-urls.ts); kept as the server sent them when absent. */
  resolveURL?: URLResolver;
  /** Changes to messages already delivered (revoke, modify, flags, my deletions), caught up with the rest. */
  changes?: ChangeSync;
}

/** How many of its own message IDs a client remembers, to recognise them when they come back. */
const OWN_ID_MEMORY = 10_000;

/**
 * Where every stored message enters the client: pushes, acknowledgements of our own sends and
 * gap fills. Runs them through the sequence cursors (so each is seen once, in order), then
 * hands them to the store and, unless this client sent them, to MESSAGE_RECEIVED.
 * While paused (login, catching up after a reconnect) messages wait, so that the cursors are
 * set before the first of them is judged.
 */
export class Receiver {
  private readonly sync: SequenceSync;
  private readonly ownIDs = new Set<string>();
  private waiting: WireMessage[] | null = null;

  constructor(private readonly options: ReceiverOptions) {
    this.sync = new SequenceSync({
      conversationIDOf: (message) => conversationIDOf(message, options.me()),
      fetchAfter: options.fetchAfter,
      deliver: (message) => this.deliver(message),
      onError: (error) => options.onError(error),
    });
  }

  /** Marks an ID as sent by this client: it advances cursors but is never reported received. */
  markOwn(messageID: string): void {
    this.ownIDs.delete(messageID);
    this.ownIDs.add(messageID);
    if (this.ownIDs.size > OWN_ID_MEMORY) {
      const oldest = this.ownIDs.values().next();
      if (!oldest.done) this.ownIDs.delete(oldest.value);
    }
  }

  receive(message: WireMessage): void {
    if (this.waiting) this.waiting.push(message);
    else void this.sync.receive(message);
  }

  /**
   * The server stored a message at `sequence` that may never have been pushed to us (its sender
   * retried after the process that stored it died). Fill the gap if our cursor is behind; a
   * conversation without a cursor starts just before the hinted message, as a push would.
   * While paused, the catch-up that follows covers it.
   */
  hint(hint: Pick<WireMessage, 'conversationType' | 'from' | 'to' | 'sequence'>): void {
    if (this.waiting) return;
    const conversationID = conversationIDOf(hint, this.options.me());
    void this.sync.catchUp(conversationID, hint.sequence, hint.sequence - 1);
  }

  pause(): void {
    this.waiting ??= [];
  }

  resume(): void {
    const waiting = this.waiting ?? [];
    this.waiting = null;
    for (const message of waiting) void this.sync.receive(message);
  }

  /** At login: the server's maxSequence and change counter of each conversation are where the cursors start. */
  seed(conversations: readonly WireConversation[]): void {
    for (const conversation of conversations) {
      this.sync.seed(conversation.conversationID, conversation.maxSequence);
      this.options.changes?.seed(conversation.conversationID, conversation.changeSequence);
    }
  }

  /**
   * After a reconnect: fetch what each conversation holds beyond its cursor, then what changed
   * in it beyond its change cursor. A conversation this client has never seen starts from what
   * the user has read.
   */
  catchUp(conversations: readonly WireConversation[]): Promise<void> {
    return Promise.all(
      conversations.map(async (conversation) => {
        const { conversationID } = conversation;
        await this.sync.catchUp(conversationID, conversation.maxSequence, conversation.readSequence);
        await this.options.changes?.catchUp(conversationID, conversation.changeSequence);
      }),
    ).then(() => undefined);
  }

  reset(): void {
    this.sync.reset();
    this.options.changes?.reset();
    this.ownIDs.clear();
    this.waiting = null;
  }

  private deliver(wire: WireMessage): void {
    const message = fromWire(wire, this.options.me(), this.options.resolveURL);
    // Sent with onlineUserOnly: news for who is online, not part of the conversation (no unread, no last message).
    if (!wire.onlineOnly) this.options.onMessage(message);
    // Moved from another system (REST import), found through a gap: history, never news, as Tencent's imports.
    if (!wire.imported && !this.ownIDs.has(message.ID)) this.options.onReceived([message]);
  }
}
