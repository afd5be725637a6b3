import { randomBytes } from 'node:crypto';
import {
  type Call,
  type CallChange,
  CallLimits,
  ErrorCode,
  LiaisonError,
  type OpRequestParsed,
  type OpResponse,
  RateLimitError,
} from '@liaison/protocol';
import { type Bus, userTarget } from '../../bus/bus';
import type { Database, Sql } from '../../db/database';
import { BucketMap } from '../../limits/token-bucket';
import { countRefusal } from '../../metrics/metrics';
import { loadAsMember, membersOf } from '../groups/group-access';
import type { MessageWriter } from '../messages/message-writer';
import { type C2CRules, c2cPairKey, c2cRefusals } from '../relations/c2c-permission';
import type { ClientSession, RegistryObserver, SessionDirectory, SessionUser } from '../session';
import { ringableInvitees } from './call-blocks';
import { sendCallRecord } from './call-record';
import { cancelInvites, connectIfTwoJoined, endIfOver, type FailedBy, liveCount, participantOf } from './call-rules';
import {
  busyUsers,
  callsPastDeadline,
  insertCall,
  isInAnotherCall,
  joinedSeats,
  liveCallIDsOf,
  liveGroupCallID,
  loadCall,
  loadCalls,
  type StoredCall,
  saveCall,
} from './call-store';
import { iceServersFor } from './ice-servers';
import type { CallSettings } from './settings';
import { SignalRelay } from './signal-relay';

export interface CallDeps {
  db: Database;
  bus: Bus;
  writer: MessageWriter;
  registry: SessionDirectory;
  settings: CallSettings;
  /** Names this deployment's bus channels (its SDKAppID). */
  scope: string;
  /** The rules of one-to-one messages, which one-to-one calls follow (im/relations/c2c-permission.ts). */
  c2c: C2CRules;
  /** Everyone online on any process (presence): a joined participant who is not was on a process that died. */
  onlineUsers(): string[];
  onError: (err: unknown) => void;
}

/** One push of a step: what changed and who did it; `except` already has the answer. */
interface Push {
  change: CallChange;
  userID: string | null;
  except?: string;
}

/** What a step decided, for `step` to store and announce. */
interface Outcome {
  pushes: Push[];
  /** The step was this participant's media failure: if it ends the call, it ends 'failed' and the record says why. */
  failedBy?: FailedBy;
}

/**
 * Voice and video calls (docs/calls.md): the state machine, kept in the database so every process
 * shares it. Each step locks the call's row, decides in memory (call-rules.ts), stores what
 * changed and then tells every participant's tabs on any process through the bus; a call that
 * ends leaves its record in the conversation. Signalling goes to joined connections only
 * (signal-relay.ts). Invites time out on a timer of the process that sent them, and every
 * process's sweeper also catches what a process that died left ringing or joined.
 */
export class CallService implements RegistryObserver {
  private readonly relay: SignalRelay;
  /** Calls started and invites sent, per user: each rings someone else's devices. */
  private readonly invites: BucketMap;
  /** Invite timeouts scheduled here, by call. */
  private readonly timers = new Map<string, () => void>();
  private stopSweeping: (() => void) | null = null;

  constructor(private readonly deps: CallDeps) {
    this.relay = new SignalRelay(deps.bus, `call-signal.${deps.scope}`, {
      perSecond: deps.settings.signalsPerSecond,
      burst: deps.settings.signalBurst,
    });
    this.invites = new BucketMap(deps.settings.invitesPerMinute / 60, deps.settings.inviteBurst);
  }

  start(): void {
    this.deps.registry.observe(this);
    this.relay.start();
    this.scheduleSweep();
  }

  close(): void {
    this.stopSweeping?.();
    this.stopSweeping = null;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }

  /** A connection went (closed, dropped, logged out): it leaves the calls it joined. */
  sessionRemoved(session: ClientSession): void {
    const userID = session.user?.userID;
    if (!userID) return;
    for (const callID of this.relay.release(session)) {
      this.leaveFrom(callID, userID, session.id).catch(this.deps.onError);
    }
  }

