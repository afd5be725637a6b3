import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { Conversation } from './conversation-model';
import { invalidParams, toLiaisonError } from './core/errors';
import type { Logger } from './core/logger';
import { type ChatResponse, TYPES } from './core/types';
import type { CreateCustomMessageOptions } from './media-messages';
import type { Message } from './message-types';
import type { GetMessageListOptions, MessageListResult } from './messages';
import type { SendMessageOptions } from './send-options';
import {
  isSignalingMessage,
  newInviteID,
  parseSignalingData,
  type Signaling,
  type SignalingActionType,
  signalingJSON,
  TSignaling,
  toSignaling,
} from './signaling-data';
import { pendingInvitationMessages } from './signaling-history';
import { type SignalingHandler, SignalingListeners } from './signaling-listeners';

/** Tencent's OFFLINE_PUSH_INFO_PARAMS: accepted; Liaison has no offline push to give it to. */
export interface SignalingOfflinePushInfo {
  disablePush?: boolean;
  disableVoipPush?: boolean;
  title?: string;
  description?: string;
  extension?: string;
  androidInfo?: object;
  apnsInfo?: object;
}

/** Tencent's INVITE_OPTIONS. */
export interface InviteOptions {
  userID: string;
  data?: string;
  /** Seconds before the invitation times out; 0 (the default) never. */
  timeout?: number;
  onlineUserOnly?: boolean;
  offlinePushInfo?: SignalingOfflinePushInfo;
}

/** Tencent's INVITE_IN_GROUP_OPTIONS. */
export interface InviteInGroupOptions {
  groupID: string;
  inviteeList: string[];
  data?: string;
  timeout?: number;
  onlineUserOnly?: boolean;
  offlinePushInfo?: SignalingOfflinePushInfo;
}

/** Tencent's INVITATION_HANDLE_OPTIONS (cancel, accept, reject). */
export interface InvitationHandleOptions {
  inviteID: string;
  data?: string;
}

/**
 * What invite, cancel, accept and reject resolve with: Tencent's runtime answers the send's
 * `{code, data: {message}}` with `inviteID` beside them; `data.inviteID` is there too, as
 * Tencent's guides read it.
 */
export interface SignalingResponse extends ChatResponse<{ message: Message; inviteID: string }> {
  inviteID: string;
}

export interface SignalingContext {
  me(): string;
  createCustomMessage(options: CreateCustomMessageOptions): Message;
  send(message: Message, options: SendMessageOptions): Promise<ChatResponse<{ message: Message }>>;
  modify(message: Message): Promise<ChatResponse<{ message: Message }>>;
  getMessageList(options: GetMessageListOptions): Promise<ChatResponse<MessageListResult>>;
  conversations(): readonly Conversation[];
  /** The server's clock, in seconds. */
  serverTime(): number;
  onError(error: unknown): void;
  logger: Logger;
}

interface Pending {
  info: Signaling;
  /** The invitation's message, which modifyInvitation changes; its `_onlineOnlyFlag` goes to every later step. */
  message: Message;
}

/** An invitation made, not sent yet. */
interface PreparedInvite extends Pending {
  onlineUserOnly: boolean;
}

type Step = Omit<Signaling, 'businessID' | 'actionType' | 'timeout'> & {
  actionType: SignalingActionType;
  timeout?: number;
};

/**
 * How long after its last message a group conversation is searched at login for invitations
 * received while offline (Tencent's `history_s_time` default, 300 s); one-to-one conversations
 * are searched whenever they hold unread messages, as Tencent's are.
 */
const GROUP_HISTORY_SECONDS = 300;
/** At most this many unread messages of a conversation are read at login (Tencent's `history_s_count`). */
const HISTORY_COUNT = 20;
/** The inviter's own timer gives the invitees this long to send their timeout first, as Tencent's. */
const INVITER_GRACE_SECONDS = 5;

