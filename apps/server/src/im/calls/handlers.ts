import type { OpHandlers } from '../handler';
import type { CallService } from './call-service';

/** Voice and video calls: call-service.ts. */
export const callHandlers: OpHandlers<
  | 'getCallConfig'
  | 'startCall'
  | 'acceptCall'
  | 'rejectCall'
  | 'hangupCall'
  | 'joinCall'
  | 'inviteToCall'
  | 'getGroupCall'
  | 'getMyCalls'
  | 'sendCallSignal'
  | 'setCallMediaState',
  { calls: CallService }
> = {
  getCallConfig: ({ calls }, _session, user) => calls.getCallConfig(user),
  startCall: ({ calls }, session, user, body) => calls.startCall(session, user, body),
  acceptCall: ({ calls }, session, user, body) => calls.acceptCall(session, user, body),
  rejectCall: ({ calls }, session, user, body) => calls.rejectCall(session, user, body),
  hangupCall: ({ calls }, session, user, body) => calls.hangupCall(session, user, body),
  joinCall: ({ calls }, session, user, body) => calls.joinCall(session, user, body),
  inviteToCall: ({ calls }, session, user, body) => calls.inviteToCall(session, user, body),
  getGroupCall: ({ calls }, _session, user, body) => calls.getGroupCall(user, body),
  getMyCalls: ({ calls }, _session, user) => calls.getMyCalls(user),
  sendCallSignal: ({ calls }, session, user, body) => calls.sendCallSignal(session, user, body),
  setCallMediaState: ({ calls }, session, user, body) => calls.setCallMediaState(session, user, body),
};
