import { ErrorCode } from '@liaison/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Requests } from './requests';

/** A Requests whose socket is a list of written frames; `isUp` says whether writes succeed. */
function setup(defaultTimeoutMs = 1_000) {
  const written: Array<{ id: number; op: string; body: unknown }> = [];
  const socket = { isUp: true, unanswered: 0 };
  const requests = new Requests({
    send(text) {
      if (!socket.isUp) return false;
      written.push(JSON.parse(text));
      return true;
    },
    defaultTimeoutMs,
    onUnanswered: () => {
      socket.unanswered++;
    },
  });
  const answer = (index: number, data: unknown) => {
    const frame = written[index];
    if (!frame) throw new Error(`no frame ${index}`);
    return requests.handleResponse({ id: frame.id, ok: true, data });
  };
  return { requests, written, socket, answer };
}

const profile = { userID: 'alice', nick: '', avatar: '', selfSignature: '' };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Requests', () => {
  it('holds requests until the session is open, then sends them in order', async () => {
    const { requests, written, answer } = setup();
    const first = requests.call('getMyProfile', {});
    const second = requests.call('getConversationList', {});
    expect(written).toEqual([]);
    requests.open();
    expect(written.map((frame) => frame.op)).toEqual(['getMyProfile', 'getConversationList']);
    answer(0, { profile });
    answer(1, { conversationList: [] });
    await expect(first).resolves.toEqual({ profile });
    await expect(second).resolves.toEqual({ conversationList: [] });
  });

  it('sends a login at once, before the session is open', () => {
    const { requests, written } = setup();
    void requests.call('login', { SDKAppID: 1, userID: 'alice', userSig: 'sig' }, { beforeLogin: true });
    expect(written).toEqual([{ id: 1, op: 'login', body: { SDKAppID: 1, userID: 'alice', userSig: 'sig' } }]);
  });

  it('rejects a server error with its code and message', async () => {
    const { requests, written } = setup();
    requests.open();
    const call = requests.call('getGroupProfile', { groupID: 'nope' });
    requests.handleResponse({ id: written[0]?.id ?? 0, ok: false, error: { code: 10010, message: 'gone' } });
    await expect(call).rejects.toMatchObject({ code: ErrorCode.GROUP_NOT_FOUND, message: 'gone' });
  });

  it('refuses invalid parameters without sending anything', async () => {
    const { requests, written } = setup();
    requests.open();
    await expect(requests.call('getGroupMemberList', { groupID: 'g', count: 101 })).rejects.toMatchObject({
      code: ErrorCode.INVALID_PARAMS,
    });
    expect(written).toEqual([]);
  });

  it('refuses text the server could not store with 60008, naming the field, without sending it', async () => {
    const { requests, written } = setup();
    requests.open();
    await expect(
      requests.call('setConversationDraft', { conversationID: 'C2Cbob', draftText: 'a\u0000b' }),
    ).rejects.toMatchObject({ code: ErrorCode.TEXT_INVALID_CHARACTERS, message: expect.stringContaining('draftText') });
    expect(written).toEqual([]);
  });

  it('rejects an answer that does not match the op’s response schema', async () => {
    const { requests, answer } = setup();
    requests.open();
    const call = requests.call('getMyProfile', {});
    answer(0, { profile: { userID: 7 } });
    await expect(call).rejects.toMatchObject({ code: ErrorCode.MALFORMED_FRAME });
  });

  it('times out an unanswered request with REQUEST_TIMEOUT and flags the connection', async () => {
    const { requests, socket } = setup(500);
    requests.open();
    const call = requests.call('getMyProfile', {});
    vi.advanceTimersByTime(500);
    await expect(call).rejects.toMatchObject({ code: ErrorCode.REQUEST_TIMEOUT });
    expect(requests.size).toBe(0);
    expect(socket.unanswered).toBe(1);
  });

  it('fails a request that never found a connection with NETWORK_ERROR', async () => {
    const { requests, socket } = setup(500);
    const call = requests.call('getMyProfile', {});
    vi.advanceTimersByTime(500);
    await expect(call).rejects.toMatchObject({ code: ErrorCode.NETWORK_ERROR });
    expect(socket.unanswered).toBe(0);
  });

  it('re-sends requests in flight after the connection comes back, with the same body', async () => {
    const { requests, written, answer } = setup();
    requests.open();
    const call = requests.call('sendMessage', {
      ID: 'alice-1-1',
      conversationType: 'C2C',
      to: 'bob',
      type: 'TIMTextElem',
      payload: { text: 'hi' },
      clientTime: 1,
      random: 1,
    });
    requests.connectionLost();
    requests.open();
    expect(written).toHaveLength(2);
    expect(written[1]).toEqual(written[0]);
    expect(answer(1, { message: {} })).toBe(true);
    await expect(call).rejects.toMatchObject({ code: ErrorCode.MALFORMED_FRAME });
  });

  it('fails ops that are unsafe to repeat when the connection drops before the answer', async () => {
    const { requests } = setup();
    requests.open();
    const call = requests.call('createGroup', { type: 'Public', name: 'x' });
    requests.connectionLost();
    await expect(call).rejects.toMatchObject({ code: ErrorCode.NETWORK_ERROR });
  });

  it('keeps a request queued when the socket refuses the write, and sends it on open', () => {
    const { requests, written, socket } = setup();
    socket.isUp = false;
    requests.open();
    void requests.call('getMyProfile', {});
    expect(written).toEqual([]);
    socket.isUp = true;
    requests.open();
    expect(written).toHaveLength(1);
  });

  it('ignores answers to unknown or timed-out requests', () => {
    const { requests } = setup();
    expect(requests.handleResponse({ id: 99, ok: true, data: {} })).toBe(false);
    expect(requests.handleResponse({ id: null, ok: false, error: { code: 60001, message: 'bad' } })).toBe(false);
  });

  it('rejects everything pending on rejectAll', async () => {
    const { requests } = setup();
    const call = requests.call('getMyProfile', {});
    requests.rejectAll(new Error('bye') as never);
    await expect(call).rejects.toThrow('bye');
  });
});
