import { z } from 'zod';
import { groupIDSchema, userIDSchema } from '../wire';

/**
 * Voice and video calls (docs/calls.md). The server owns each call's state; media goes peer to
 * peer over WebRTC (a full mesh), and the offers, answers and ICE candidates relay over this
 * socket and the bus. Nothing here is a message except the call record the server writes into
 * the conversation when a call is over (callRecordData).
 */

/** spec chat.md §9: 1 voice, 2 video. */
export const CallMediaType = { AUDIO: 1, VIDEO: 2 } as const;
export type CallMediaType = (typeof CallMediaType)[keyof typeof CallMediaType];
const callMediaTypeSchema = z.union([z.literal(1), z.literal(2)]);

export const CallLimits = {
  /** Everyone in one call, the caller included: a mesh sends each stream to every other peer. */
  MAX_PARTICIPANTS: 9,
  /** Default seconds an invite rings before it is 'noAnswer' (CALL_INVITE_TIMEOUT_SECONDS). */
  INVITE_TIMEOUT_SECONDS: 60,
  /** Largest SDP or ICE candidate text relayed. */
  SIGNAL_MAX_CHARS: 64 * 1024,
} as const;

/**
 * One participant as the server sees them.
 * - invited: ringing on every tab of the user;
 * - joined: answered (or started the call) and in it, from one tab;
 * - declined / busy / noAnswer: never joined;
 * - left: joined, then hung up or dropped;
 * - cancelled: the caller gave up before this participant answered.
 */
export const callParticipantStateSchema = z.enum([
  'invited',
  'joined',
  'declined',
  'busy',
  'noAnswer',
  'left',
  'cancelled',
]);
export type CallParticipantState = z.infer<typeof callParticipantStateSchema>;

export const callParticipantSchema = z.object({
  userID: z.string(),
  state: callParticipantStateSchema,
  /** When they joined (ms), null until then. */
  joinedAt: z.number().int().nullable(),
  micMuted: z.boolean(),
  cameraOff: z.boolean(),
});
export type CallParticipant = z.infer<typeof callParticipantSchema>;

/**
 * How a call ended, which is what its record says:
 * - ended: it was connected (the record shows its duration);
 * - cancelled: the caller hung up before anyone answered;
 * - declined: every invitee declined (C2C: the callee did);
 * - busy: C2C, the callee was in another call;
 * - noAnswer: nobody answered within the invite timeout;
 * - failed: media could not start (no device, permission denied, no WebRTC) — the side that failed
 *   says so with hangupCall({reason: 'failed'}).
 */
export const callEndReasonSchema = z.enum(['ended', 'cancelled', 'declined', 'busy', 'noAnswer', 'failed']);
export type CallEndReason = z.infer<typeof callEndReasonSchema>;

/**
 * Why a participant's media could not start or carry on, which a call that ended 'failed' keeps
 * (Call.failure) and its record says:
 * - permissionDenied: the browser or the user refused the microphone or camera;
 * - noDevice: no usable microphone or camera (none, or another application holds it);
 * - webrtcUnsupported: the browser cannot make calls (no WebRTC or no media devices);
 * - connectionFailed: the peer connection failed and did not come back.
 */
export const callMediaFailureSchema = z.enum(['permissionDenied', 'noDevice', 'webrtcUnsupported', 'connectionFailed']);
export type CallMediaFailure = z.infer<typeof callMediaFailureSchema>;

export const callSchema = z.object({
  callID: z.string(),
  type: callMediaTypeSchema,
  /** The group's call; null for a one-to-one call. */
  groupID: z.string().nullable(),
  inviterID: z.string(),
  state: z.enum(['ringing', 'connected', 'ended']),
  createdAt: z.number().int(),
  /** When the second participant joined (the call's duration counts from here). */
  connectedAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  endReason: callEndReasonSchema.nullable(),
  /** endReason 'failed': why, as the side that failed said (null if it did not say); otherwise null. */
  failure: callMediaFailureSchema.nullable(),
  /** endReason 'failed': the participant whose hang-up with reason 'failed' ended the call; otherwise null. */
  failedUserID: z.string().nullable(),
  /** The caller first, then invitees in invite order. */
  participants: z.array(callParticipantSchema),
});
export type Call = z.infer<typeof callSchema>;

