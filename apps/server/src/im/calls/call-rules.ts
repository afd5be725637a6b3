import type { Call, CallEndReason, CallMediaFailure, CallParticipant } from '@liaison/protocol';

/**
 * The state machine's decisions on a call held in memory (the service stores what they change).
 * Pure, so each rule is stated once here and tested without a server.
 */

/** The second person joined: the call is connected from now (its duration counts from here). */
export function connectIfTwoJoined(call: Call, now: number): void {
  if (call.connectedAt !== null || countIn(call, 'joined') < 2) return;
  call.connectedAt = now;
  call.state = 'connected';
}

/** A media failure a step reports (hangupCall reason 'failed'): who failed and, if they said, why. */
export interface FailedBy {
  userID: string;
  failure: CallMediaFailure | null;
}

/**
 * Ends the call when it is over: nobody joined is left, or fewer than two are joined and nobody
 * is still ringing (before it connected: the caller alone with nobody left to answer). Whoever
 * still rings is 'cancelled', whoever is still in has 'left'. `failedBy`: the step that ended it
 * was that participant's media failure, so the call ends 'failed' and keeps who and why for the
 * record. Answers whether it ended now.
 */
export function endIfOver(call: Call, now: number, { failedBy }: { failedBy?: FailedBy } = {}): boolean {
  if (call.state === 'ended') return false;
  const joined = countIn(call, 'joined');
  const ringing = countIn(call, 'invited');
  if (joined > 0 && (ringing > 0 || joined >= 2)) return false;
  call.endReason = failedBy ? 'failed' : reasonFor(call, joined);
  call.failure = failedBy?.failure ?? null;
  call.failedUserID = failedBy?.userID ?? null;
  call.state = 'ended';
  call.endedAt = now;
  for (const p of call.participants) {
    if (p.state === 'invited') p.state = 'cancelled';
    else if (p.state === 'joined') p.state = 'left';
  }
  return true;
}

/** The caller hung up before anyone answered: nobody rings any more. */
export function cancelInvites(call: Call): void {
  for (const p of call.participants) if (p.state === 'invited') p.state = 'cancelled';
}

export function participantOf(call: Call, userID: string): CallParticipant | undefined {
  return call.participants.find((p) => p.userID === userID);
}

/** Participants who count against CallLimits.MAX_PARTICIPANTS: in the call or ringing. */
export function liveCount(call: Call): number {
  return countIn(call, 'joined') + countIn(call, 'invited');
}

function reasonFor(call: Call, joined: number): CallEndReason {
  if (call.connectedAt !== null) return 'ended';
  if (joined === 0) return 'cancelled';
  const answers = call.participants.filter((p) => p.userID !== call.inviterID).map((p) => p.state);
  if (answers.length > 0 && answers.every((state) => state === 'busy')) return 'busy';
  if (answers.includes('noAnswer')) return 'noAnswer';
  if (answers.includes('declined')) return 'declined';
  return 'cancelled';
}

function countIn(call: Call, state: CallParticipant['state']): number {
  return call.participants.filter((p) => p.state === state).length;
}
