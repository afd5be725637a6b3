import { ErrorCode, LiaisonError, type WireMessage } from '@liaison/protocol';
import type { Sql } from '../db/database';
import { countCallback } from '../metrics/metrics';
import { type PairedContent, toMsgBody } from './msg-body';
import { type CallbackOrigin, CallbackSender } from './sender';
import type { CallbackCommand, CallbackSettings } from './settings';

export type { CallbackOrigin } from './sender';

/** A message about to be handed to the writer: what a 'before' callback sees and may change. */
export interface OutgoingMessage<C extends PairedContent = PairedContent> {
  conversationType: 'C2C' | 'GROUP';
  from: string;
  to: string;
  ID: string;
  random: number;
  onlineOnly: boolean;
  content: C;
  cloudCustomData: string;
}

/** One direction of a friendship: `to` in (or out of) `from`'s list. */
export interface FriendPair {
  from: string;
  to: string;
}

/** Tencent's custom refusal codes: passed to the sender as they are, with the backend's ErrorInfo. */
const APP_CODES = { min: 120001, max: 130000 };
/** Closing waits this long for queued 'after' callbacks. */
const CLOSE_GRACE_MS = 2000;
/** SDK sessions are the Web SDK's, as Tencent names the platform. */
/** Group types remembered before the memo starts again (a few MB at most). */
const GROUP_TYPES_KEPT = 100_000;
export const SDK_ORIGIN: CallbackOrigin = { clientIP: '', platform: 'Web' };
/** What the REST API does, Tencent's callbacks report as done by RESTAPI. */
export const REST_API_ORIGIN: CallbackOrigin = { clientIP: '', platform: 'RESTAPI' };

/**
 * Tencent's third-party callbacks (docs/server-api.md, Callbacks). Built only when CALLBACK_URL is
 * set: services hold null otherwise and their hooks cost nothing. Each event is reported by the
 * one process that performs it, so a callback is posted once whatever the number of processes.
 */
export class Callbacks {
  private readonly sender: CallbackSender;
  private readonly groupTypes = new Map<string, string>();

  constructor(
    private readonly db: Sql,
    settings: CallbackSettings & { url: string },
  ) {
    this.sender = new CallbackSender(settings);
  }

  /**
   * C2C/Group.CallbackBeforeSendMsg: resolves the message to send (the backend may replace its
   * MsgBody, read by `readMsgBody`, and CloudCustomData) or throws the refusal: 20006 (one-to-one)
   * or 10016 (group) for ErrorCode 1 and other codes, the backend's own code for one in
   * [120001, 130000]. A MsgBody `readMsgBody` does not take keeps the original.
   */
  async beforeSend<C extends PairedContent>(
    message: OutgoingMessage<C>,
    origin: CallbackOrigin,
    readMsgBody: (msgBody: unknown) => C | null,
  ): Promise<OutgoingMessage<C>> {
    const command = message.conversationType === 'C2C' ? 'C2C.CallbackBeforeSendMsg' : 'Group.CallbackBeforeSendMsg';
    if (!this.sender.isOn(command)) return message;
    const groupType = message.conversationType === 'GROUP' ? await this.groupType(message.to) : '';
    const body = messageBody(message, { seq: 0, time: Math.floor(Date.now() / 1000), isSent: false }, groupType);
    const answer = await this.sender.before(command, body, origin);
    if (answer.kind === 'none') return message;
    if (answer.kind === 'refuse') throw refusal(message.conversationType, answer.code, answer.info);
    const replaced = 'MsgBody' in answer.body ? readMsgBody(answer.body.MsgBody) : message.content;
    const cloudCustomData = answer.body.CloudCustomData;
    if (!replaced || (cloudCustomData !== undefined && typeof cloudCustomData !== 'string')) {
      countCallback(command, 'invalid');
      return message;
    }
    const isRewritten = 'MsgBody' in answer.body || cloudCustomData !== undefined;
    countCallback(command, isRewritten ? 'rewritten' : 'ok');
    return { ...message, content: replaced, cloudCustomData: cloudCustomData ?? message.cloudCustomData };
  }

