import { type Call, CallMediaType, type CallParticipant, ErrorCode, LiaisonError } from '@liaison/protocol';
import { invalidParams, toLiaisonError } from '../core/errors';
import { Logger } from '../core/logger';
import { CallEmitter } from './call-emitter';
import { CallMedia, detectWebRTC } from './call-media';
import { entryEmissions, participantEmissions } from './call-transitions';
import {
  CALL_EVENT,
  type CallEnd,
  type CallEngine,
  type CallEventHandler,
  type CallEventName,
  type CallMediaFailure,
  type CallSignalling,
  type WebRTCEnvironment,
} from './call-types';
import { mediaFailureError } from './media-failure';

export interface CallEngineOptions {
  signalling: CallSignalling;
  me(): string;
  /** Omitted: the browser's own; null: signalling only (see detectWebRTC). */
  webRTC?: WebRTCEnvironment | null;
}

export function createCallEngine(options: CallEngineOptions): CallEngine {
  return new Engine(options);
}

/** The one engine of an SDK instance, made when first asked for. */
export function lazyCallEngine(options: CallEngineOptions): () => CallEngine {
  let engine: CallEngine | null = null;
  return () => {
    engine ??= createCallEngine(options);
    return engine;
  };
}

/** The one call this tab is part of. */
interface Active {
  call: Call;
  /** 'ringing': I am invited and it rings here; 'joined': I am in it from this tab (the caller from the start). */
  role: 'ringing' | 'joined';
  /** An answer from this tab is on its way: my own 'joined' is not another tab's answer. */
  accepting: boolean;
  /** CALL_BEGIN was emitted. */
  begun: boolean;
}

/**
 * The call state machine of one tab over the server's pushes, and the media that goes with it.
 * The server owns the call; this tab mirrors the latest snapshot it has and tells its listeners
 * what changed.
 */
class Engine implements CallEngine {
  private readonly events = new CallEmitter();
  private readonly logger = new Logger();
  private readonly signalling: CallSignalling;
  private readonly webRTC: WebRTCEnvironment | 'unsupported' | null;
  private active: Active | null = null;
  /** A start or join is on its way (the call is not known yet): no second one, no ringing. */
  private starting = false;
  private media: { callID: string | null; media: CallMedia } | null = null;
  /** A join on its way, and the last push about that call meanwhile (it can overtake the answer). */
  private joining: { callID: string; latest: Call | null } | null = null;

  constructor(private readonly options: CallEngineOptions) {
    this.signalling = options.signalling;
    this.webRTC = detectWebRTC(options.webRTC);
    this.signalling.onCall(({ call, change }) => this.handlePush(call, change));
    this.signalling.onSignal(({ callID, fromUserID, signal }) => {
      if (this.media?.callID === callID) this.media.media.handleSignal(fromUserID, signal);
    });
    this.signalling.onResync((calls) => this.handleResync(calls));
    // An invite that rang before this engine existed (the page was reloaded while ringing). Only
    // rings: this list may be older than a call started meanwhile. Before login it fails, and the
    // resync after the next connection covers it.
    this.signalling.getMyCalls().then(
      (calls) => {
        for (const call of calls) this.ring(call);
      },
      () => undefined,
    );
  }

  on<K extends CallEventName>(name: K, handler: CallEventHandler<K>): void {
    this.events.on(name, handler);
  }

  off<K extends CallEventName>(name: K, handler: CallEventHandler<K>): void {
    this.events.off(name, handler);
  }

  async call(options: { userID: string; type: CallMediaType }): Promise<Call> {
    if (typeof options?.userID !== 'string' || options.userID === '') throw invalidParams('call: userID is required');
    return this.start({ type: options.type, userIDList: [options.userID] });
  }

  async groupCall(options: { userIDList: string[]; groupID: string; type: CallMediaType }): Promise<Call> {
    const { userIDList, groupID, type } = options ?? {};
    if (
      !Array.isArray(userIDList) ||
      userIDList.length === 0 ||
      userIDList.some((id) => typeof id !== 'string' || !id)
    ) {
      throw invalidParams('groupCall: userIDList must name at least one member');
    }
    if (typeof groupID !== 'string' || groupID === '') throw invalidParams('groupCall: groupID is required');
    return this.start({ type, userIDList, groupID });
  }