/**
 * Tencent's TSignaling: invitations carried as custom messages whose `data` is Tencent's
 * signalling JSON, so that Tencent's clients and Liaison's read each other's. As in Tencent's SDK
 * the state lives in the clients: each keeps the invitations it sent or received that are still
 * pending, and the timers of their timeouts. The inviter's SDK and each invitee's SDK send the
 * timeout notice (the invitee at `timeout`, the inviter `timeout + 5 s` after for those who never
 * answered), as Tencent's do. Records the call engine writes (message ID `call-<inviteID>`) are
 * of calls that are over and belong to the engine: they are not reported as invitations
 * (getSignalingInfo still reads them).
 */
export class SignalingAPI {
  private readonly pending = new Map<string, Pending>();
  /** Invitations with a cancel, accept or reject on the way, which may not be answered twice. */
  private readonly handling = new Set<string>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly listeners: SignalingListeners;

  constructor(private readonly context: SignalingContext) {
    this.listeners = new SignalingListeners(context.logger);
  }

  addSignalingListener(eventName: string, handler: SignalingHandler, context?: unknown): void {
    requireListener(eventName, handler);
    this.listeners.add(eventName, handler, context);
  }

  removeSignalingListener(eventName: string, handler: SignalingHandler, context?: unknown): void {
    requireListener(eventName, handler);
    this.listeners.remove(eventName, handler, context);
  }

  invite(options: InviteOptions): Promise<SignalingResponse> {
    return this.sendInvite(this.prepareInvite(options, false));
  }

  inviteInGroup(options: InviteInGroupOptions): Promise<SignalingResponse> {
    return this.sendInvite(this.prepareInvite(options, true));
  }

  /**
   * Tencent's Sync variants: the inviteID at once (before the invitation is sent), then
   * successCb({inviteID}) or errorCb(code, message). '' when the options are refused.
   */
  inviteSync(
    options: InviteOptions | InviteInGroupOptions,
    inGroup: boolean,
    successCb?: (result: { inviteID: string }) => void,
    errorCb?: (code: number, message: string) => void,
  ): string {
    const fail = (error: unknown) => {
      const { code, message } = toLiaisonError(error);
      errorCb?.(code, message);
    };
    let prepared: PreparedInvite;
    try {
      prepared = this.prepareInvite(options, inGroup);
    } catch (error) {
      fail(error);
      return '';
    }
    this.sendInvite(prepared).then(({ inviteID }) => successCb?.({ inviteID }), fail);
    return prepared.info.inviteID;
  }

  /** The inviter withdraws an invitation still pending (8020 otherwise; 8011 from anyone else). */
  cancel(options: InvitationHandleOptions): Promise<SignalingResponse> {
    const { inviteID, data } = handleOptions(options);
    const pending = this.pending.get(inviteID);
    if (!pending || this.handling.has(inviteID)) throw new LiaisonError(ErrorCode.SIGNALING_INVALID_CANCEL);
    const me = this.context.me();
    const { info } = pending;
    if (info.inviter !== me) throw new LiaisonError(ErrorCode.SIGNALING_NO_PERMISSION);
    const step: Step = { ...info, actionType: TSignaling.ACTION_TYPE_CANCEL_INVITE, data };
    return this.answer(step, info.groupID || (info.inviteeList[0] ?? ''), pending.message, true);
  }

  accept(options: InvitationHandleOptions): Promise<SignalingResponse> {
    return this.reply(options, TSignaling.ACTION_TYPE_ACCEPT_INVITE);
  }

  reject(options: InvitationHandleOptions): Promise<SignalingResponse> {
    return this.reply(options, TSignaling.ACTION_TYPE_REJECT_INVITE);
  }

