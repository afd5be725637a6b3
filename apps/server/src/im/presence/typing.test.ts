import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { BusEnvelope } from '../../bus/bus';
import { Session } from '../../gateway/session';
import { TypingRelay } from './typing';

const alice = { userID: 'alice', nick: '', avatar: '' };
/** Relays go out once the frames of this turn of the event loop are handled. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const states = (published: Array<{ envelope: BusEnvelope }>) =>
  published.map((p) => (p.envelope.data as { isTyping: boolean }).isTyping);

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
  it('publishes to the peer, with the conversation as the peer sees it', async () => {
    const { relay, session, published } = setUp();
    relay.relay(session, alice, 'C2Cbob', true);
    await nextTurn();
    expect(published).toEqual([
      {
        targets: ['user.bob'],
        envelope: { event: 'typing', data: { conversationID: 'C2Calice', userID: 'alice', isTyping: true } },
      },
    ]);
  });

  it('does not relay the same state to the same peer again within a second, but does relay a change', async () => {
    const { relay, session, published, advance } = setUp();
    relay.relay(session, alice, 'C2Cbob', true);
    await nextTurn();
    advance(500);
    relay.relay(session, alice, 'C2Cbob', true);
    await nextTurn();
    expect(published).toHaveLength(1);
    relay.relay(session, alice, 'C2Cbob', false);
    await nextTurn();
    advance(1_000);
    relay.relay(session, alice, 'C2Cbob', false);
    await nextTurn();
    expect(states(published)).toEqual([true, false, false]);
  });

  it('relays only the last of the states sent to one peer in the same turn', async () => {
    const { relay, session, published, advance } = setUp();
    relay.relay(session, alice, 'C2Cbob', true);
    advance(10);
    relay.relay(session, alice, 'C2Cbob', false);
    await nextTurn();
    expect(states(published)).toEqual([false]);
  });

  it('drops the state sent with a message to the same peer, and relays the next one at once', async () => {
    const { relay, session, published, advance } = setUp();
    relay.relay(session, alice, 'C2Cbob', true);
    relay.relay(session, alice, 'C2Ccarol', true);
    relay.messageSent('alice', 'bob');
    await nextTurn();
    expect(published.map((p) => p.targets[0])).toEqual(['user.carol']);
    advance(100);
    relay.relay(session, alice, 'C2Cbob', true);
    await nextTurn();
    expect(published.map((p) => p.targets[0])).toEqual(['user.carol', 'user.bob']);
  });

  it('keeps the state when the message goes the other way or was sent before it', async () => {
    const { relay, session, published } = setUp();
    relay.messageSent('alice', 'bob');
    relay.relay(session, alice, 'C2Cbob', true);
    relay.messageSent('bob', 'alice');
    await nextTurn();
    expect(states(published)).toEqual([true]);
  });

  it('refuses past its rate with 10006 and the wait, and relays again once the rate allows', async () => {
    const { relay, session, published, advance } = setUp();
    for (const peer of ['b', 'c', 'd']) relay.relay(session, alice, `C2C${peer}`, true);
    expect(() => relay.relay(session, alice, 'C2Ce', true)).toThrow(
      expect.objectContaining({ code: ErrorCode.OPERATION_RATE_LIMITED, retryAfterMs: 200 }),
    );
    advance(200);
    relay.relay(session, alice, 'C2Ce', true);
    await nextTurn();
    expect(published).toHaveLength(4);
  });

  it('refuses groups and oneself with 60003', async () => {
    const { relay, session, published } = setUp();
    expect(() => relay.relay(session, alice, 'GROUPteam', true)).toThrow(
      expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }),
    );
    expect(() => relay.relay(session, alice, 'C2Calice', true)).toThrow(
      expect.objectContaining({ code: ErrorCode.INVALID_PARAMS }),
    );
    await nextTurn();
    expect(published).toEqual([]);
  });
});
