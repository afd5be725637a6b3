import type { Call, CallParticipant } from '@liaison/protocol';
import type { CallEmission } from './call-emitter';
import { CALL_EVENT } from './call-types';

/**
 * The events the others' changes between two snapshots of a call mean to me (I am in it): who
 * answered, declined, was busy, did not answer, joined or left, and whose microphone or camera
 * changed. Read from the snapshots rather than from the push's `change`, so that a resync after a
 * reconnect tells what was missed in the same way.
 */
export function participantEmissions(previous: Call, next: Call, me: string): CallEmission[] {
  const emissions: CallEmission[] = [];
  const before = new Map(previous.participants.map((p) => [p.userID, p]));
  for (const after of next.participants) {
    if (after.userID === me) continue;
    const was = before.get(after.userID);
    const event = { call: next, userID: after.userID };
    if (after.state !== was?.state) {
      if (after.state === 'joined') {
        if (was?.state === 'invited') emissions.push({ name: CALL_EVENT.USER_ACCEPT, data: event });
        emissions.push({ name: CALL_EVENT.USER_ENTER, data: event });
      } else if (after.state === 'declined') emissions.push({ name: CALL_EVENT.REJECT, data: event });
      else if (after.state === 'busy') emissions.push({ name: CALL_EVENT.LINE_BUSY, data: event });
      else if (after.state === 'noAnswer') emissions.push({ name: CALL_EVENT.NO_RESP, data: event });
      else if (after.state === 'left' && was?.state === 'joined')
        emissions.push({ name: CALL_EVENT.USER_LEAVE, data: event });
    }
    if (after.state === 'joined') emissions.push(...mediaEmissions(was?.state === 'joined' ? was : null, after));
  }
  return emissions;
}

/** Everyone already in the call, as I enter it: their arrival and any microphone or camera already off. */
export function entryEmissions(call: Call, me: string): CallEmission[] {
  return call.participants
    .filter((p) => p.userID !== me && p.state === 'joined')
    .flatMap((p): CallEmission[] => [
      { name: CALL_EVENT.USER_ENTER, data: { call, userID: p.userID } },
      ...mediaEmissions(null, p),
    ]);
}

/** Microphone and camera changes; someone who just joined is compared with "both on". */
function mediaEmissions(was: CallParticipant | null, now: CallParticipant): CallEmission[] {
  const emissions: CallEmission[] = [];
  if (now.micMuted !== (was?.micMuted ?? false)) {
    emissions.push({
      name: CALL_EVENT.USER_AUDIO_AVAILABLE,
      data: { userID: now.userID, isAudioAvailable: !now.micMuted },
    });
  }
  if (now.cameraOff !== (was?.cameraOff ?? false)) {
    emissions.push({
      name: CALL_EVENT.USER_VIDEO_AVAILABLE,
      data: { userID: now.userID, isVideoAvailable: !now.cameraOff },
    });
  }
  return emissions;
}
