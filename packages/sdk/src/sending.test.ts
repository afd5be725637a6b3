import { ErrorCode, LiaisonError, RateLimitError } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import type { RequestFunction } from './core/requests';
import { createTextMessage } from './message-model';
import { MessageSender, RATE_LIMIT_RETRIES } from './sending';
import { wireMessage } from './test-fixtures';

const me = { userID: 'me', nick: '', avatar: '' };

/** A request function that answers sendMessage with the given outcomes in turn, counting calls. */
function answering(outcomes: Array<Error | 'stored'>): { request: RequestFunction; calls: () => number } {
  let calls = 0;
  const request = (async () => {
    const outcome = outcomes[Math.min(calls, outcomes.length - 1)];
    calls += 1;
    if (outcome instanceof Error) throw outcome;
    return { message: wireMessage({ from: 'me', to: 'bob', ID: 'x', sequence: 1 }) };
  }) as unknown as RequestFunction;
  return { request, calls: () => calls };
}

function sender(request: RequestFunction, sendTimeout = 5_000) {
  return new MessageSender({
    request,
    me: () => 'me',
    markOwn: () => undefined,
    onStored: () => undefined,
    sendTimeout,
    random: () => 0,
  });
}

const text = () => createTextMessage({ to: 'bob', conversationType: 'C2C', payload: { text: 'hi' } }, me);

describe('sending under rate limits', () => {
  it('waits out the retry-after of a refused send and sends again', async () => {
    const limited = new RateLimitError(ErrorCode.SEND_RATE_LIMITED, 5);
    const { request, calls } = answering([limited, limited, 'stored']);
    const result = await sender(request).send(text());
    expect(result.data.message.status).toBe('success');
    expect(calls()).toBe(3);
  });

  it(`gives up after ${RATE_LIMIT_RETRIES} retries and surfaces the rate-limit code`, async () => {
    const { request, calls } = answering([new RateLimitError(ErrorCode.SEND_RATE_LIMITED, 1)]);
    const message = text();
    await expect(sender(request).send(message)).rejects.toMatchObject({ code: ErrorCode.SEND_RATE_LIMITED });
    expect(calls()).toBe(RATE_LIMIT_RETRIES + 1);
    expect(message.status).toBe('fail');
  });

  it('does not wait past the send timeout', async () => {
    const { request, calls } = answering([new RateLimitError(ErrorCode.SEND_RATE_LIMITED, 60_000)]);
    await expect(sender(request, 1_000).send(text())).rejects.toMatchObject({ code: ErrorCode.SEND_RATE_LIMITED });
    expect(calls()).toBe(1);
  });

  it('drains a burst that ran into the limit in the order it was sent, at the rate the server allows', async () => {
    // A server with a token bucket: 3 at once, then one every 5 ms.
    const accepted: string[] = [];
    let tokens = 3;
    let refilledAt = Date.now();
    const request = (async (_op: string, body: { payload: { text: string } }) => {
      await Promise.resolve();
      const now = Date.now();
      tokens = Math.min(3, tokens + (now - refilledAt) / 5);
      refilledAt = now;
      if (tokens < 1) throw new RateLimitError(ErrorCode.SEND_RATE_LIMITED, Math.ceil((1 - tokens) * 5));
      tokens -= 1;
      accepted.push(body.payload.text);
      return { message: wireMessage({ from: 'me', to: 'bob', ID: body.payload.text, sequence: accepted.length }) };
    }) as unknown as RequestFunction;
    const messages = Array.from({ length: 12 }, (_, i) =>
      createTextMessage({ to: 'bob', conversationType: 'C2C', payload: { text: `m${i}` } }, me),
    );
    const sending = sender(request);
    const results = await Promise.all(messages.map((m) => sending.send(m)));
    expect(results.every((r) => r.data.message.status === 'success')).toBe(true);
    expect(accepted).toEqual(messages.map((m) => (m.type === 'TIMTextElem' ? m.payload.text : '')));
  });

  it('never repeats a send refused for any other reason', async () => {
    const { request, calls } = answering([new LiaisonError(ErrorCode.GROUP_NOT_MEMBER)]);
    await expect(sender(request).send(text())).rejects.toMatchObject({ code: ErrorCode.GROUP_NOT_MEMBER });
    expect(calls()).toBe(1);
  });
});

describe('sending while offline', () => {
  const offline = () => new LiaisonError(ErrorCode.NETWORK_ERROR);

  /** A line that is down until `up()`: sends fail with NETWORK_ERROR, then are stored (IDs recorded). */
  function line() {
    let isUp = false;
    const stored: string[] = [];
    const request = (async (_op: string, body: { ID: string }) => {
      await Promise.resolve();
      if (!isUp) throw offline();
      stored.push(body.ID);
      return { message: wireMessage({ from: 'me', to: 'bob', ID: body.ID, sequence: stored.length }) };
    }) as unknown as RequestFunction;
    return { request, stored, up: () => (isUp = true) };
  }

  function retryingSender(request: RequestFunction, changes: string[]) {
    return new MessageSender({
      request,
      me: () => 'me',
      markOwn: () => undefined,
      onStored: () => undefined,
      sendTimeout: 5_000,
      random: () => 0,
      onRetryStatus: (message) => changes.push(`${message.ID}:${message.status}`),
    });
  }

  it('fails a send that finds no connection, then sends it again by itself after the reconnect, once', async () => {
    const { request, stored, up } = line();
    const changes: string[] = [];
    const sending = retryingSender(request, changes);
    const message = text();
    await expect(sending.send(message)).rejects.toMatchObject({ code: ErrorCode.NETWORK_ERROR });
    expect(message.status).toBe('fail');
    up();
    await sending.retryAfterReconnect();
    expect(message.status).toBe('success');
    expect(changes).toEqual([`${message.ID}:unSend`, `${message.ID}:success`]);
    await sending.retryAfterReconnect();
    expect(stored).toEqual([message.ID]);
  });

  it('sends the messages that failed offline again in the order they were sent', async () => {
    const { request, stored, up } = line();
    const sending = retryingSender(request, []);
    const messages = [text(), text(), text()];
    for (const message of messages) await sending.send(message).catch(() => undefined);
    up();
    await sending.retryAfterReconnect();
    expect(stored).toEqual(messages.map((m) => m.ID));
  });

  it('does not send again by itself a message the user already resent', async () => {
    const { request, stored, up } = line();
    const sending = retryingSender(request, []);
    const message = text();
    await sending.send(message).catch(() => undefined);
    up();
    await sending.send(message);
    await sending.retryAfterReconnect();
    expect(stored).toEqual([message.ID]);
  });

  it('never sends again by itself a message the server refused', async () => {
    const { request, calls } = answering([new LiaisonError(ErrorCode.TEXT_SENSITIVE), 'stored']);
    const sending = retryingSender(request, []);
    await sending.send(text()).catch(() => undefined);
    await sending.retryAfterReconnect();
    expect(calls()).toBe(1);
  });

  it('forgets the messages waiting for a connection at logout', async () => {
    const { request, stored, up } = line();
    const sending = retryingSender(request, []);
    await sending.send(text()).catch(() => undefined);
    sending.forgetRetries();
    up();
    await sending.retryAfterReconnect();
    expect(stored).toEqual([]);
  });
});
