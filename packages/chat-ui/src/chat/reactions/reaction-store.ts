import { Limits } from '@liaison/protocol';
import { type ChatEvent, type ChatSDK, EVENT, type Message, type MessageReaction, TYPES } from '@liaison/sdk';
import { perConversation } from '../per-conversation';

/** Rows that come into view within this long are asked about in one request. */
const BATCH_DELAY_MS = 50;
const NONE: readonly MessageReaction[] = Object.freeze([]);

type ReactionChat = Pick<
  ChatSDK,
  'on' | 'off' | 'getMessageReactions' | 'addMessageReaction' | 'removeMessageReaction'
>;

/**
 * The reactions of one conversation's messages as the rows in view show them. A row in view asks
 * (`want`); the wants are gathered into getMessageReactions calls of at most
 * REACTION_QUERY_MESSAGES_MAX messages. MESSAGE_REACTIONS_UPDATED keeps them current, and after a
 * reconnect the rows in view are asked about again (what changed meanwhile was not pushed). My own
 * toggles show at once and are put right by the server's answer, or undone if it refuses.
 */
export class ReactionStore {
  private readonly byMessage = new Map<string, readonly MessageReaction[]>();
  /** Rows in view, by message ID, with how many rows show each. */
  private readonly inView = new Map<string, { message: Message; count: number }>();
  /** Asked about (or being asked about) since the last reconnect. */
  private readonly asked = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private batchTimer: ReturnType<typeof setTimeout> | null = null;
  private isListening = false;

  private readonly handleUpdated = (event: ChatEvent<typeof EVENT.MESSAGE_REACTIONS_UPDATED>) => {
    const { conversationID, messageID, reactionList } = event.data;
    if (conversationID === this.conversationID) this.set(messageID, reactionList);
  };
  private readonly handleNetState = (event: ChatEvent<typeof EVENT.NET_STATE_CHANGE>) => {
    if (event.data.state !== TYPES.NET_STATE_CONNECTED) return;
    this.asked.clear();
    this.scheduleBatch();
  };

  constructor(
    private readonly chat: ReactionChat,
    readonly conversationID: string,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  reactionsOf = (messageID: string): readonly MessageReaction[] => this.byMessage.get(messageID) ?? NONE;

  /** A row showing `message` came into view; `release` when it leaves. */
  want(message: Message): () => void {
    const entry = this.inView.get(message.ID);
    if (entry) entry.count += 1;
    else this.inView.set(message.ID, { message, count: 1 });
    this.listen();
    if (!this.asked.has(message.ID)) this.scheduleBatch();
    return () => {
      const current = this.inView.get(message.ID);
      if (!current) return;
      current.count -= 1;
      if (current.count <= 0) this.inView.delete(message.ID);
      // A row re-rendered with a new message object leaves and comes back at once: not a leave.
      if (this.inView.size === 0) setTimeout(() => this.inView.size === 0 && this.stopListening(), 0);
    };
  }

  /** Adds my reaction, or takes it back if I already reacted so. Rejects with the server's refusal (60045…). */
  async toggle(message: Message, reactionID: string): Promise<void> {
    const before = this.reactionsOf(message.ID);
    const mine = before.find((r) => r.reactionID === reactionID)?.reactedByMyself ?? false;
    this.set(message.ID, toggled(before, reactionID, !mine));
    try {
      if (mine) await this.chat.removeMessageReaction(message, reactionID);
      else await this.chat.addMessageReaction(message, reactionID);
    } catch (error) {
      // Undo the guess only if nothing newer (a push) replaced it meanwhile.
      const now = this.reactionsOf(message.ID);
      if (isSameGuess(now, before, reactionID, !mine)) this.set(message.ID, before);
      throw error;
    }
  }

  private listen(): void {
    if (this.isListening) return;
    this.isListening = true;
    this.chat.on(EVENT.MESSAGE_REACTIONS_UPDATED, this.handleUpdated);
    this.chat.on(EVENT.NET_STATE_CHANGE, this.handleNetState);
  }

  /** No row in view: stop following; what was missed meanwhile is asked about when rows return. */
  private stopListening(): void {
    if (!this.isListening) return;
    this.isListening = false;
    this.chat.off(EVENT.MESSAGE_REACTIONS_UPDATED, this.handleUpdated);
    this.chat.off(EVENT.NET_STATE_CHANGE, this.handleNetState);
    this.asked.clear();
  }

  private scheduleBatch(): void {
    if (this.batchTimer !== null) return;
    this.batchTimer = setTimeout(() => {
      this.batchTimer = null;
      void this.askInView();
    }, BATCH_DELAY_MS);
  }

  private async askInView(): Promise<void> {
    const pending = [...this.inView.values()].map((entry) => entry.message).filter((m) => !this.asked.has(m.ID));
    for (let at = 0; at < pending.length; at += Limits.REACTION_QUERY_MESSAGES_MAX) {
      const batch = pending.slice(at, at + Limits.REACTION_QUERY_MESSAGES_MAX);
      for (const message of batch) this.asked.add(message.ID);
      try {
        const { data } = await this.chat.getMessageReactions({ messageList: batch });
        for (const result of data.resultList) this.set(result.messageID, result.reactionList);
      } catch {
        // Asked again after the next reconnect, or when the rows come back into view.
        for (const message of batch) this.asked.delete(message.ID);
      }
    }
  }

  private set(messageID: string, reactionList: readonly MessageReaction[]): void {
    this.byMessage.set(messageID, reactionList.length === 0 ? NONE : reactionList);
    for (const listener of this.listeners) listener();
  }
}

/** The list with my reaction `reactionID` added or taken back (a new reaction goes last). */
export function toggled(list: readonly MessageReaction[], reactionID: string, isMine: boolean): MessageReaction[] {
  const existing = list.find((r) => r.reactionID === reactionID);
  if (!existing) {
    return isMine
      ? [...list, { reactionID, totalUserCount: 1, reactedByMyself: true, partialUserList: [] }]
      : [...list];
  }
  if (existing.reactedByMyself === isMine) return [...list];
  const totalUserCount = existing.totalUserCount + (isMine ? 1 : -1);
  return list.flatMap((r) =>
    r.reactionID !== reactionID ? [r] : totalUserCount <= 0 ? [] : [{ ...r, totalUserCount, reactedByMyself: isMine }],
  );
}

function isSameGuess(
  now: readonly MessageReaction[],
  before: readonly MessageReaction[],
  reactionID: string,
  isMine: boolean,
): boolean {
  const guess = toggled(before, reactionID, isMine);
  return JSON.stringify(now) === JSON.stringify(guess);
}

/** The reaction store of one conversation of an SDK instance. */
export const reactionStoreOf = perConversation(
  (chat: ReactionChat, conversationID: string) => new ReactionStore(chat, conversationID),
);
