import { ErrorCode, LiaisonError, RateLimitError } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { createTextMessage } from './messages';
import type { RequestFunction } from './requests';
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
