import { ErrorCode, LiaisonError, Limits, type PushEvent, type UserStatus } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok, TYPES } from './core/types';
import type { Emitter } from './events';
import type { Message } from './message-types';

export interface PresenceContext {
  request: RequestFunction;
  me(): string;
  events: Pick<Emitter, 'emit'>;
  onError(error: unknown): void;
}

export interface StatusFailure {
  userID: string;
  code: number;
  message: string;
}

/**
 * While I keep typing, the peer is told again this often: half their Limits.TYPING_TIMEOUT_MS
 * (a refresh may be late by that much), and rare enough that calling enterTypingState on every
 * keystroke costs one request every few seconds. Each relay costs the server about what a message
 * does (docs/performance.md), so this interval is what keeps typing cheap.
 */
export const TYPING_RESEND_MS = Limits.TYPING_TIMEOUT_MS / 2;

/**
 * Typing state and online status. Both are ephemeral on the server: a peer's typing is dropped
 * here after Limits.TYPING_TIMEOUT_MS without a refresh (or when their message arrives), and
 * status subscriptions belong to the connection, so they are made again after a reconnect.
 */
export class Presence {
  /** C2C conversations I said I was typing in, and when I last told the peer. */
  private readonly typingSince = new Map<string, number>();
  /** Peers typing to me, by conversation: the timer that clears them. */
  private readonly peersTyping = new Map<string, { userID: string; timer: ReturnType<typeof setTimeout> }>();
  /** Users whose status I subscribed to (to subscribe again on a new connection). */
  private readonly subscribed = new Set<string>();

  constructor(private readonly context: PresenceContext) {}

  /**
   * Ours: tell a C2C peer I am typing. Cheap to call on every keystroke: the peer is told at most
   * once every TYPING_RESEND_MS while I keep typing.
   */
  async enterTypingState(options: { conversationID: string }): Promise<ChatResponse<Record<string, never>>> {
    const conversationID = requireC2C(options?.conversationID);
    const last = this.typingSince.get(conversationID);
    const now = Date.now();
    if (last !== undefined && now - last < TYPING_RESEND_MS) return ok({});
    this.typingSince.set(conversationID, now);
    try {
      // Not worth waiting for a connection: a typing state that arrives late is wrong.
      await this.context.request(
        'setTypingStatus',
        { conversationID, isTyping: true },
        { timeoutMs: TYPING_RESEND_MS },
      );
    } catch (error) {
      this.typingSince.delete(conversationID);
      throw error;
    }
    return ok({});
  }

  /** Ours: I stopped typing (sent, or cleared the editor). Nothing is sent if I had not started. */
  async leaveTypingState(options: { conversationID: string }): Promise<ChatResponse<Record<string, never>>> {
    const conversationID = requireC2C(options?.conversationID);
    if (!this.typingSince.delete(conversationID)) return ok({});
    await this.context.request('setTypingStatus', { conversationID, isTyping: false }, { timeoutMs: TYPING_RESEND_MS });
    return ok({});
  }

  async getUserStatus(options: {
    userIDList: string[];
  }): Promise<ChatResponse<{ successUserList: UserStatus[]; failureUserList: StatusFailure[] }>> {
    return ok(await this.context.request('getUserStatus', { userIDList: options?.userIDList }));
  }

  /**
   * USER_STATUS_UPDATED follows with the users' current status, and then whenever it changes
   * (online, offline, custom status), on this connection and the ones after a reconnect.
   */
  async subscribeUserStatus(options: {
    userIDList: string[];
  }): Promise<ChatResponse<{ failureUserList: StatusFailure[] }>> {
    const userIDList = options?.userIDList;
    const result = await this.context.request('subscribeUserStatus', { userIDList });
    const failed = new Set(result.failureUserList.map((f) => f.userID));
    for (const userID of userIDList) if (!failed.has(userID)) this.subscribed.add(userID);
    return ok(result);
  }

  /** Without userIDList: from everyone. */
  async unsubscribeUserStatus(options?: {
    userIDList?: string[];
  }): Promise<ChatResponse<{ failureUserList: StatusFailure[] }>> {
    const userIDList = options?.userIDList;
    const result = await this.context.request('unsubscribeUserStatus', userIDList ? { userIDList } : {});
    if (userIDList) for (const userID of userIDList) this.subscribed.delete(userID);
    else this.subscribed.clear();
    return ok(result);
  }

  /** My custom status (≤ 100 bytes): my subscribers and my other tabs get USER_STATUS_UPDATED, and so does this one. */
  async setSelfStatus(options: { customStatus: string }): Promise<ChatResponse<Record<string, never>>> {
    const customStatus = options?.customStatus;
    await this.context.request('setSelfStatus', { customStatus });
    this.context.events.emit(EVENT.USER_STATUS_UPDATED, [
      { userID: this.context.me(), statusType: TYPES.USER_STATUS_ONLINE, customStatus },
    ]);
    return ok({});
  }

  handleTyping(push: PushEvent<'typing'>): void {
    const { conversationID, userID, isTyping } = push;
    if (!isTyping) {
      this.stopPeerTyping(conversationID);
      return;
    }
    const current = this.peersTyping.get(conversationID);
    if (current) clearTimeout(current.timer);
    const timer = setTimeout(() => this.stopPeerTyping(conversationID), Limits.TYPING_TIMEOUT_MS);
    this.peersTyping.set(conversationID, { userID, timer });
    if (!current) this.context.events.emit(EVENT.TYPING_STATUS_CHANGED, { conversationID, userID, isTyping: true });
  }

  handleUserStatus(push: PushEvent<'userStatus'>): void {
    if (push.userStatusList.length > 0) this.context.events.emit(EVENT.USER_STATUS_UPDATED, push.userStatusList);
  }

  /** A peer's message ends their typing. */
  handleMessages(messages: readonly Message[]): void {
    for (const message of messages) {
      if (message.conversationType === TYPES.CONV_C2C && message.flow === 'in') {
        this.stopPeerTyping(message.conversationID);
      }
    }
  }

  /** A new connection: subscribe again (the answer's pushes bring what changed meanwhile). */
  async handleReconnected(): Promise<void> {
    this.typingSince.clear();
    const userIDs = [...this.subscribed];
    for (let at = 0; at < userIDs.length; at += Limits.STATUS_SUBSCRIBE_MAX) {
      const userIDList = userIDs.slice(at, at + Limits.STATUS_SUBSCRIBE_MAX);
      try {
        const { failureUserList } = await this.context.request('subscribeUserStatus', { userIDList });
        for (const failure of failureUserList) this.subscribed.delete(failure.userID);
      } catch (error) {
        this.context.onError(error);
        return;
      }
    }
  }

  /** Logged out: nothing carries over to the next login. */
  reset(): void {
    for (const { timer } of this.peersTyping.values()) clearTimeout(timer);
    this.peersTyping.clear();
    this.typingSince.clear();
    this.subscribed.clear();
  }

  private stopPeerTyping(conversationID: string): void {
    const current = this.peersTyping.get(conversationID);
    if (!current) return;
    clearTimeout(current.timer);
    this.peersTyping.delete(conversationID);
    this.context.events.emit(EVENT.TYPING_STATUS_CHANGED, { conversationID, userID: current.userID, isTyping: false });
  }
}

function requireC2C(conversationID: unknown): string {
  if (typeof conversationID !== 'string' || !conversationID.startsWith(TYPES.CONV_C2C) || conversationID.length <= 3) {
    throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'typing status is for C2C conversations (C2C<userID>) only');
  }
  return conversationID;
}
