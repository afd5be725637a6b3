import type { Call, CallParticipantState } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { connectIfTwoJoined, endIfOver } from './call-rules';

function call(
  states: CallParticipantState[],
  { groupID = null as string | null, connectedAt = null as number | null } = {},
): Call {
  return {
    callID: 'c1',
    type: 1,
    groupID,
    inviterID: 'u0',
    state: connectedAt === null ? 'ringing' : 'connected',
    createdAt: 0,
    connectedAt,
    endedAt: null,
    endReason: null,
    failure: null,
    failedUserID: null,
    participants: states.map((state, i) => ({
      userID: `u${i}`,
      state,
      joinedAt: state === 'joined' ? 0 : null,
      micMuted: false,
      cameraOff: false,
    })),
  };
}

describe('when a call is over', () => {
  it('goes on while someone still rings for the caller', () => {
    expect(endIfOver(call(['joined', 'invited', 'declined'], { groupID: 'g' }), 1)).toBe(false);
  });

  it('ends with the callee’s answer when nobody is left to answer before it connected', () => {
    for (const [answer, reason] of [
      ['declined', 'declined'],
      ['busy', 'busy'],
      ['noAnswer', 'noAnswer'],
    ] as const) {
      const c = call(['joined', answer]);
      expect(endIfOver(c, 5)).toBe(true);
      expect(c).toMatchObject({ state: 'ended', endReason: reason, endedAt: 5 });
      expect(c.participants[0]?.state).toBe('left');
    }
  });

  it('ends cancelled when the caller leaves before anyone answered, and nobody rings any more', () => {
    const c = call(['left', 'invited', 'invited'], { groupID: 'g' });
    expect(endIfOver(c, 5)).toBe(true);
    expect(c.endReason).toBe('cancelled');
    expect(c.participants.map((p) => p.state)).toEqual(['left', 'cancelled', 'cancelled']);
  });

  it('connects when the second person joins and then goes on while two remain', () => {
    const c = call(['joined', 'joined', 'joined'], { groupID: 'g' });
    connectIfTwoJoined(c, 7);
    expect(c).toMatchObject({ state: 'connected', connectedAt: 7 });
    c.participants[2] = { ...(c.participants[2] as Call['participants'][number]), state: 'left' };
    expect(endIfOver(c, 8)).toBe(false);
  });

  it('ends as ended (or failed, when a media failure ended it) once fewer than two remain after connecting', () => {
    expect(endIfOver(call(['joined', 'left'], { connectedAt: 1 }), 9)).toBe(true);
    const failed = call(['left', 'joined'], { connectedAt: 1 });
    endIfOver(failed, 9, { failedBy: { userID: 'u0', failure: 'noDevice' } });
    expect(failed).toMatchObject({ endReason: 'failed', failure: 'noDevice', failedUserID: 'u0' });
    const ended = call(['joined', 'left'], { connectedAt: 1 });
    endIfOver(ended, 9);
    expect(ended).toMatchObject({ endReason: 'ended', failure: null, failedUserID: null });
  });

  it('keeps who failed and why only when that failure ends the call', () => {
    const goesOn = call(['joined', 'joined', 'left'], { groupID: 'g', connectedAt: 1 });
    expect(endIfOver(goesOn, 9, { failedBy: { userID: 'u2', failure: 'permissionDenied' } })).toBe(false);
    expect(goesOn).toMatchObject({ endReason: null, failure: null, failedUserID: null });
    const unexplained = call(['joined', 'declined']);
    endIfOver(unexplained, 9, { failedBy: { userID: 'u1', failure: null } });
    expect(unexplained).toMatchObject({ endReason: 'failed', failure: null, failedUserID: 'u1' });
  });
});
