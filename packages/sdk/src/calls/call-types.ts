import type { Call, CallMediaFailure, CallMediaType, CallSignal, ErrorBody, IceServer } from '@liaison/protocol';

/**
 * The call API, shaped like the reference call engine (TUICallEngine): `call`, `groupCall`,
 * `accept`, `reject`, `hangup`, `join`, device controls, and events by name. One engine per
 * ChatSDK (`chat.getCallEngine()`); it holds at most one active call at a time.
 */

/** The reference engine's event names, with its string values. */
export const CALL_EVENT = {
  /** I am invited: ring. data: CallInvitation. */
  INVITED: 'onCallReceived',
  /** A call I was ringing for stopped ringing here without my answer (answered on another tab, cancelled, timed out). */
  CALL_NOT_RINGING: 'onCallNotConnected',
  /** The call is connected: the second participant joined. */
  CALL_BEGIN: 'onCallBegin',
  /** An invitee answered. */
  USER_ACCEPT: 'onUserAccept',
  /** An invitee declined. */
  REJECT: 'onUserReject',
  /** An invitee was in another call. */
  LINE_BUSY: 'onUserLineBusy',
  /** An invitee did not answer in time. */
  NO_RESP: 'onUserNoResponse',
  /** The caller gave up before I answered. */
  CALLING_CANCEL: 'onCallCancelled',
  /** The call is over (for everyone, or for me after hangup). data: CallEnd. */
  CALLING_END: 'onCallEnd',
  /** Someone joined the call (their media follows). */
  USER_ENTER: 'onUserJoin',
  /** Someone left the call. */
  USER_LEAVE: 'onUserLeave',
  /** A participant's camera came on or went off. */
  USER_VIDEO_AVAILABLE: 'onUserVideoAvailable',
  /** A participant's microphone came on or went off. */
  USER_AUDIO_AVAILABLE: 'onUserAudioAvailable',
  /** A remote participant's media stream arrived (attach it to a <video>/<audio>) or went away (null). */
  REMOTE_STREAM: 'onRemoteStream',
  /** My local preview stream (null when it stops). */
  LOCAL_STREAM: 'onLocalStream',
  /** Connection quality per remote participant, about every 2 s while connected. */
  NETWORK_QUALITY: 'onUserNetworkQualityChanged',
  /** The call's state as the server has it changed in any way (for UIs that render it whole). */
  CALL_UPDATED: 'onCallUpdated',
  /** A device or WebRTC failure (the engine also hangs up with reason 'failed' when it cannot continue). */
  ERROR: 'onError',
} as const;
export type CallEventName = (typeof CALL_EVENT)[keyof typeof CALL_EVENT];

/** The reference engine's media types. */
export const CALL_MEDIA_TYPE = { AUDIO: 1, VIDEO: 2 } as const satisfies Record<string, CallMediaType>;

