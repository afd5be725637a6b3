import { Limits, type PushEvent, type ReactionSummary, type ReactionUser } from '@liaison/protocol';
import { invalidParams } from './core/errors';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok } from './core/types';
import type { Emitter } from './events';
import { oneConversation } from './message-model';
import type { Message, MessageReaction } from './message-types';

export interface ReactionsContext {
  request: RequestFunction;
  me(): string;
  events: Pick<Emitter, 'emit'>;
}

export interface GetMessageReactionsOptions {
  /** 1 to 20 messages of one conversation. */
  messageList: Message[];
  /** Reactors listed per reaction (0–10); default 10. */
  maxUserCountPerReaction?: number;
}

export interface GetAllUserListOptions {
  message: Message;
  reactionID: string;
  /** From the previous page; 0 (or absent) for the first. */
  nextSeq?: number;
  /** Users per page, 1–100; default 100. */
  count?: number;
}

/** How many messages' "which reactions are mine" a client remembers. */
const MINE_MEMORY = 10_000;

interface MineEntry {
  /** Reaction ID → whether I have it. */
  reactions: Map<string, boolean>;
  /** Told by a getMessageReactions answer, which lists every reaction: one it did not list is not mine. */
  isWhole: boolean;
}

/**
 * Message reactions, as the reference SDK: add and remove (idempotent), the reactions of some
 * messages, and every reactor of one reaction (at most Limits.REACTION_USERS_LISTED_MAX listed;
 * totalUserCount stays exact). MESSAGE_REACTIONS_UPDATED carries a message's whole reaction list
 * whenever anyone (this tab included) changes it. The server's pushes say who acted, not whether
 * *I* reacted; that comes from what this client was told (its answers, its own pushes), else from
 * whether I am among the reactors listed.
 */
export class Reactions {
  /** Per message, whether each reaction is mine, as far as this client was told. */
  private readonly mine = new Map<string, MineEntry>();

  constructor(readonly context: ReactionsContext) {}

  /** Resolves with the same message, its reactionList holding the reaction as it is now. */
  async addMessageReaction(
    message: Message,
    reactionID: string,
  ): Promise<ChatResponse<{ message: Message; reactionID: string }>> {
    return this.change(message, reactionID, true);
  }

  async removeMessageReaction(
    message: Message,
    reactionID: string,
  ): Promise<ChatResponse<{ message: Message; reactionID: string }>> {
    return this.change(message, reactionID, false);
  }

  /** Also sets reactionList on each message given. Messages never stored (or no longer visible) get none. */
  async getMessageReactions(
    options: GetMessageReactionsOptions,
  ): Promise<ChatResponse<{ resultList: { messageID: string; reactionList: MessageReaction[] }[] }>> {
    const messageList = options?.messageList;
    if (!Array.isArray(messageList) || messageList.length < 1) throw invalidParams('messageList must hold messages');
    if (messageList.length > Limits.REACTION_QUERY_MESSAGES_MAX) {
      throw invalidParams(`messageList holds at most ${Limits.REACTION_QUERY_MESSAGES_MAX} messages`);
    }
    const conversationID = oneConversation(messageList);
    const maxUserCountPerReaction = options.maxUserCountPerReaction ?? Limits.REACTION_PARTIAL_USERS_MAX;
    if (
      !Number.isInteger(maxUserCountPerReaction) ||
      maxUserCountPerReaction < 0 ||
      maxUserCountPerReaction > Limits.REACTION_PARTIAL_USERS_MAX
    ) {
      throw invalidParams(`maxUserCountPerReaction must be 0 to ${Limits.REACTION_PARTIAL_USERS_MAX}`);
    }
    const stored = [...new Set(messageList.filter(isStored).map((m) => m.ID))];
    const found = new Map<string, MessageReaction[]>();
    if (stored.length > 0) {
      const { resultList } = await this.context.request('getMessageReactions', {
        conversationID,
        messageIDList: stored,
        maxUserCountPerReaction,
      });
      for (const { messageID, reactionList } of resultList) {
        // The answer is whole: a reaction it does not list is not mine.
        this.rememberAll(conversationID, messageID, reactionList);
        found.set(messageID, reactionList.map(copyReaction));
      }
    }
    for (const message of messageList) message.reactionList = found.get(message.ID) ?? [];
    return ok({
      resultList: [...new Set(messageList.map((m) => m.ID))].map((messageID) => ({
        messageID,
        reactionList: found.get(messageID) ?? [],
      })),
    });
  }

