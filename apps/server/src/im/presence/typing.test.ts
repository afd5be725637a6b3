import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { BusEnvelope } from '../../bus/bus';
import { Session } from '../../gateway/session';
import { TypingRelay } from './typing';

const alice = { userID: 'alice', nick: '', avatar: '' };

function setUp() {
  const published: Array<{ targets: string[]; envelope: BusEnvelope }> = [];
  let clock = 1_000_000;
  const relay = new TypingRelay(
    (_from, to, envelope) => published.push({ targets: [`user.${to}`], envelope }),
    { perSecond: 5, burst: 3 },
    () => clock,
  );
  // The relay only keys its state by session; no socket is used.
  const session = new Session('s1', {} as WebSocket);
  return {
    relay,
    session,
    published,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('typing relay', () => {
  it('publishes to the peer, with the conversation as the peer sees it', () => {
    const { relay, session, published } = setUp();
    relay.relay(session, alice, 'C2Cbob', true);
    expect(published).toEqual([
      {
        targets: ['user.bob'],
        envelope: { event: 'typing', data: { conversationID: 'C2Calice', userID: 'alice', isTyping: true } },
      },
    ]);
  });

  it('does not relay the same state to the same peer again within a second, but does relay a change', () => {
    const { relay, session, published, advance } = setUp();
    relay.relay(session, alice, 'C2Cbob', true);
    advance(500);
    relay.relay(session, alice, 'C2Cbob', true);
    expect(published).toHaveLength(1);
    relay.relay(session, alice, 'C2Cbob', false);
    advance(1_000);
    relay.relay(session, alice, 'C2Cbob', false);
    expect(published.map((p) => (p.envelope.data as { isTyping: boolean }).isTyping)).toEqual([true, false, false]);
  });

  it('refuses past its rate with 10006 and the wait, and relays again once the rate allows', () => {
    const { relay, session, published, advance } = setUp();
    for (const peer of ['b', 'c', 'd']) relay.relay(session, alice, `C2C${peer}`, true);
    expect(() => relay.relay(session, alice, 'C2Ce', true)).toThrow(
      expect.objectContaining({ code: ErrorCode.OPERATION_RATE_LIMITED, retryAfterMs: 200 }),
    );
    advance(200);
    relay.relay(session, alice, 'C2Ce', true);
    expect(published).toHaveLength(4);
  });

  it('refuses groups and oneself with 60003', () => {
    const { relay, session, published } = setUp();
    expect(() => relay.relay(session, alice, 'GROUPteam', true)).toThrow(
      expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }),
    );
    expect(() => relay.relay(session, alice, 'C2Calice', true)).toThrow(
      expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }),
    );
    expect(published).toEqual([]);
  });
});