/** 1 best … 5 bad, 0 unknown (the reference engine's scale). */
export type NetworkQuality = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * Why the engine could not do media (the protocol's callMediaFailureSchema): shown to the user,
 * sent with the hang-up, and what the call record says (Call.failure, endReason 'failed').
 */
export type { CallMediaFailure };

export interface CallInvitation {
  call: Call;
  inviterID: string;
  type: CallMediaType;
  groupID: string | null;
}

export interface CallUserEvent {
  call: Call;
  userID: string;
}

export interface CallEnd {
  call: Call;
  /** Seconds connected (0 if it never connected). */
  totalTime: number;
  reason: NonNullable<Call['endReason']> | 'hangup';
}

export interface CallEventDataMap {
  [CALL_EVENT.INVITED]: CallInvitation;
  [CALL_EVENT.CALL_NOT_RINGING]: { call: Call };
  [CALL_EVENT.CALL_BEGIN]: { call: Call };
  [CALL_EVENT.USER_ACCEPT]: CallUserEvent;
  [CALL_EVENT.REJECT]: CallUserEvent;
  [CALL_EVENT.LINE_BUSY]: CallUserEvent;
  [CALL_EVENT.NO_RESP]: CallUserEvent;
  [CALL_EVENT.CALLING_CANCEL]: { call: Call };
  [CALL_EVENT.CALLING_END]: CallEnd;
  [CALL_EVENT.USER_ENTER]: CallUserEvent;
  [CALL_EVENT.USER_LEAVE]: CallUserEvent;
  [CALL_EVENT.USER_VIDEO_AVAILABLE]: { userID: string; isVideoAvailable: boolean };
  [CALL_EVENT.USER_AUDIO_AVAILABLE]: { userID: string; isAudioAvailable: boolean };
  [CALL_EVENT.REMOTE_STREAM]: { userID: string; stream: MediaStream | null };
  [CALL_EVENT.LOCAL_STREAM]: { stream: MediaStream | null };
  [CALL_EVENT.NETWORK_QUALITY]: { userID: string; quality: NetworkQuality; roundTripMs: number | null }[];
  [CALL_EVENT.CALL_UPDATED]: { call: Call | null };
  [CALL_EVENT.ERROR]: ErrorBody & { failure?: CallMediaFailure };
}

export type CallEventHandler<K extends CallEventName> = (data: CallEventDataMap[K]) => void;

/**
 * What the browser gives for media. Defaults to globalThis.RTCPeerConnection and
 * navigator.mediaDevices; absent (Node), the engine does signalling only and a call's media
 * never starts (tests of the state machine, bots).
 */
export interface WebRTCEnvironment {
  RTCPeerConnection: typeof RTCPeerConnection;
  mediaDevices: Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'>;
}

/** The reference engine's calls, all resolving to the call as the server has it after the step. */
export interface CallEngine {
  on<K extends CallEventName>(name: K, handler: CallEventHandler<K>): void;
  off<K extends CallEventName>(name: K, handler: CallEventHandler<K>): void;
  /** One-to-one call. */
  call(options: { userID: string; type: CallMediaType }): Promise<Call>;
  /** Group call with members of groupID (not including me). */
  groupCall(options: { userIDList: string[]; groupID: string; type: CallMediaType }): Promise<Call>;
  /** Answer the ringing call on this tab. */
  accept(): Promise<Call>;
  reject(): Promise<Call>;
  /** Leave (or cancel, before anyone answered) the active call. */
  hangup(): Promise<Call>;
  /** Join a group's ongoing call (from getGroupCall). */
  join(options: { callID: string }): Promise<Call>;
  /** Invite more group members into the active group call. */
  inviteUser(options: { userIDList: string[] }): Promise<Call>;
  /** The group's ongoing call, if any. */
  getGroupCall(options: { groupID: string }): Promise<Call | null>;
  setMicMute(muted: boolean): Promise<void>;
  setCameraOff(off: boolean): Promise<void>;
  /** Front/back camera (or the next camera on a desktop); no-op with one camera. */
  switchCamera(): Promise<void>;
  /** Video call → voice call for me: the camera stops and the others see my camera off. */
  switchToAudio(): Promise<void>;
  /** The active (ringing or connected) call, or null. */
  getActiveCall(): Call | null;
  /** Is the active call ringing on this tab (I was invited and have not answered)? */
  isRingingHere(): boolean;
  /** Each peer connection of the active call on this tab (the e2e reads it; empty without media). */
  getStats(): Promise<{ userID: string; connectionState: string; framesDecoded: number }[]>;
}

/** The signalling half the engine builds on (call-signalling.ts), one per ChatSDK. */
export interface CallSignalling {
  getConfig(): Promise<{ iceServers: IceServer[]; inviteTimeoutSeconds: number; maxParticipants: number }>;
  start(options: { type: CallMediaType; userIDList: string[]; groupID?: string }): Promise<Call>;
  accept(callID: string): Promise<Call>;
  reject(callID: string): Promise<Call>;
  /** With a failure: hangs up because media failed (reason 'failed'), saying why. */
  hangup(callID: string, failure?: CallMediaFailure): Promise<Call>;
  join(callID: string): Promise<Call>;
  invite(callID: string, userIDList: string[]): Promise<Call>;
  getGroupCall(groupID: string): Promise<Call | null>;
  getMyCalls(): Promise<Call[]>;
  sendSignal(callID: string, toUserID: string, signal: CallSignal): Promise<void>;
  setMediaState(callID: string, state: { micMuted?: boolean; cameraOff?: boolean }): Promise<Call>;
  /** Every pushed change of a call I am in or invited to. */
  onCall(handler: (change: { call: Call; change: string; userID: string | null }) => void): () => void;
  onSignal(handler: (signal: { callID: string; fromUserID: string; signal: CallSignal }) => void): () => void;
  /** After a reconnect: the calls the server still has for me (ringing or joined). */
  onResync(handler: (calls: Call[]) => void): () => void;
}