  async getCallConfig(user: SessionUser): Promise<OpResponse<'getCallConfig'>> {
    const { settings } = this.deps;
    return {
      iceServers: iceServersFor(settings, user.userID, settings.clock.now()),
      inviteTimeoutSeconds: settings.inviteTimeoutSeconds,
      maxParticipants: CallLimits.MAX_PARTICIPANTS,
    };
  }

  async startCall(
    session: ClientSession,
    user: SessionUser,
    body: OpRequestParsed<'startCall'>,
  ): Promise<OpResponse<'startCall'>> {
    const me = user.userID;
    const named = [...new Set(body.userIDList)];
    if (named.includes(me)) throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'you cannot call yourself');
    if (body.groupID === undefined) await this.requireMayCall(me, named);
    else await this.requireMembers(this.deps.db, body.groupID, me, named);
    const invitees =
      body.groupID === undefined ? named : await ringableInvitees(this.deps.db, [me], named, this.deps.c2c);
    if (1 + invitees.length > CallLimits.MAX_PARTICIPANTS) throw new LiaisonError(ErrorCode.CALL_TOO_MANY_PARTICIPANTS);
    const now = this.now();
    this.admitInvite(me, now);
    const stored: StoredCall = {
      call: {
        callID: randomBytes(12).toString('base64url'),
        type: body.type,
        groupID: body.groupID ?? null,
        inviterID: me,
        state: 'ringing',
        createdAt: now,
        connectedAt: null,
        endedAt: null,
        endReason: null,
        failure: null,
        failedUserID: null,
        participants: [{ userID: me, state: 'joined', joinedAt: now, micMuted: false, cameraOff: false }],
      },
      seats: new Map([[me, { sessionKey: session.id, invitedAt: now }]]),
    };
    const pushes = await this.deps.db.transaction(async (tx) => {
      if (await isInAnotherCall(tx, me)) throw new LiaisonError(ErrorCode.CALL_ALREADY_IN_CALL);
      if (body.groupID !== undefined && (await liveGroupCallID(tx, body.groupID)) !== null) {
        throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, 'the group has a call going: join it instead');
      }
      const outcome = await this.invite(tx, stored, me, invitees, now, session.id);
      const ended = endIfOver(stored.call, now);
      await insertCall(tx, stored, this.inviteTimeoutMs());
      return ended ? [...outcome.pushes, { change: 'ended' as const, userID: null }] : outcome.pushes;
    });
    await this.afterStep(stored, pushes, session);
    return { call: stored.call };
  }

  async acceptCall(session: ClientSession, user: SessionUser, body: OpRequestParsed<'acceptCall'>) {
    return this.callOf(
      this.step(body.callID, session, async (tx, stored, now) => {
        const me = requireParticipant(stored.call, user.userID);
        if (me.state !== 'invited') {
          throw new LiaisonError(
            ErrorCode.CALL_INVALID_STATE,
            'this invite was answered already, here or on another tab',
          );
        }
        if (await isInAnotherCall(tx, user.userID, stored.call.callID)) {
          throw new LiaisonError(ErrorCode.CALL_ALREADY_IN_CALL);
        }
        join(stored, user.userID, session.id, now);
        return { pushes: [{ change: 'joined', userID: user.userID, except: session.id }] };
      }),
    );
  }

  async rejectCall(session: ClientSession, user: SessionUser, body: OpRequestParsed<'rejectCall'>) {
    return this.callOf(
      this.step(body.callID, session, async (_tx, stored) => {
        const me = requireParticipant(stored.call, user.userID);
        if (me.state !== 'invited')
          throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, 'only a ringing invite can be declined');
        me.state = 'declined';
        return { pushes: [{ change: 'declined', userID: user.userID, except: session.id }] };
      }),
    );
  }

  /** The request's schema already refused a `failure` without reason 'failed'. */
  async hangupCall(session: ClientSession, user: SessionUser, body: OpRequestParsed<'hangupCall'>) {
    const failedBy: FailedBy | undefined =
      body.reason === 'failed' ? { userID: user.userID, failure: body.failure ?? null } : undefined;
    return this.callOf(
      this.step(body.callID, session, async (_tx, stored) => ({
        pushes: [hangUp(stored, user.userID, session.id)],
        failedBy,
      })),
    );
  }

  /** Joining is the member's own choice and rings nobody, so blocklists do not stop it (as with group messages). */
  async joinCall(session: ClientSession, user: SessionUser, body: OpRequestParsed<'joinCall'>) {
    return this.callOf(
      this.step(body.callID, session, async (tx, stored, now) => {
        const { call } = stored;
        if (call.groupID === null)
          throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, 'only a group call can be joined');
        await loadAsMember(tx, call.groupID, user.userID);
        const me = participantOf(call, user.userID);
        if (me?.state === 'joined')
          throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, 'you are in this call already');
        if (me?.state !== 'invited' && liveCount(call) >= CallLimits.MAX_PARTICIPANTS) {
          throw new LiaisonError(ErrorCode.CALL_TOO_MANY_PARTICIPANTS);
        }
        if (await isInAnotherCall(tx, user.userID, call.callID)) throw new LiaisonError(ErrorCode.CALL_ALREADY_IN_CALL);
        join(stored, user.userID, session.id, now);
        return { pushes: [{ change: 'joined', userID: user.userID, except: session.id }] };
      }),
    );
  }

  async inviteToCall(session: ClientSession, user: SessionUser, body: OpRequestParsed<'inviteToCall'>) {
    return this.callOf(
      this.step(body.callID, session, async (tx, stored, now) => {
        const { call } = stored;
        const me = requireParticipant(call, user.userID);
        if (call.groupID === null)
          throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, 'a one-to-one call takes no more people');
        if (me.state !== 'joined')
          throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, 'join the call to invite others');
        const named = [...new Set(body.userIDList)].filter((id) => id !== user.userID);
        await this.requireMembers(tx, call.groupID, user.userID, named);
        const invitees = await ringableInvitees(tx, [user.userID, call.inviterID], named, this.deps.c2c);
        const fresh = invitees.filter((id) => {
          const state = participantOf(call, id)?.state;
          return state !== 'invited' && state !== 'joined';
        });
        if (liveCount(call) + fresh.length > CallLimits.MAX_PARTICIPANTS) {
          throw new LiaisonError(ErrorCode.CALL_TOO_MANY_PARTICIPANTS);
        }
        this.admitInvite(user.userID, now);
        return this.invite(tx, stored, user.userID, fresh, now, session.id);
      }),
    );
  }

  async getGroupCall(user: SessionUser, body: OpRequestParsed<'getGroupCall'>): Promise<OpResponse<'getGroupCall'>> {
    await loadAsMember(this.deps.db, body.groupID, user.userID);
    const callID = await liveGroupCallID(this.deps.db, body.groupID);
    const [stored] = callID === null ? [] : await loadCalls(this.deps.db, [callID]);
    return { call: stored?.call ?? null };
  }

  async getMyCalls(user: SessionUser): Promise<OpResponse<'getMyCalls'>> {
    const calls = await loadCalls(this.deps.db, await liveCallIDsOf(this.deps.db, user.userID));
    return { callList: calls.map((stored) => stored.call) };
  }

  /** Relays to the connection the target joined from; both must be joined, the sender from this connection. */
  async sendCallSignal(
    session: ClientSession,
    user: SessionUser,
    body: OpRequestParsed<'sendCallSignal'>,
  ): Promise<OpResponse<'sendCallSignal'>> {
    this.relay.admit(session, this.now());
    if (body.toUserID === user.userID)
      throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'a signal goes to another participant');
    const stored = await loadCall(this.deps.db, body.callID);
    if (!stored || stored.call.state === 'ended') throw new LiaisonError(ErrorCode.CALL_NOT_FOUND);
    requireJoinedHere(stored, user.userID, session);
    const target = participantOf(stored.call, body.toUserID);
    if (!target) throw new LiaisonError(ErrorCode.CALL_NOT_PARTICIPANT, `${body.toUserID} is not in this call`);
    const sessionKey = stored.seats.get(body.toUserID)?.sessionKey;
    if (target.state !== 'joined' || !sessionKey) {
      throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, `${body.toUserID} has not joined the call`);
    }
    const data = { callID: body.callID, fromUserID: user.userID, signal: body.signal };
    this.relay.send(sessionKey, JSON.stringify({ event: 'callSignal', data }));
    return {};
  }

  async setCallMediaState(session: ClientSession, user: SessionUser, body: OpRequestParsed<'setCallMediaState'>) {
    return this.callOf(
      this.step(body.callID, session, async (_tx, stored) => {
        const me = requireJoinedHere(stored, user.userID, session);
        if (body.micMuted !== undefined) me.micMuted = body.micMuted;
        if (body.cameraOff !== undefined) me.cameraOff = body.cameraOff;
        return { pushes: [{ change: 'media', userID: user.userID, except: session.id }] };
      }),
    );
  }

  /**
   * One step of a call: under its row lock, `decide` changes the call in memory (or refuses, and
   * nothing changes); the step ends the call if it is over, stores it, then announces it. A call
   * gone or ended is 60080. Resolves the call as it is now.
   */
  private async step(
    callID: string,
    session: ClientSession | null,
    decide: (tx: Sql, stored: StoredCall, now: number) => Promise<Outcome | null>,
  ): Promise<StoredCall> {
    const now = this.now();
    const { stored, pushes } = await this.deps.db.transaction(async (tx) => {
      const before = await loadCall(tx, callID, { lock: true });
      if (!before || before.call.state === 'ended') throw new LiaisonError(ErrorCode.CALL_NOT_FOUND);
      const after = copy(before);
      const outcome = await decide(tx, after, now);
      if (!outcome) return { stored: after, pushes: [] };
      const pushes = [...outcome.pushes];
      connectIfTwoJoined(after.call, now);
      if (endIfOver(after.call, now, { failedBy: outcome.failedBy })) pushes.push({ change: 'ended', userID: null });
      for (const p of after.call.participants) {
        const seat = after.seats.get(p.userID);
        if (seat && p.state !== 'joined') seat.sessionKey = null;
      }
      await saveCall(tx, before, after, this.inviteTimeoutMs());
      return { stored: after, pushes };
    });
    await this.afterStep(stored, pushes, session);
    return stored;
  }

  /** After a step committed: this process's bindings and timer, the pushes, and the record of a call that ended. */
  private async afterStep(stored: StoredCall, pushes: Push[], session: ClientSession | null): Promise<void> {
    if (pushes.length === 0) return;
    const { call, seats } = stored;
    const joinedKeys = new Set<string>();
    for (const p of call.participants) {
      const key = seats.get(p.userID)?.sessionKey;
      if (p.state === 'joined' && key) joinedKeys.add(key);
    }
    this.relay.retain(call.callID, joinedKeys);
    if (session && joinedKeys.has(session.id)) {
      this.relay.bind(session, call.callID);
      // It closed while the step ran: its close found nothing to leave, so it leaves now.
      if (!session.isOpen) this.sessionRemoved(session);
    }
    this.scheduleTimeout(stored);
    const targets = call.participants.filter((p) => p.state !== 'busy').map((p) => userTarget(p.userID));
    for (const push of pushes) {
      this.deps.bus.publish(targets, {
        event: 'call',
        data: { call, change: push.change, userID: push.userID },
        ...(push.except ? { exceptSession: push.except } : {}),
      });
    }
    // The call has ended whatever happens to its record; a failure to write it is ours to log.
    if (call.state === 'ended') await sendCallRecord(this.deps, call).catch(this.deps.onError);
  }

  /** Adds invitees to the call in memory: 'busy' if they ring or talk in another call, else 'invited'. */
  private async invite(
    tx: Sql,
    stored: StoredCall,
    inviterID: string,
    userIDs: readonly string[],
    now: number,
    except: string,
  ): Promise<Outcome> {
    const busy = await busyUsers(tx, userIDs, stored.call.callID);
    const pushes: Push[] = [];
    for (const userID of userIDs) {
      const state = busy.has(userID) ? 'busy' : 'invited';
      const existing = participantOf(stored.call, userID);
      if (existing) existing.state = state;
      else stored.call.participants.push({ userID, state, joinedAt: null, micMuted: false, cameraOff: false });
      stored.seats.set(userID, { sessionKey: null, invitedAt: now });
      if (state === 'busy') pushes.push({ change: 'busy', userID });
    }
    if (userIDs.some((id) => !busy.has(id))) pushes.unshift({ change: 'invited', userID: inviterID, except });
    return { pushes };
  }

  /** A one-to-one call follows the rules of one-to-one messages: blocklist (20007), friendship (20009). */
  private async requireMayCall(me: string, invitees: string[]): Promise<void> {
    const [callee] = invitees;
    if (invitees.length !== 1 || callee === undefined) {
      throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'a one-to-one call has one callee: give groupID for more');
    }
    const [exists] = await this.deps.db.query('SELECT 1 FROM users WHERE user_id = $1', [callee]);
    if (!exists) throw new LiaisonError(ErrorCode.USER_NOT_FOUND);
    const refusals = await c2cRefusals(this.deps.db, [{ sender: me, recipient: callee }], this.deps.c2c);
    const refusal = refusals.get(c2cPairKey(me, callee));
    if (refusal) throw refusal;
  }

  /** The actor and everyone invited must be members of the group (10010, 10011). */
  private async requireMembers(db: Sql, groupID: string, me: string, invitees: readonly string[]): Promise<void> {
    await loadAsMember(db, groupID, me);
    const members = await membersOf(db, groupID, invitees);
    const outsider = invitees.find((id) => !members.has(id));
    if (outsider !== undefined) {
      throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER, `${outsider} is not a member of the group`);
    }
  }

  /** The connection `sessionKey` closed or its process died: the user leaves the call if still in it from there. */
  private async leaveFrom(callID: string, userID: string, sessionKey: string | null): Promise<void> {
    await this.step(callID, null, async (_tx, stored) => {
      const me = participantOf(stored.call, userID);
      if (me?.state !== 'joined' || stored.seats.get(userID)?.sessionKey !== sessionKey) return null;
      return { pushes: [hangUp(stored, userID, null)] };
    }).catch(ignoreEnded);
  }

  /** Invites past their deadline become 'noAnswer' (once, whichever process gets there first). */
  private async expire(callID: string): Promise<void> {
    const timeoutMs = this.inviteTimeoutMs();
    await this.step(callID, null, async (_tx, stored, now) => {
      const pushes: Push[] = [];
      for (const p of stored.call.participants) {
        if (p.state !== 'invited' || (stored.seats.get(p.userID)?.invitedAt ?? 0) + timeoutMs > now) continue;
        p.state = 'noAnswer';
        pushes.push({ change: 'noAnswer', userID: p.userID });
      }
      return pushes.length > 0 ? { pushes } : null;
    }).catch(ignoreEnded);
  }

  /** The next invite timeout of this call, on this process's clock (replacing the one before). */
  private scheduleTimeout({ call, seats }: StoredCall): void {
    this.timers.get(call.callID)?.();
    this.timers.delete(call.callID);
    const ringing = call.participants.filter((p) => p.state === 'invited');
    if (call.state === 'ended' || ringing.length === 0) return;
    const deadline = Math.min(...ringing.map((p) => seats.get(p.userID)?.invitedAt ?? 0)) + this.inviteTimeoutMs();
    const cancel = this.deps.settings.clock.schedule(
      () => {
        this.timers.delete(call.callID);
        this.expire(call.callID).catch(this.deps.onError);
      },
      Math.max(0, deadline - this.now()),
    );
    this.timers.set(call.callID, cancel);
  }

  private scheduleSweep(): void {
    this.stopSweeping = this.deps.settings.clock.schedule(() => {
      this.sweep()
        .catch(this.deps.onError)
        .finally(() => {
          if (this.stopSweeping) this.scheduleSweep();
        });
    }, this.deps.settings.sweepIntervalMs);
  }

  /**
   * What no timer here covers: invites of calls started on a process that died, and participants
   * joined through one (their user shows offline on every process once its beats stop).
   */
  private async sweep(): Promise<void> {
    for (const callID of await callsPastDeadline(this.deps.db, this.now())) await this.expire(callID);
    const remote = (await joinedSeats(this.deps.db)).filter(
      (seat) => seat.sessionKey === null || !this.relay.isHere(seat.sessionKey),
    );
    if (remote.length === 0) return;
    const online = new Set(this.deps.onlineUsers());
    for (const seat of remote) {
      if (!online.has(seat.userID)) await this.leaveFrom(seat.callID, seat.userID, seat.sessionKey);
    }
  }

  private async callOf(step: Promise<StoredCall>): Promise<{ call: Call }> {
    return { call: (await step).call };
  }

  /** Refuses (10006, with the wait) a user past their invite budget; otherwise takes one from it. */
  private admitInvite(userID: string, now: number): void {
    const bucket = this.invites.get(userID, now);
    const waitMs = bucket.waitMs(now);
    if (waitMs > 0) {
      countRefusal('im_call_invites_per_user');
      throw new RateLimitError(ErrorCode.OPERATION_RATE_LIMITED, waitMs);
    }
    bucket.take(now);
  }

  private inviteTimeoutMs(): number {
    return this.deps.settings.inviteTimeoutSeconds * 1000;
  }

  private now(): number {
    return this.deps.settings.clock.now();
  }
}

