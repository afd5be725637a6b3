import { describe, expect, it } from 'vitest';
import { type Call, CallRecordAction, callOps, callRecordData } from './calls';

function ended(patch: Partial<Call>): Call {
  return {
    callID: 'c1',
    type: 2,
    groupID: null,
    inviterID: 'alice',
    state: 'ended',
    createdAt: 1_000,
    connectedAt: null,
    endedAt: 76_000,
    endReason: 'ended',
    failure: null,
    failedUserID: null,
    participants: [
      { userID: 'alice', state: 'left', joinedAt: 1_000, micMuted: false, cameraOff: false },
      { userID: 'bob', state: 'left', joinedAt: 1_000, micMuted: false, cameraOff: false },
    ],
    ...patch,
  };
}

function record(call: Call): { outer: Record<string, unknown>; inner: Record<string, unknown> } {
  const outer = JSON.parse(callRecordData(call)) as Record<string, unknown>;
  return { outer, inner: JSON.parse(String(outer.data)) as Record<string, unknown> };
}

describe('the call record (callRecordData)', () => {
  it('gives a connected call its duration and no failure fields', () => {
    const { outer, inner } = record(ended({ connectedAt: 1_000 }));
    expect(outer).toMatchObject({ businessID: 1, inviteID: 'c1', actionType: CallRecordAction.INVITE });
    expect(inner).toEqual({ version: 4, businessID: 'av_call', call_type: 2, call_end: 75 });
  });

  it('keeps the reference action of a call that failed before connecting and adds whose failure and why', () => {
    const { outer, inner } = record(ended({ endReason: 'failed', failure: 'permissionDenied', failedUserID: 'alice' }));
    expect(outer.actionType).toBe(CallRecordAction.CANCEL);
    expect(inner).toMatchObject({ liaison_failure: 'permissionDenied', liaison_failed_user: 'alice' });
  });

  it('records a call that failed after connecting as ended with 0 s, plus the failure', () => {
    const { outer, inner } = record(
      ended({ connectedAt: 1_000, endReason: 'failed', failure: 'connectionFailed', failedUserID: 'bob' }),
    );
    expect(outer.actionType).toBe(CallRecordAction.INVITE);
    expect(inner).toMatchObject({ call_end: 0, liaison_failure: 'connectionFailed', liaison_failed_user: 'bob' });
  });

  it('names who failed even when they did not say why', () => {
    const { inner } = record(ended({ endReason: 'failed', failedUserID: 'bob' }));
    expect(inner.liaison_failed_user).toBe('bob');
    expect(inner).not.toHaveProperty('liaison_failure');
  });
});

describe('hangupCall’s failure', () => {
  const hangup = (body: Record<string, unknown>) => callOps.hangupCall.request.safeParse({ callID: 'c1', ...body });

  it('goes with reason failed, one of the four kinds', () => {
    for (const failure of ['permissionDenied', 'noDevice', 'webrtcUnsupported', 'connectionFailed']) {
      expect(hangup({ reason: 'failed', failure }).success).toBe(true);
    }
    expect(hangup({ reason: 'failed' }).success).toBe(true);
    expect(hangup({ reason: 'failed', failure: 'tired' }).success).toBe(false);
  });

  it('is refused without reason failed', () => {
    expect(hangup({ failure: 'noDevice' }).success).toBe(false);
    expect(hangup({ reason: 'hangup', failure: 'noDevice' }).success).toBe(false);
    expect(hangup({ reason: 'hangup' }).success).toBe(true);
  });
});