  /**
   * Changes the data of a pending invitation by modifying its message (modifyMessage: only its
   * sender, the inviter, may); the others get INVITATION_MODIFIED.
   */
  async modifyInvitation(options: { inviteID: string; data: string }): Promise<ChatResponse<{ message: Message }>> {
    if (typeof options !== 'object' || options === null) throw invalidParams('options must be an object');
    const { inviteID, data } = options;
    if (typeof inviteID !== 'string' || inviteID === '') throw invalidParams('inviteID must be a non-empty string');
    if (typeof data !== 'string') throw invalidParams('data must be a string');
    const pending = this.pending.get(inviteID);
    if (!pending) throw new LiaisonError(ErrorCode.SIGNALING_INVALID_INVITE_ID);
    const { message, info } = pending;
    const payload = message.payload as { data: string };
    const before = payload.data;
    const modified: Signaling = { ...info, data };
    payload.data = signalingJSON({ ...modified, actionType: TSignaling.ACTION_TYPE_INVITE });
    try {
      const result = await this.context.modify(message);
      if (this.pending.has(inviteID)) this.pending.set(inviteID, { info: modified, message: result.data.message });
      return result;
    } catch (error) {
      payload.data = before;
      throw error;
    }
  }

  /** The signalling a message carries, or null when it carries none. */
  getSignalingInfo(message: Message): Signaling | null {
    if (typeof message !== 'object' || message === null || !isSignalingMessage(message)) return null;
    const raw = parseSignalingData(message);
    return raw ? toSignaling(raw) : null;
  }

  /** Messages just received (live, or caught up after a reconnect). */
  handleMessages(messages: readonly Message[]): void {
    for (const message of messages) {
      if (!isSignalingMessage(message)) continue;
      const raw = parseSignalingData(message);
      if (!raw) continue;
      const step = toSignaling(raw);
      if (message.ID === `call-${step.inviteID}`) continue;
      this.handleStep(step, message);
    }
  }

  /** Messages modified elsewhere: a pending invitation's new data. */
  handleModified(messages: readonly Message[]): void {
    for (const message of messages) {
      if (!isSignalingMessage(message)) continue;
      const raw = parseSignalingData(message);
      const pending = raw ? this.pending.get(toSignaling(raw).inviteID) : undefined;
      if (!raw || !pending) continue;
      // Our own modifyInvitation: already applied.
      if ((pending.message.payload as { data: string }).data === (message.payload as { data: string }).data) continue;
      const info = toSignaling(raw);
      this.pending.set(info.inviteID, { info, message });
      this.listeners.emit(TSignaling.INVITATION_MODIFIED, { inviteID: info.inviteID, data: info.data });
    }
  }

  /**
   * After login: invitations received while offline and still pending are reported to the
   * NEW_INVITATION_RECEIVED listener (when there is one, as Tencent's), found among the unread
   * messages of the conversations.
   */
  async handleReady(): Promise<void> {
    if (!this.listeners.has(TSignaling.NEW_INVITATION_RECEIVED)) return;
    const now = this.context.serverTime();
    const searched = this.context
      .conversations()
      .filter(
        (c) =>
          c.unreadCount > 0 &&
          (c.type === TYPES.CONV_C2C ||
            (c.type === TYPES.CONV_GROUP && c.lastMessage.lastTime > now - GROUP_HISTORY_SECONDS)),
      );
    try {
      const found = await Promise.all(searched.map((c) => this.unreadMessages(c)));
      this.handleMessages(pendingInvitationMessages(found.flat(), this.context.me(), now));
    } catch (error) {
      this.context.onError(error);
    }
  }

  /** Logout: everything pending is forgotten and no timer fires. */
  reset(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
    this.handling.clear();
  }

