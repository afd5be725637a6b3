import type { Call, CallMediaType } from '@liaison/protocol';
import {
  CALL_EVENT,
  type CallEnd,
  type CallEngine,
  type CallMediaFailure,
  type ChatSDK,
  type NetworkQuality,
} from '@liaison/sdk';
import { describeError } from '../core/toasts/toast-center';

/** What the call UI shows right now, as one immutable snapshot. */
export interface CallView {
  call: Call | null;
  /** idle: nothing; incoming: ringing on this tab; outgoing: I called, nobody answered yet; inCall: connected. */
  phase: 'idle' | 'incoming' | 'outgoing' | 'inCall';
  localStream: MediaStream | null;
  remoteStreams: ReadonlyMap<string, MediaStream>;
  quality: ReadonlyMap<string, NetworkQuality>;
  isMinimised: boolean;
  /** I switched this video call to voice: my camera stays off and its buttons go. */
  isAudioOnly: boolean;
  /** A short word after something happened (declined, busy, a device failure…); goes by itself. */
  notice: CallNotice | null;
}

export type CallNotice =
  | { id: number; kind: 'ended'; reason: 'busy' | 'declined' | 'noAnswer' | 'cancelled' }
  | { id: number; kind: 'user'; reason: 'declined' | 'busy' | 'noAnswer'; userID: string }
  | { id: number; kind: 'failure'; failure: CallMediaFailure }
  | { id: number; kind: 'error'; code: number | null; message: string };

/** How long a notice stays: long enough to read one line, short enough not to linger. */
export const NOTICE_MS = 3_500;

type NoticeContent = CallNotice extends infer N ? (N extends { id: number } ? Omit<N, 'id'> : never) : never;

const IDLE: CallView = {
  call: null,
  phase: 'idle',
  localStream: null,
  remoteStreams: new Map(),
  quality: new Map(),
  isMinimised: false,
  isAudioOnly: false,
  notice: null,
};

/**
 * The call UI's state for one SDK instance, kept outside React (so that it outlives the component
 * that shows it, e.g. when the chat page is left mid-call) and read through useSyncExternalStore.
 * It follows the engine's events and runs the user's actions; failures become notices. Only one
 * mounted CallLayer shows it (claimLayer), so a host that mounts one app-wide and the kit's own
 * never ring twice.
 */
export class CallController {
  private view: CallView = IDLE;
  private readonly listeners = new Set<() => void>();
  private readonly layers: symbol[] = [];
  private nextNoticeID = 1;
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;
  /** I hung up (or cancelled) myself: the end needs no notice. */
  private isLeaving = false;