  /**
   * C2C/Group.CallbackAfterSendMsg, queued: never awaited by the send. Built at once, without a
   * promise, when the group's type is known: at saturation every microsecond here is the send path's.
   */
  afterSend(message: WireMessage, origin: CallbackOrigin): void {
    const command = message.conversationType === 'C2C' ? 'C2C.CallbackAfterSendMsg' : 'Group.CallbackAfterSendMsg';
    if (!this.sender.isOn(command)) return;
    const outgoing: OutgoingMessage = {
      conversationType: message.conversationType === 'C2C' ? 'C2C' : 'GROUP',
      from: message.from,
      to: message.to,
      ID: message.ID,
      random: message.random,
      onlineOnly: message.onlineOnly === true,
      content: message,
      cloudCustomData: message.cloudCustomData,
    };
    const sent = { seq: message.sequence, time: message.time, isSent: true };
    const groupType = outgoing.conversationType === 'C2C' ? '' : this.groupTypes.get(message.to);
    if (groupType !== undefined) this.sender.after(command, messageBody(outgoing, sent, groupType), origin);
    else this.afterWith(command, origin, async () => messageBody(outgoing, sent, await this.groupType(message.to)));
  }

  /** Group.CallbackAfterCreateGroup. */
  groupCreated(group: { groupID: string; type: string; name: string; ownerID: string }, memberIDs: string[]): void {
    this.notify('Group.CallbackAfterCreateGroup', async () => ({
      GroupId: group.groupID,
      Type: await this.groupType(group.groupID),
      Owner_Account: group.ownerID,
      Operator_Account: group.ownerID,
      Name: group.name,
      MemberList: memberIDs.map((userID) => ({ Member_Account: userID })),
      UserDefinedDataList: [],
      EventTime: Date.now(),
    }));
  }

  /** Group.CallbackAfterNewMemberJoin: a join (Apply, also once approved) or an invitation (Invited). */
  membersJoined(groupID: string, joinType: 'Apply' | 'Invited', operatorID: string, userIDs: string[]): void {
    this.notify('Group.CallbackAfterNewMemberJoin', async () => ({
      ...(await this.membership(groupID, operatorID)),
      JoinType: joinType,
      NewMemberList: userIDs.map((userID) => ({ Member_Account: userID })),
    }));
  }

  /** Group.CallbackAfterMemberExit: members quit (Quit) or were removed (Kicked). */
  membersExited(groupID: string, exitType: 'Quit' | 'Kicked', operatorID: string, userIDs: string[]): void {
    this.notify('Group.CallbackAfterMemberExit', async () => ({
      ...(await this.membership(groupID, operatorID)),
      ExitType: exitType,
      ExitMemberList: userIDs.map((userID) => ({ Member_Account: userID })),
    }));
  }

  /** Sns.CallbackFriendAdd: each pair now in From_Account's list; friend_response when a request was accepted. */
  friendsAdded(pairs: FriendPair[], initiatorID: string, clientCmd: 'friend_add' | 'friend_response'): void {
    if (pairs.length === 0) return;
    this.notify('Sns.CallbackFriendAdd', () => ({
      PairList: pairs.map((pair) => ({ From_Account: pair.from, To_Account: pair.to, Initiator_Account: initiatorID })),
      ClientCmd: clientCmd,
      EventTime: Date.now(),
    }));
  }

  /** Sns.CallbackFriendDelete: each pair no longer in From_Account's list. */
  friendsDeleted(pairs: FriendPair[]): void {
    if (pairs.length === 0) return;
    this.notify('Sns.CallbackFriendDelete', () => ({
      PairList: pairs.map((pair) => ({ From_Account: pair.from, To_Account: pair.to })),
      ClientCmd: 'friend_delete',
      EventTime: Date.now(),
    }));
  }

  /** C2C.CallbackAfterMsgWithDraw: a one-to-one message was revoked (without Tencent's UnreadMsgNum). */
  c2cRevoked(message: Pick<WireMessage, 'from' | 'to' | 'sequence' | 'random' | 'time'>): void {
    this.notify('C2C.CallbackAfterMsgWithDraw', () => ({
      From_Account: message.from,
      To_Account: message.to,
      MsgKey: `${message.sequence}_${message.random}_${message.time}`,
      EventTime: Date.now(),
    }));
  }