  private prepareInvite(options: InviteOptions | InviteInGroupOptions, inGroup: boolean): PreparedInvite {
    if (typeof options !== 'object' || options === null) throw invalidParams('options must be an object');
    const { data = '', timeout = 0, onlineUserOnly = false } = options;
    if (typeof data !== 'string') throw invalidParams('data must be a string');
    if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout < 0) {
      throw invalidParams('timeout must be a number of seconds, 0 or more');
    }
    let groupID = '';
    let inviteeList: string[];
    if (inGroup) {
      const group = options as InviteInGroupOptions;
      if (typeof group.groupID !== 'string' || group.groupID === '')
        throw invalidParams('groupID must be a non-empty string');
      if (
        !Array.isArray(group.inviteeList) ||
        group.inviteeList.length === 0 ||
        !group.inviteeList.every((userID) => typeof userID === 'string' && userID !== '')
      ) {
        throw invalidParams('inviteeList must be a non-empty array of user IDs');
      }
      groupID = group.groupID;
      inviteeList = [...group.inviteeList];
    } else {
      const { userID } = options as InviteOptions;
      if (typeof userID !== 'string' || userID === '') throw invalidParams('userID must be a non-empty string');
      inviteeList = [userID];
    }
    const info: Signaling = {
      businessID: 1,
      inviteID: newInviteID(),
      groupID,
      inviter: this.context.me(),
      inviteeList,
      data,
      actionType: TSignaling.ACTION_TYPE_INVITE,
      timeout,
    };
    const message = this.signalingMessage(
      { ...info, actionType: TSignaling.ACTION_TYPE_INVITE },
      groupID || (inviteeList[0] ?? ''),
    );
    return { info, message, onlineUserOnly: onlineUserOnly === true };
  }

  private async sendInvite({ info, message, onlineUserOnly }: PreparedInvite): Promise<SignalingResponse> {
    const { data } = await this.context.send(message, sendOptions(info, onlineUserOnly));
    this.pending.set(info.inviteID, { info: { ...info, inviteeList: [...info.inviteeList] }, message: data.message });
    this.startTimer(info);
    return respond(data.message, info.inviteID);
  }

  private reply(
    options: InvitationHandleOptions,
    actionType: typeof TSignaling.ACTION_TYPE_ACCEPT_INVITE | typeof TSignaling.ACTION_TYPE_REJECT_INVITE,
  ): Promise<SignalingResponse> {
    const { inviteID, data } = handleOptions(options);
    const pending = this.pending.get(inviteID);
    if (!pending || this.handling.has(inviteID)) throw new LiaisonError(ErrorCode.SIGNALING_INVALID_INVITE_ID);
    const me = this.context.me();
    const { info } = pending;
    if (!info.inviteeList.includes(me)) throw new LiaisonError(ErrorCode.SIGNALING_NO_PERMISSION);
    const step: Step = { ...info, actionType, inviteeList: [me], data };
    const ends = actionType === TSignaling.ACTION_TYPE_REJECT_INVITE;
    return this.answer(step, info.groupID || info.inviter, pending.message, ends);
  }

  /** Sends a cancel, accept or reject; once sent, the invitation is over here (or, in a group, for me). */
  private async answer(step: Step, to: string, invitation: Message, ends: boolean): Promise<SignalingResponse> {
    this.handling.add(step.inviteID);
    try {
      const message = this.signalingMessage(step, to);
      const { data } = await this.context.send(message, sendOptions(step, invitation._onlineOnlyFlag));
      if (ends) this.pending.delete(step.inviteID);
      else this.removeInvitees(step);
      return respond(data.message, step.inviteID);
    } finally {
      this.handling.delete(step.inviteID);
    }
  }

  private handleStep(step: Signaling, message: Message): void {
    const { inviteID, inviter, groupID, data } = step;
    const known = this.pending.has(inviteID);
    switch (step.actionType) {
      case TSignaling.ACTION_TYPE_INVITE:
        this.received(step, message);
        return;
      case TSignaling.ACTION_TYPE_ACCEPT_INVITE:
      case TSignaling.ACTION_TYPE_REJECT_INVITE: {
        if (!known) return;
        this.removeInvitees(step);
        const name =
          step.actionType === TSignaling.ACTION_TYPE_ACCEPT_INVITE
            ? TSignaling.INVITEE_ACCEPTED
            : TSignaling.INVITEE_REJECTED;
        this.listeners.emit(name, { inviteID, inviter, groupID, data, invitee: step.inviteeList[0] });
        return;
      }
      case TSignaling.ACTION_TYPE_CANCEL_INVITE:
        if (!known) return;
        this.pending.delete(inviteID);
        this.listeners.emit(TSignaling.INVITATION_CANCELLED, { inviteID, inviter, groupID, data });
        return;
      case TSignaling.ACTION_TYPE_INVITE_TIMEOUT:
        if (!known) return;
        this.removeInvitees(step);
        this.listeners.emit(TSignaling.INVITATION_TIMEOUT, {
          inviteID,
          inviter,
          groupID,
          data,
          inviteeList: step.inviteeList,
          isSelfTimeout: false,
        });
        return;
    }
  }

  /**
   * An invitation arrived: reported when it is to me (or one-to-one, as Tencent's, which also
   * reports my own from another device), its timer started for what is left of its timeout. An
   * invitation already known, or surely expired (received late, after a reconnect), is not:
   * Tencent's reports a late one with its whole timeout again.
   */
  private received(step: Signaling, message: Message): void {
    const me = this.context.me();
    if (step.groupID && !step.inviteeList.includes(me)) return;
    if (this.pending.has(step.inviteID)) return;
    // Message times are whole seconds: only what is surely past its timeout is dropped.
    const elapsed = Math.max(0, this.context.serverTime() - message.time);
    if (step.timeout > 0 && elapsed > step.timeout + 1) return;
    this.pending.set(step.inviteID, { info: { ...step, inviteeList: [...step.inviteeList] }, message });
    const { inviteID, inviter, groupID, data, inviteeList } = step;
    this.listeners.emit(TSignaling.NEW_INVITATION_RECEIVED, { inviteID, inviter, groupID, data, inviteeList });
    if (inviter !== me && step.timeout > 0) this.startTimer({ ...step, timeout: Math.max(1, step.timeout - elapsed) });
  }

  /**
   * Tencent's updateInviteInfo: in a group the answering invitee (the first of the step's list)
   * leaves the pending list, and the invitation ends with the last; one-to-one it ends at once.
   */
  private removeInvitees(step: Pick<Signaling, 'inviteID' | 'groupID' | 'inviteeList'>): void {
    const pending = this.pending.get(step.inviteID);
    if (!pending) return;
    if (!step.groupID) {
      this.pending.delete(step.inviteID);
      return;
    }
    const left = pending.info.inviteeList.filter((userID) => userID !== step.inviteeList[0]);
    if (left.length === 0) this.pending.delete(step.inviteID);
    else pending.info.inviteeList = left;
  }

  private startTimer(info: Signaling): void {
    if (info.timeout <= 0) return;
    const isInviter = info.inviter === this.context.me();
    const seconds = isInviter ? info.timeout + INVITER_GRACE_SECONDS : info.timeout;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stillWaiting(info, isInviter))
        void this.sendTimeout(info.inviteID, isInviter).catch(this.context.onError);
    }, seconds * 1000);
    (timer as { unref?: () => void }).unref?.();
    this.timers.add(timer);
  }

  /** Whether a timeout is still due: someone (the inviter's view) or I (an invitee's) never answered. */
  private stillWaiting(info: Signaling, isInviter: boolean): boolean {
    const pending = this.pending.get(info.inviteID);
    if (!pending) return false;
    if (!info.groupID) return true;
    const { inviteeList } = pending.info;
    return isInviter ? inviteeList.length > 0 : inviteeList.includes(this.context.me());
  }

  /** The timeout notice: from the inviter for everyone still pending, from an invitee for itself. */
  private async sendTimeout(inviteID: string, isInviter: boolean): Promise<void> {
    const pending = this.pending.get(inviteID);
    if (!pending) return;
    const { info } = pending;
    const inviteeList = isInviter ? [...info.inviteeList] : [this.context.me()];
    const step: Step = { ...info, actionType: TSignaling.ACTION_TYPE_INVITE_TIMEOUT, inviteeList };
    const to = isInviter ? info.groupID || (info.inviteeList[0] ?? '') : info.groupID || info.inviter;
    const { data } = await this.context.send(
      this.signalingMessage(step, to),
      sendOptions(step, pending.message._onlineOnlyFlag),
    );
    const { groupID, inviter } = info;
    this.listeners.emit(TSignaling.INVITATION_TIMEOUT, {
      data: info.data,
      groupID,
      inviteID,
      inviteeList,
      inviter,
      isSelfTimeout: true,
      message: data.message,
    });
    if (isInviter) this.pending.delete(inviteID);
    else this.removeInvitees(step);
  }

  private signalingMessage(step: Step, to: string): Message {
    return this.context.createCustomMessage({
      to,
      conversationType: step.groupID ? TYPES.CONV_GROUP : TYPES.CONV_C2C,
      payload: { data: signalingJSON(step) },
    });
  }

  /** The newest HISTORY_COUNT (at most) of a conversation's unread messages, a page at a time. */
  private async unreadMessages(conversation: Conversation): Promise<Message[]> {
    const wanted = Math.min(conversation.unreadCount, HISTORY_COUNT);
    let found: Message[] = [];
    let nextReqMessageID: string | undefined;
    while (found.length < wanted) {
      const { data } = await this.context.getMessageList({
        conversationID: conversation.conversationID,
        nextReqMessageID,
      });
      found = [...data.messageList, ...found];
      if (data.isCompleted || data.messageList.length === 0) break;
      nextReqMessageID = data.nextReqMessageID;
    }
    return found.slice(-wanted);
  }
}