  /** One page of the users who reacted so; pass nextSeq from the previous page while !isCompleted. */
  async getAllUserListOfMessageReaction(
    options: GetAllUserListOptions,
  ): Promise<ChatResponse<{ userList: ReactionUser[]; nextSeq: number; isCompleted: boolean }>> {
    const message = options?.message;
    requireStored(message);
    requireReactionID(options.reactionID);
    const { userList, nextSeq, isCompleted } = await this.context.request('getAllUserListOfMessageReaction', {
      conversationID: message.conversationID,
      messageID: message.ID,
      reactionID: options.reactionID,
      ...(options.nextSeq ? { nextSeq: options.nextSeq } : {}),
      ...(options.count !== undefined ? { count: options.count } : {}),
    });
    return ok({ userList, nextSeq, isCompleted });
  }

  /** A `messageReaction` push: someone (maybe me, on this tab or another) changed a message's reactions. */
  handlePush(push: PushEvent<'messageReaction'>): void {
    const { conversationID, messageID, userID, isAdd, reaction, reactionList } = push;
    if (userID === this.context.me()) this.remember(conversationID, messageID, reaction.reactionID, isAdd);
    this.context.events.emit(EVENT.MESSAGE_REACTIONS_UPDATED, {
      conversationID,
      messageID,
      reactionList: reactionList.map((r) => ({
        ...copyReaction(r),
        reactedByMyself: this.isMine(conversationID, messageID, r),
      })),
    });
  }

  /** Forgets what it was told (logout). */
  reset(): void {
    this.mine.clear();
  }

  private async change(
    message: Message,
    reactionID: string,
    isAdd: boolean,
  ): Promise<ChatResponse<{ message: Message; reactionID: string }>> {
    requireStored(message);
    requireReactionID(reactionID);
    const { reaction } = await this.context.request(isAdd ? 'addMessageReaction' : 'removeMessageReaction', {
      conversationID: message.conversationID,
      messageID: message.ID,
      reactionID,
    });
    this.remember(message.conversationID, message.ID, reactionID, isAdd);
    message.reactionList = withReaction(message.reactionList ?? [], copyReaction(reaction));
    return ok({ message, reactionID });
  }

  private isMine(conversationID: string, messageID: string, reaction: ReactionSummary): boolean {
    const entry = this.mine.get(key(conversationID, messageID));
    const known = entry?.reactions.get(reaction.reactionID);
    if (known !== undefined) return known;
    if (entry?.isWhole) return false;
    const me = this.context.me();
    return reaction.partialUserList.some((user) => user.userID === me);
  }

  private remember(conversationID: string, messageID: string, reactionID: string, isMine: boolean): void {
    this.entry(conversationID, messageID).reactions.set(reactionID, isMine);
  }

  private rememberAll(conversationID: string, messageID: string, reactionList: readonly ReactionSummary[]): void {
    const entry = this.entry(conversationID, messageID);
    entry.reactions.clear();
    for (const reaction of reactionList) entry.reactions.set(reaction.reactionID, reaction.reactedByMyself);
    entry.isWhole = true;
  }

  /** The message's entry, moved to the newest end; the oldest goes beyond MINE_MEMORY. */
  private entry(conversationID: string, messageID: string): MineEntry {
    const k = key(conversationID, messageID);
    const entry = this.mine.get(k) ?? { reactions: new Map<string, boolean>(), isWhole: false };
    this.mine.delete(k);
    this.mine.set(k, entry);
    if (this.mine.size > MINE_MEMORY) {
      const oldest = this.mine.keys().next();
      if (!oldest.done) this.mine.delete(oldest.value);
    }
    return entry;
  }
}

/** The list with `reaction` as it is now: replaced in place, added last, or gone when nobody has it. */
function withReaction(list: readonly MessageReaction[], reaction: MessageReaction): MessageReaction[] {
  const at = list.findIndex((r) => r.reactionID === reaction.reactionID);
  if (reaction.totalUserCount === 0) return list.filter((r) => r.reactionID !== reaction.reactionID);
  if (at < 0) return [...list, reaction];
  return list.map((r, i) => (i === at ? reaction : r));
}

function copyReaction(reaction: ReactionSummary): MessageReaction {
  return {
    reactionID: reaction.reactionID,
    totalUserCount: reaction.totalUserCount,
    reactedByMyself: reaction.reactedByMyself,
    partialUserList: reaction.partialUserList.map((user) => ({ ...user })),
  };
}

function key(conversationID: string, messageID: string): string {
  return `${conversationID}\n${messageID}`;
}

function isStored(message: Message): boolean {
  return message.status === 'success' && message.sequence > 0;
}

function requireStored(message: Message): void {
  if (typeof message !== 'object' || message === null || typeof message.ID !== 'string') {
    throw invalidParams('give a message');
  }
  if (!isStored(message)) throw invalidParams('only messages the server has stored take reactions');
}

function requireReactionID(reactionID: string): void {
  if (typeof reactionID !== 'string' || reactionID.length === 0)
    throw invalidParams('reactionID must be a non-empty string');
}