  /** State.StateChange: the user's first session on any process opened (Login) or their last one closed. */
  stateChanged(userID: string, action: 'Login' | 'Logout' | 'Disconnect', reason: string): void {
    this.notify('State.StateChange', () => ({
      EventTime: Date.now(),
      Info: { Action: action, To_Account: userID, Reason: reason },
    }));
  }

  /**
   * Tencent's group type for a group's callbacks ('' once the group is gone). A group's type never
   * changes and its ID is never reused, so each is read once: a query per group message halved
   * group throughput with callbacks on.
   */
  async groupType(groupID: string): Promise<string> {
    const known = this.groupTypes.get(groupID);
    if (known !== undefined) return known;
    const rows = await this.db.query<{ type: string }>('SELECT type FROM groups WHERE group_id = $1', [groupID]);
    const type = rows[0]?.type;
    if (type === undefined) return '';
    if (this.groupTypes.size >= GROUP_TYPES_KEPT) this.groupTypes.clear();
    this.groupTypes.set(groupID, type);
    return type;
  }

  close(): Promise<void> {
    return this.sender.close(CLOSE_GRACE_MS);
  }

  /** The fields every membership callback has. */
  private async membership(groupID: string, operatorID: string): Promise<object> {
    return {
      GroupId: groupID,
      Type: await this.groupType(groupID),
      Operator_Account: operatorID,
      EventTime: Date.now(),
    };
  }

  private notify(command: CallbackCommand, body: () => object | Promise<object>): void {
    if (this.sender.isOn(command)) this.afterWith(command, SDK_ORIGIN, body);
  }

  private afterWith(command: CallbackCommand, origin: CallbackOrigin, body: () => object | Promise<object>): void {
    Promise.resolve()
      .then(body)
      .then(
        (built) => this.sender.after(command, built, origin),
        () => countCallback(command, 'dropped'),
      );
  }
}

/** Where a message callback's message stands: about to be sent (seq 0), or sent. */
interface MessageState {
  seq: number;
  time: number;
  isSent: boolean;
}

/**
 * Tencent's body of a message callback, one-to-one or group (`groupType` only for a group's Type).
 * One literal without spreads, as it is built on the send path for every message: the other kind's
 * fields stay undefined, which JSON leaves out, as it does SendMsgResult before a send.
 */
function messageBody(message: OutgoingMessage, state: MessageState, groupType: string): object {
  const isC2C = message.conversationType === 'C2C';
  return {
    GroupId: isC2C ? undefined : message.to,
    Type: isC2C ? undefined : groupType,
    From_Account: message.from,
    To_Account: isC2C ? message.to : undefined,
    Operator_Account: isC2C ? undefined : message.from,
    MsgSeq: state.seq,
    MsgRandom: isC2C ? message.random : undefined,
    Random: isC2C ? undefined : message.random,
    MsgTime: state.time,
    MsgKey: isC2C ? `${state.seq}_${message.random}_${state.time}` : undefined,
    MsgId: message.ID,
    OnlineOnlyFlag: message.onlineOnly ? 1 : 0,
    MsgBody: toMsgBody(message.content),
    CloudCustomData: message.cloudCustomData,
    SendMsgResult: state.isSent ? 0 : undefined,
    ErrorInfo: state.isSent ? 'send msg succeed' : undefined,
    EventTime: isC2C ? undefined : Date.now(),
  };
}

function refusal(conversationType: 'C2C' | 'GROUP', code: number, info: string): LiaisonError {
  if (code >= APP_CODES.min && code <= APP_CODES.max) {
    // The app backend's own code, passed through as Tencent does; it is outside our catalogue by design.
    return new LiaisonError(code as ErrorCode, info);
  }
  const ours = conversationType === 'C2C' ? ErrorCode.C2C_CALLBACK_REFUSED : ErrorCode.GROUP_CALLBACK_REFUSED;
  return info === '' ? new LiaisonError(ours) : new LiaisonError(ours, info);
}
