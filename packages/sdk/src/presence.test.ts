import { Limits } from '@liaison/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestFunction } from './core/requests';
import { EVENT } from './core/types';
import { Emitter } from './events';
import { fromWire } from './message-model';
import { Presence, TYPING_RESEND_MS } from './presence';
import { wireMessage } from './test-fixtures';

interface Sent {
  op: string;
  body: unknown;
}

function setUp() {
  const sent: Sent[] = [];
  const request = (async (op: string, body: unknown) => {
    sent.push({ op, body });
    if (op === 'subscribeUserStatus') return { failureUserList: [] };
    return {};
  }) as RequestFunction;
  const events = new Emitter();
  const typing: unknown[] = [];
  events.on(EVENT.TYPING_STATUS_CHANGED, (event) => typing.push(event.data));
  const presence = new Presence({ request, me: () => 'me', events, onError: () => undefined });
  return { presence, sent, typing };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('typing, as the typist', () => {
  it('tells the peer once per resend interval however often it is called', async () => {
    const { presence, sent } = setUp();
    for (let i = 0; i < 10; i++) await presence.enterTypingState({ conversationID: 'C2Cbob' });
    expect(sent).toEqual([{ op: 'setTypingStatus', body: { conversationID: 'C2Cbob', isTyping: true } }]);
    vi.advanceTimersByTime(TYPING_RESEND_MS);
    await presence.enterTypingState({ conversationID: 'C2Cbob' });
    expect(sent).toHaveLength(2);
    expect(TYPING_RESEND_MS * 2).toBeLessThanOrEqual(Limits.TYPING_TIMEOUT_MS);
  });

  it('sends the end of typing only after a start, and starts afresh after it', async () => {
    const { presence, sent } = setUp();
    await presence.leaveTypingState({ conversationID: 'C2Cbob' });
    expect(sent).toEqual([]);
    await presence.enterTypingState({ conversationID: 'C2Cbob' });
    await presence.leaveTypingState({ conversationID: 'C2Cbob' });
    await presence.enterTypingState({ conversationID: 'C2Cbob' });
    expect(sent.map((s) => (s.body as { isTyping: boolean }).isTyping)).toEqual([true, false, true]);
  });

  it('refuses group conversations without asking the server', async () => {
    const { presence, sent } = setUp();
    await expect(presence.enterTypingState({ conversationID: 'GROUPteam' })).rejects.toMatchObject({ code: 60003 });
    expect(sent).toEqual([]);
  });
});

describe('typing, as the peer', () => {
  const push = { conversationID: 'C2Cbob', userID: 'bob', isTyping: true };

  it('emits the start once while refreshed, and the end after the timeout without a refresh', () => {
    const { presence, typing } = setUp();
    presence.handleTyping(push);
    vi.advanceTimersByTime(Limits.TYPING_TIMEOUT_MS - 1);
    presence.handleTyping(push);
    vi.advanceTimersByTime(Limits.TYPING_TIMEOUT_MS - 1);
    expect(typing).toEqual([push]);
    vi.advanceTimersByTime(1);
    expect(typing).toEqual([push, { ...push, isTyping: false }]);
  });

  it('ends the peer’s typing when their message arrives, not when mine does', () => {
    const { presence, typing } = setUp();
    presence.handleTyping(push);
    presence.handleMessages([fromWire(wireMessage({ from: 'me', to: 'bob' }), 'me')]);
    expect(typing).toEqual([push]);
    presence.handleMessages([fromWire(wireMessage(), 'me')]);
    expect(typing).toEqual([push, { ...push, isTyping: false }]);
    vi.advanceTimersByTime(Limits.TYPING_TIMEOUT_MS);
    expect(typing).toHaveLength(2);
  });
});

describe('status subscriptions', () => {
  it('are made again, in batches of the most one call takes, after a reconnect; unsubscribed ones are not', async () => {
    const { presence, sent } = setUp();
    const many = Array.from({ length: Limits.STATUS_SUBSCRIBE_MAX + 5 }, (_, i) => `u${i}`);
    await presence.subscribeUserStatus({ userIDList: many.slice(0, Limits.STATUS_SUBSCRIBE_MAX) });
    await presence.subscribeUserStatus({ userIDList: many.slice(Limits.STATUS_SUBSCRIBE_MAX) });
    await presence.unsubscribeUserStatus({ userIDList: ['u0'] });
    sent.length = 0;
    await presence.handleReconnected();
    expect(sent.map((s) => (s.body as { userIDList: string[] }).userIDList.length)).toEqual([
      Limits.STATUS_SUBSCRIBE_MAX,
      4,
    ]);
    expect(sent.flatMap((s) => (s.body as { userIDList: string[] }).userIDList)).not.toContain('u0');
  });
});
