import type { Call } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import type { RequestFunction } from '../core/requests';
import { Signalling } from './call-signalling';

const ringing: Call = {
  callID: 'c1',
  type: 2,
  groupID: null,
  inviterID: 'alice',
  state: 'ringing',
  createdAt: 1,
  connectedAt: null,
  endedAt: null,
  endReason: null,
  failure: null,
  failedUserID: null,
  participants: [
    { userID: 'alice', state: 'joined', joinedAt: 1, micMuted: false, cameraOff: false },
    { userID: 'me', state: 'invited', joinedAt: null, micMuted: false, cameraOff: false },
  ],
};

function setUp(answers: Record<string, unknown> = {}) {
  const sent: Array<{ op: string; body: unknown }> = [];
  const errors: unknown[] = [];
  const request = (async (op: string, body: unknown) => {
    sent.push({ op, body });
    return answers[op] ?? { call: ringing };
  }) as RequestFunction;
  const signalling = new Signalling({ request, onError: (error) => errors.push(error) });
  return { signalling, sent, errors };
}

describe('call signalling', () => {
  it('sends each step as its op: a one-to-one call without a group, a media failure’s hang-up with why', async () => {
    const { signalling, sent } = setUp();
    await signalling.start({ type: 2, userIDList: ['bob'] });
    await signalling.start({ type: 1, userIDList: ['bob', 'carol'], groupID: 'g1' });
    await signalling.hangup('c1');
    await signalling.hangup('c1', 'permissionDenied');
    await signalling.setMediaState('c1', { cameraOff: true });
    await signalling.sendSignal('c1', 'bob', { kind: 'offer', sdp: 'v=0' });
    expect(sent).toEqual([
      { op: 'startCall', body: { type: 2, userIDList: ['bob'] } },
      { op: 'startCall', body: { type: 1, userIDList: ['bob', 'carol'], groupID: 'g1' } },
      { op: 'hangupCall', body: { callID: 'c1' } },
      { op: 'hangupCall', body: { callID: 'c1', reason: 'failed', failure: 'permissionDenied' } },
      { op: 'setCallMediaState', body: { callID: 'c1', cameraOff: true } },
      { op: 'sendCallSignal', body: { callID: 'c1', toUserID: 'bob', signal: { kind: 'offer', sdp: 'v=0' } } },
    ]);
  });

  it('hands every push to every listener, reporting one that throws without skipping the rest', () => {
    const { signalling, errors } = setUp();
    const seen: string[] = [];
    signalling.onCall(() => {
      throw new Error('listener fault');
    });
    const stop = signalling.onCall(({ change }) => seen.push(change));
    signalling.onSignal(({ fromUserID }) => seen.push(`signal from ${fromUserID}`));
    signalling.handleCall({ call: ringing, change: 'invited', userID: 'alice' });
    signalling.handleSignal({ callID: 'c1', fromUserID: 'alice', signal: { kind: 'answer', sdp: 'v=0' } });
    stop();
    signalling.handleCall({ call: ringing, change: 'ended', userID: null });
    expect(seen).toEqual(['invited', 'signal from alice']);
    expect(errors).toHaveLength(2);
  });

  it('after a reconnect, tells what the server still has; after a logout, that nothing is left', async () => {
    const { signalling } = setUp({ getMyCalls: { callList: [ringing] } });
    const resyncs: Call[][] = [];
    signalling.onResync((calls) => resyncs.push(calls));
    await signalling.handleReconnected();
    signalling.reset();
    expect(resyncs).toEqual([[ringing], []]);
  });
});