/**
 * How each step is sent, as Tencent's runtime sends it (its _genMsgCtrlInfo): online only when the
 * invitation was (or, for the invitation, when asked); out of unread counts and last messages only
 * when the step's data asks (Tencent's markers: `excludeFromHistoryMessage` and
 * `excludeOriginalSignalingFromHistoryMessage`, or `excludeTimeoutSignalingFromHistoryMessage` for a
 * timeout). Tencent also asks to skip content moderation, which Liaison does not honour (send-options.ts).
 */
function sendOptions(step: Pick<Signaling, 'actionType' | 'data'>, onlineUserOnly: boolean): SendMessageOptions {
  const excluded =
    step.actionType === TSignaling.ACTION_TYPE_INVITE_TIMEOUT
      ? /excludeTimeoutSignalingFromHistoryMessage/.test(step.data)
      : /excludeFromHistoryMessage|excludeOriginalSignalingFromHistoryMessage/.test(step.data);
  return {
    onlineUserOnly,
    messageControlInfo: {
      excludedFromContentModeration: true,
      excludedFromUnreadCount: excluded,
      excludedFromLastMessage: excluded,
    },
  };
}

function respond(message: Message, inviteID: string): SignalingResponse {
  return { code: 0, data: { message, inviteID }, inviteID };
}

function handleOptions(options: InvitationHandleOptions): { inviteID: string; data: string } {
  if (typeof options !== 'object' || options === null) throw invalidParams('options must be an object');
  const { inviteID, data = '' } = options;
  if (typeof inviteID !== 'string' || inviteID === '') throw invalidParams('inviteID must be a non-empty string');
  if (typeof data !== 'string') throw invalidParams('data must be a string');
  return { inviteID, data };
}

function requireListener(eventName: unknown, handler: unknown): void {
  if (typeof eventName !== 'string' || eventName === '') throw invalidParams('eventName must be a non-empty string');
  if (typeof handler !== 'function') throw invalidParams('handler must be a function');
}