/** Hangs up in memory: the caller before anyone answered cancels; a ringing invitee declines; else one leaves. */
function hangUp(stored: StoredCall, userID: string, except: string | null): Push {
  const { call } = stored;
  const me = requireParticipant(call, userID);
  const by = except ? { except } : {};
  if (me.state === 'invited') {
    me.state = 'declined';
    return { change: 'declined', userID, ...by };
  }
  if (me.state !== 'joined') throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, 'you are not in this call any more');
  me.state = 'left';
  if (userID === call.inviterID && call.connectedAt === null) {
    cancelInvites(call);
    return { change: 'cancelled', userID, ...by };
  }
  return { change: 'left', userID, ...by };
}

function join(stored: StoredCall, userID: string, sessionKey: string, now: number): void {
  let me = participantOf(stored.call, userID);
  if (!me) {
    me = { userID, state: 'joined', joinedAt: now, micMuted: false, cameraOff: false };
    stored.call.participants.push(me);
  }
  me.state = 'joined';
  me.joinedAt = now;
  me.micMuted = false;
  me.cameraOff = false;
  stored.seats.set(userID, { sessionKey, invitedAt: stored.seats.get(userID)?.invitedAt ?? now });
}

function requireParticipant(call: Call, userID: string) {
  const me = participantOf(call, userID);
  if (!me) throw new LiaisonError(ErrorCode.CALL_NOT_PARTICIPANT);
  return me;
}

/** Joined, and from this connection: signalling and media state belong to the tab in the call. */
function requireJoinedHere(stored: StoredCall, userID: string, session: ClientSession) {
  const me = requireParticipant(stored.call, userID);
  if (me.state !== 'joined' || stored.seats.get(userID)?.sessionKey !== session.id) {
    throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, 'you are not in this call on this connection');
  }
  return me;
}

function copy(stored: StoredCall): StoredCall {
  return {
    call: { ...stored.call, participants: stored.call.participants.map((p) => ({ ...p })) },
    seats: new Map([...stored.seats].map(([userID, seat]) => [userID, { ...seat }])),
  };
}

/** Background steps (timeouts, closed connections) on a call that ended meanwhile have nothing to do. */
function ignoreEnded(err: unknown): void {
  if (err instanceof LiaisonError && err.code === ErrorCode.CALL_NOT_FOUND) return;
  throw err;
}