export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** WebRTC signalling, relayed as is to one participant's joined tab. */
export const callSignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('offer'), sdp: z.string().min(1).max(CallLimits.SIGNAL_MAX_CHARS) }),
  z.object({ kind: z.literal('answer'), sdp: z.string().min(1).max(CallLimits.SIGNAL_MAX_CHARS) }),
  z.object({
    kind: z.literal('candidate'),
    candidate: z.string().max(CallLimits.SIGNAL_MAX_CHARS),
    sdpMid: z.string().max(256).nullable(),
    sdpMLineIndex: z.number().int().nonnegative().nullable(),
  }),
]);
export type CallSignal = z.infer<typeof callSignalSchema>;

/** The server makes call IDs (base64url); nothing else is one, and nothing else reaches the database. */
const callIDSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'callID: letters, digits, - and _ only');
const callAnswer = z.object({ call: callSchema });

/**
 * Why a pushed call changed (with `userID` where one person did it). 'invited' reaches every tab
 * of each invitee; the others reach every tab of every participant.
 */
export const callChangeSchema = z.enum([
  'invited',
  'joined',
  'declined',
  'busy',
  'noAnswer',
  'left',
  'cancelled',
  'media',
  'ended',
]);
export type CallChange = z.infer<typeof callChangeSchema>;

export const callPushSchemas = {
  /** A call I am in (or invited to) changed; the whole call as it is now. */
  call: z.object({ call: callSchema, change: callChangeSchema, userID: z.string().nullable() }),
  /** A peer's offer, answer or ICE candidate, to the tab that joined. */
  callSignal: z.object({ callID: z.string(), fromUserID: z.string(), signal: callSignalSchema }),
} as const;

export const callOps = {
  /** ICE servers for RTCPeerConnection (TURN credentials time-limited), and the call limits. */
  getCallConfig: {
    request: z.object({}),
    response: z.object({
      iceServers: z.array(iceServerSchema),
      inviteTimeoutSeconds: z.number().int().positive(),
      maxParticipants: z.number().int().positive(),
    }),
  },
  /**
   * Starts a call from this tab: C2C with one userID and no groupID; a group call with the group's
   * members. Refused: blocked, not friends where friendship is required, not a group member, too
   * many people, or the caller already in a call. A busy callee is not a refusal: the call ends
   * 'busy' and the caller gets the push.
   */
  startCall: {
    request: z.object({
      type: callMediaTypeSchema,
      userIDList: z
        .array(userIDSchema)
        .min(1)
        .max(CallLimits.MAX_PARTICIPANTS - 1),
      groupID: groupIDSchema.optional(),
    }),
    response: callAnswer,
  },
  /** Answers on this tab: the user's other tabs stop ringing. */
  acceptCall: { request: z.object({ callID: callIDSchema }), response: callAnswer },
  rejectCall: { request: z.object({ callID: callIDSchema }), response: callAnswer },
  /**
   * Leaves the call (the caller before anyone answered: cancels it). Reason 'failed' when this
   * side's media could not start or carry on, with the `failure` that says why (allowed only with
   * reason 'failed'); a call this ends keeps both, and its record says so.
   */
  hangupCall: {
    request: z
      .object({
        callID: callIDSchema,
        reason: z.enum(['hangup', 'failed']).optional(),
        failure: callMediaFailureSchema.optional(),
      })
      .refine((v) => v.failure === undefined || v.reason === 'failed', {
        message: "failure goes only with reason 'failed'",
        path: ['failure'],
      }),
    response: callAnswer,
  },
  /** A group member joins the group's ongoing call without an invite (or after declining). */
  joinCall: { request: z.object({ callID: callIDSchema }), response: callAnswer },
  /** Someone in a group call invites more of the group's members. */
  inviteToCall: {
    request: z.object({
      callID: callIDSchema,
      userIDList: z
        .array(userIDSchema)
        .min(1)
        .max(CallLimits.MAX_PARTICIPANTS - 1),
    }),
    response: callAnswer,
  },
  /** The ongoing call of a group I am in, if any (to offer 'join'). */
  getGroupCall: { request: z.object({ groupID: groupIDSchema }), response: z.object({ call: callSchema.nullable() }) },
  /** Calls I am ringing for or in (after a reload or reconnect). */
  getMyCalls: { request: z.object({}), response: z.object({ callList: z.array(callSchema) }) },
  /** Relays an offer/answer/candidate to one joined participant of the same call. */
  sendCallSignal: {
    request: z.object({ callID: callIDSchema, toUserID: userIDSchema, signal: callSignalSchema }),
    response: z.object({}),
  },
  /** My microphone or camera state, for the others' tiles. */
  setCallMediaState: {
    request: z
      .object({ callID: callIDSchema, micMuted: z.boolean().optional(), cameraOff: z.boolean().optional() })
      .refine((v) => v.micMuted !== undefined || v.cameraOff !== undefined, {
        message: 'nothing to change: give micMuted or cameraOff',
      }),
    response: callAnswer,
  },
} as const;