  constructor(readonly engine: CallEngine) {
    engine.on(CALL_EVENT.CALL_UPDATED, ({ call }) => this.follow(call));
    engine.on(CALL_EVENT.INVITED, ({ call }) => this.follow(call));
    engine.on(CALL_EVENT.CALL_NOT_RINGING, () => this.follow(engine.getActiveCall()));
    engine.on(CALL_EVENT.CALLING_END, (end) => this.handleEnd(end));
    // The caller gave up while it rang here.
    engine.on(CALL_EVENT.CALLING_CANCEL, () => this.notify({ kind: 'ended', reason: 'cancelled' }));
    engine.on(CALL_EVENT.REJECT, ({ call, userID }) => this.handleUserGone(call, userID, 'declined'));
    engine.on(CALL_EVENT.LINE_BUSY, ({ call, userID }) => this.handleUserGone(call, userID, 'busy'));
    engine.on(CALL_EVENT.NO_RESP, ({ call, userID }) => this.handleUserGone(call, userID, 'noAnswer'));
    engine.on(CALL_EVENT.LOCAL_STREAM, ({ stream }) => this.set({ localStream: stream }));
    engine.on(CALL_EVENT.REMOTE_STREAM, ({ userID, stream }) => {
      const remoteStreams = new Map(this.view.remoteStreams);
      if (stream) remoteStreams.set(userID, stream);
      else remoteStreams.delete(userID);
      this.set({ remoteStreams });
    });
    engine.on(CALL_EVENT.NETWORK_QUALITY, (list) => {
      const quality = new Map(this.view.quality);
      for (const { userID, quality: value } of list) quality.set(userID, value);
      this.set({ quality });
    });
    engine.on(CALL_EVENT.ERROR, (error) => {
      if (error.failure) this.notify({ kind: 'failure', failure: error.failure });
      else this.notify({ kind: 'error', code: error.code, message: error.message });
    });
    this.follow(engine.getActiveCall());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallView => this.view;

  /** A CallLayer takes its turn; the first one mounted (and still mounted) shows the calls. */
  claimLayer(token: symbol): () => void {
    this.layers.push(token);
    this.emit();
    return () => {
      const index = this.layers.indexOf(token);
      if (index >= 0) this.layers.splice(index, 1);
      this.emit();
    };
  }

  isShownBy(token: symbol): boolean {
    return this.layers[0] === token;
  }

  /** One-to-one call. */
  call(userID: string, type: CallMediaType): void {
    this.run(() => this.engine.call({ userID, type }));
  }

  groupCall(groupID: string, userIDList: string[], type: CallMediaType): void {
    this.run(() => this.engine.groupCall({ groupID, userIDList, type }));
  }

  join(callID: string): void {
    this.run(() => this.engine.join({ callID }));
  }

  accept(): void {
    this.run(() => this.engine.accept());
  }

  reject(): void {
    this.isLeaving = true;
    this.run(() => this.engine.reject());
  }

  hangup(): void {
    this.isLeaving = true;
    this.run(() => this.engine.hangup());
  }

  setMicMute(muted: boolean): void {
    this.run(() => this.engine.setMicMute(muted));
  }

  setCameraOff(off: boolean): void {
    this.run(() => this.engine.setCameraOff(off));
  }

  switchCamera(): void {
    this.run(() => this.engine.switchCamera());
  }

  switchToAudio(): void {
    this.run(async () => {
      await this.engine.switchToAudio();
      this.set({ isAudioOnly: true });
    });
  }

  setMinimised(isMinimised: boolean): void {
    this.set({ isMinimised });
  }

  /** Something the kit refused before asking the engine (e.g. a call while in a call). */
  report(error: unknown): void {
    const { code, message } = describeError(error);
    this.notify({ kind: 'error', code, message });
  }

  dismissNotice(): void {
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.noticeTimer = null;
    this.set({ notice: null });
  }

  private run(step: () => Promise<unknown>): void {
    step().then(
      () => this.follow(this.engine.getActiveCall()),
      (error: unknown) => {
        this.report(error);
        this.follow(this.engine.getActiveCall());
      },
    );
  }

  private follow(call: Call | null): void {
    const active = call && call.state !== 'ended' ? call : null;
    if (!active) {
      if (this.view.call === null && this.view.phase === 'idle') return;
      this.set({ ...IDLE, notice: this.view.notice });
      this.isLeaving = false;
      return;
    }
    // A new call: what the last one left behind (streams, a minimised window) does not carry over.
    const isNew = this.view.call?.callID !== active.callID;
    this.set({
      call: active,
      phase: phaseOf(active, this.engine.isRingingHere()),
      ...(isNew ? { remoteStreams: new Map(), quality: new Map(), isMinimised: false, isAudioOnly: false } : {}),
    });
    if (isNew) this.isLeaving = false;
  }

  private handleEnd(end: CallEnd): void {
    const wasLeaving = this.isLeaving;
    this.follow(null);
    if (wasLeaving || this.view.notice?.kind === 'failure') return;
    const { reason } = end;
    if (reason === 'busy' || reason === 'declined' || reason === 'noAnswer' || reason === 'cancelled') {
      this.notify({ kind: 'ended', reason });
    }
  }

  /** In a group call one invitee's answer is news; in a one-to-one call the end says it. */
  private handleUserGone(call: Call, userID: string, reason: 'declined' | 'busy' | 'noAnswer'): void {
    if (call.groupID !== null && call.state !== 'ended') this.notify({ kind: 'user', reason, userID });
  }

  private notify(notice: NoticeContent): void {
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.set({ notice: { ...notice, id: this.nextNoticeID++ } as CallNotice });
    this.noticeTimer = setTimeout(() => this.dismissNotice(), NOTICE_MS);
  }

  private set(patch: Partial<CallView>): void {
    this.view = { ...this.view, ...patch };
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

const controllers = new WeakMap<ChatSDK, CallController>();

/** The call controller of an SDK instance, made on first use (with the SDK's one engine). */
export function callControllerOf(chat: ChatSDK): CallController {
  let controller = controllers.get(chat);
  if (!controller) {
    controller = new CallController(chat.getCallEngine());
    controllers.set(chat, controller);
  }
  return controller;
}

/** Which screen a live call needs here. */
export function phaseOf(call: Call, isRingingHere: boolean): CallView['phase'] {
  if (isRingingHere) return 'incoming';
  return call.state === 'connected' ? 'inCall' : 'outgoing';
}