  async accept(): Promise<Call> {
    const active = this.active;
    if (active?.role !== 'ringing' || active.accepting) {
      throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, 'accept: no call is ringing on this tab');
    }
    const { callID, type } = active.call;
    active.accepting = true;
    const media = this.openMedia(callID);
    const acquiring = media ? media.acquire(type) : this.unsupported();
    try {
      const call = await this.signalling.accept(callID);
      if (this.active !== active) {
        // The call ended while my answer was on its way (its end overtook the answer).
        this.closeMedia();
        return call;
      }
      this.enter(call);
      this.watchMedia(callID, acquiring);
      return call;
    } catch (error) {
      active.accepting = false;
      this.closeMedia();
      throw toLiaisonError(error);
    }
  }

  async reject(): Promise<Call> {
    const active = this.active;
    if (active?.role !== 'ringing')
      throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, 'reject: no call is ringing on this tab');
    // Closed here at once; the server's pushes about my decline are then not this tab's concern.
    this.active = null;
    this.events.emit(CALL_EVENT.CALL_UPDATED, { call: null });
    return this.signalling.reject(active.call.callID).catch((error) => {
      throw toLiaisonError(error);
    });
  }

  async hangup(): Promise<Call> {
    const active = this.active;
    if (!active) throw new LiaisonError(ErrorCode.CALL_NOT_FOUND, 'hangup: there is no active call');
    if (active.role === 'ringing') return this.reject();
    return this.leave();
  }

  async join(options: { callID: string }): Promise<Call> {
    const callID = options?.callID;
    if (typeof callID !== 'string' || callID === '') throw invalidParams('join: callID is required');
    this.claim();
    this.joining = { callID, latest: null };
    const media = this.openMedia(callID);
    try {
      const call = await this.signalling.join(callID);
      const overtaken = this.joining?.latest;
      this.enter(call);
      // Across server processes the end of the call can arrive before the answer to my join.
      if (overtaken?.state === 'ended') this.update(overtaken);
      else this.watchMedia(callID, media ? media.acquire(call.type) : this.unsupported());
      return call;
    } catch (error) {
      this.closeMedia();
      throw toLiaisonError(error);
    } finally {
      this.starting = false;
      this.joining = null;
    }
  }

  async inviteUser(options: { userIDList: string[] }): Promise<Call> {
    const userIDList = options?.userIDList;
    if (!Array.isArray(userIDList) || userIDList.length === 0)
      throw invalidParams('inviteUser: userIDList is required');
    const active = this.requireJoined('inviteUser');
    const call = await this.signalling.invite(active.call.callID, userIDList);
    this.update(call);
    return call;
  }

  async getGroupCall(options: { groupID: string }): Promise<Call | null> {
    const groupID = options?.groupID;
    if (typeof groupID !== 'string' || groupID === '') throw invalidParams('getGroupCall: groupID is required');
    return this.signalling.getGroupCall(groupID);
  }

  async setMicMute(muted: boolean): Promise<void> {
    const active = this.requireJoined('setMicMute');
    this.media?.media.setMicEnabled(!muted);
    this.update(await this.signalling.setMediaState(active.call.callID, { micMuted: muted }));
  }

  async setCameraOff(off: boolean): Promise<void> {
    const active = this.requireJoined('setCameraOff');
    if (active.call.type !== CallMediaType.VIDEO) throw invalidParams('setCameraOff: this is a voice call');
    await this.media?.media.setCameraEnabled(!off);
    this.update(await this.signalling.setMediaState(active.call.callID, { cameraOff: off }));
  }

  async switchCamera(): Promise<void> {
    this.requireJoined('switchCamera');
    await this.media?.media.switchCamera();
  }

  async switchToAudio(): Promise<void> {
    const active = this.requireJoined('switchToAudio');
    if (active.call.type !== CallMediaType.VIDEO) return;
    await this.media?.media.stopCamera();
    this.update(await this.signalling.setMediaState(active.call.callID, { cameraOff: true }));
  }

  getActiveCall(): Call | null {
    return this.active?.call ?? null;
  }

  isRingingHere(): boolean {
    return this.active?.role === 'ringing';
  }

  async getStats(): Promise<{ userID: string; connectionState: string; framesDecoded: number }[]> {
    return this.media ? this.media.media.getStats() : [];
  }

  private async start(request: { type: CallMediaType; userIDList: string[]; groupID?: string }): Promise<Call> {
    if (request.type !== CallMediaType.AUDIO && request.type !== CallMediaType.VIDEO) {
      throw invalidParams('type must be 1 (voice) or 2 (video)');
    }
    this.claim();
    // The preview starts while the invite goes out; the signals wait for the call's ID.
    const media = this.openMedia(null);
    const acquiring = media ? media.acquire(request.type) : this.unsupported();
    try {
      const call = await this.signalling.start(request);
      if (this.media) this.media.callID = call.callID;
      // Measured against the call as it began, so that invitees already busy are reported.
      this.active = { call: asJustStarted(call), role: 'joined', accepting: false, begun: false };
      this.update(call);
      this.watchMedia(call.callID, acquiring);
      return call;
    } catch (error) {
      this.closeMedia();
      throw toLiaisonError(error);
    } finally {
      this.starting = false;
    }
  }

  /** One call at a time: refused while one rings, runs or is being started here. */
  private claim(): void {
    if (this.active || this.starting) {
      throw new LiaisonError(ErrorCode.CALL_ALREADY_IN_CALL, 'There is a call on this tab already: hang up first');
    }
    this.starting = true;
  }

  private requireJoined(method: string): Active {
    const active = this.active;
    if (active?.role !== 'joined')
      throw new LiaisonError(ErrorCode.CALL_INVALID_STATE, `${method}: not in a call on this tab`);
    return active;
  }

  private handlePush(call: Call, change: string): void {
    if (this.joining?.callID === call.callID) {
      this.joining.latest = call;
      return;
    }
    if (this.active?.call.callID === call.callID) {
      this.update(call);
      return;
    }
    if (change === 'invited') this.ring(call);
  }

  /** A call the server still has for me after a reconnect (or when the engine starts). */
  private handleResync(calls: Call[]): void {
    const active = this.active;
    if (!active) {
      for (const call of calls) this.ring(call);
      return;
    }
    const current = calls.find((call) => call.callID === active.call.callID);
    if (current) {
      this.update(current);
      if (this.active?.role === 'joined') this.media?.media.repair();
    } else if (active.role === 'ringing') this.stopRinging(active.call);
    else this.finish(active.call, 'ended');
  }

  /** Rings for a call I am invited to, unless this tab has a call already. */
  private ring(call: Call): void {
    if (this.active || this.starting || call.state === 'ended' || this.mine(call)?.state !== 'invited') return;
    this.active = { call, role: 'ringing', accepting: false, begun: false };
    this.events.emit(CALL_EVENT.INVITED, { call, inviterID: call.inviterID, type: call.type, groupID: call.groupID });
    this.events.emit(CALL_EVENT.CALL_UPDATED, { call });
  }

  /** A newer snapshot of the active call. */
  private update(next: Call): void {
    const active = this.active;
    if (active?.call.callID !== next.callID) return;
    const previous = active.call;
    active.call = next;
    const mine = this.mine(next);
    if (active.role === 'ringing') {
      const stillMine =
        next.state !== 'ended' && (mine?.state === 'invited' || (active.accepting && mine?.state === 'joined'));
      if (stillMine) this.events.emit(CALL_EVENT.CALL_UPDATED, { call: next });
      else this.stopRinging(next);
      return;
    }
    this.events.emitAll(participantEmissions(previous, next, this.options.me()));
    if (next.state === 'ended' || mine?.state !== 'joined') {
      this.finish(next);
      return;
    }
    this.connectPeers(next, mine);
    this.begin(active);
    this.events.emit(CALL_EVENT.CALL_UPDATED, { call: next });
  }

  /** I answered or joined from this tab. */
  private enter(call: Call): void {
    const active: Active = { call, role: 'joined', accepting: false, begun: false };
    this.active = active;
    this.events.emitAll(entryEmissions(call, this.options.me()));
    const mine = this.mine(call);
    if (mine) this.connectPeers(call, mine);
    this.begin(active);
    this.events.emit(CALL_EVENT.CALL_UPDATED, { call });
  }

  private begin(active: Active): void {
    if (active.begun || active.call.state !== 'connected') return;
    active.begun = true;
    this.events.emit(CALL_EVENT.CALL_BEGIN, { call: active.call });
  }

  /** Offers to the joined peers who joined after me; links to everyone else who is not joined close. */
  private connectPeers(call: Call, mine: CallParticipant): void {
    const media = this.media?.media;
    if (!media) return;
    const others = call.participants.filter((p) => p.state === 'joined' && p.userID !== mine.userID);
    for (const other of others) if (joinedBefore(mine, other)) media.connectTo(other.userID);
    media.keepOnly(others.map((p) => p.userID));
  }

  private stopRinging(call: Call): void {
    this.active = null;
    if (call.endReason === 'cancelled' || this.mine(call)?.state === 'cancelled') {
      this.events.emit(CALL_EVENT.CALLING_CANCEL, { call });
    }
    this.events.emit(CALL_EVENT.CALL_NOT_RINGING, { call });
    this.events.emit(CALL_EVENT.CALL_UPDATED, { call: null });
  }

  /**
   * Leaves the call from this tab; the media stops at once, before the server answers. With a
   * failure, the hang-up says media failed and why (the call record says so if this ends the call).
   */
  private async leave(failure?: CallMediaFailure): Promise<Call> {
    const active = this.requireJoined('hangup');
    this.closeMedia();
    try {
      const call = await this.signalling.hangup(active.call.callID, failure);
      this.finish(call);
      return call;
    } catch (error) {
      this.finish(active.call);
      throw toLiaisonError(error);
    }
  }

  /** The call is over for this tab: ended for everyone, or I left it. */
  private finish(call: Call, reason?: CallEnd['reason']): void {
    if (this.active?.call.callID !== call.callID) return;
    this.active = null;
    this.closeMedia();
    this.events.emit(CALL_EVENT.CALLING_END, {
      call,
      totalTime: secondsConnected(call, this.mine(call)),
      reason: reason ?? (call.state === 'ended' ? (call.endReason ?? 'ended') : 'hangup'),
    });
    this.events.emit(CALL_EVENT.CALL_UPDATED, { call: null });
  }

  /** The media for the call about to start (callID null until the server names it), or null without WebRTC. */
  private openMedia(callID: string | null): CallMedia | null {
    const env = this.webRTC;
    if (!env || env === 'unsupported') return null;
    const media = new CallMedia({
      env,
      iceServers: async () => (await this.signalling.getConfig()).iceServers,
      send: async (toUserID, signal) => {
        const id = this.media?.media === media ? this.media.callID : null;
        if (id) await this.signalling.sendSignal(id, toUserID, signal);
      },
      emit: (name, data) => this.events.emit(name, data),
      onPeerLost: () => {
        // Group calls go on without that one peer; a one-to-one call has nobody left to talk to.
        if (this.media?.media === media && this.active?.call.groupID === null) this.fail('connectionFailed');
      },
      logger: this.logger,
    });
    this.media = { callID, media };
    return media;
  }

  private closeMedia(): void {
    this.media?.media.close();
    this.media = null;
  }

  /** In a browser that cannot capture, the call fails as soon as it is set up. */
  private async unsupported(): Promise<CallMediaFailure | null> {
    return this.webRTC === 'unsupported' ? 'webrtcUnsupported' : null;
  }

  private watchMedia(callID: string, acquiring: Promise<CallMediaFailure | null>): void {
    void acquiring.then((failure) => {
      if (failure && this.active?.call.callID === callID) this.fail(failure);
    });
  }

  /** Media could not start or carry on: say why, and hang up so the call record says it failed and why. */
  private fail(failure: CallMediaFailure): void {
    this.events.emit(CALL_EVENT.ERROR, mediaFailureError(failure));
    this.leave(failure).catch((error) => this.logger.warn('hanging up a failed call was refused', error));
  }

  private mine(call: Call): CallParticipant | undefined {
    const me = this.options.me();
    return call.participants.find((p) => p.userID === me);
  }
}

/** The call as the server created it: every invitee ringing. */
function asJustStarted(call: Call): Call {
  return {
    ...call,
    state: 'ringing',
    participants: call.participants.map((p) => (p.userID === call.inviterID ? p : { ...p, state: 'invited' })),
  };
}

/** The mesh's offer rule (call-media.ts): the one who joined first offers; on a tie, the smaller userID. */
function joinedBefore(mine: CallParticipant, other: CallParticipant): boolean {
  const a = mine.joinedAt ?? 0;
  const b = other.joinedAt ?? 0;
  return a < b || (a === b && mine.userID < other.userID);
}

/** Seconds I was in the connected call: from when it connected (or I joined, later) to its end or now. */
function secondsConnected(call: Call, mine: CallParticipant | undefined): number {
  if (call.connectedAt === null) return 0;
  const from = Math.max(call.connectedAt, mine?.joinedAt ?? 0);
  const to = call.endedAt ?? Date.now();
  return Math.max(0, Math.round((to - from) / 1000));
}