/** The reference kit's signalling actions (the record's outer actionType). */
export const CallRecordAction = { INVITE: 1, CANCEL: 2, ACCEPT: 3, REJECT: 4, TIMEOUT: 5 } as const;

/** Liaison's own fields in the record's inner av_call JSON (a failed call's why and who). */
export const CallRecordField = { FAILURE: 'liaison_failure', FAILED_USER: 'liaison_failed_user' } as const;

/**
 * The TIMCustomElem `data` of a call record, in the reference call kit's format (spec chat.md §3:
 * businessID av_call nested in an outer JSON with businessID 1), so the kit's CallRecord renderer
 * and other clients of that format read it. One record per call, sent by the inviter:
 * ended → INVITE with call_end (seconds; 0 for a call that failed after it connected),
 * cancelled and failed before connecting → CANCEL, declined → REJECT, busy → REJECT with line_busy,
 * noAnswer → TIMEOUT.
 *
 * A failed call keeps those actions (clients of the reference format read it as ended or
 * cancelled) and adds Liaison's own fields to the inner JSON, which those clients ignore:
 * `liaison_failure` (a CallMediaFailure, when the side that failed said why) and
 * `liaison_failed_user` (the userID of that side), so the kit can say "the other side's browser
 * cannot make calls" or "you did not allow the camera or microphone".
 */
export function callRecordData(call: Call): string {
  const reason = call.endReason ?? 'ended';
  const durationSeconds =
    call.connectedAt !== null && call.endedAt !== null
      ? Math.max(0, Math.round((call.endedAt - call.connectedAt) / 1000))
      : 0;
  const inner: Record<string, unknown> = { version: 4, businessID: 'av_call', call_type: call.type };
  let actionType: number;
  if (call.connectedAt !== null) {
    actionType = CallRecordAction.INVITE;
    inner.call_end = reason === 'failed' ? 0 : durationSeconds;
  } else if (reason === 'declined') actionType = CallRecordAction.REJECT;
  else if (reason === 'busy') {
    actionType = CallRecordAction.REJECT;
    inner.line_busy = 'line_busy';
  } else if (reason === 'noAnswer') actionType = CallRecordAction.TIMEOUT;
  else actionType = CallRecordAction.CANCEL;
  if (reason === 'failed') {
    if (call.failure !== null) inner[CallRecordField.FAILURE] = call.failure;
    if (call.failedUserID !== null) inner[CallRecordField.FAILED_USER] = call.failedUserID;
  }
  return JSON.stringify({
    businessID: 1,
    inviteID: call.callID,
    inviter: call.inviterID,
    actionType,
    inviteeList: call.participants.filter((p) => p.userID !== call.inviterID).map((p) => p.userID),
    groupID: call.groupID ?? '',
    timeout: 0,
    data: JSON.stringify(inner),
  });
}
