import type { AiMessage, AiStreamEvent } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { type ChatState, chatReducer, EMPTY_CHAT, retryableAnswer } from './chat-state';

const stored = (id: string, role: AiMessage['role'], content: string): AiMessage => ({
  id,
  role,
  content,
  state: 'done',
  references: [],
  createdAt: 1,
});
const start: AiStreamEvent = {
  type: 'start',
  conversationId: '9',
  userMessageId: '11',
  assistantMessageId: '12',
  references: [],
};

function asked(state: ChatState = EMPTY_CHAT): ChatState {
  return chatReducer(state, { type: 'asked', prompt: '问题', at: 5 });
}

describe('the chat as the page shows it', () => {
  it('shows the question at once and the answer piece by piece, keeping the answer row across its naming', () => {
    let state = asked();
    const key = state.items[1]?.key;
    state = chatReducer(state, { type: 'event', event: start });
    state = chatReducer(state, { type: 'event', event: { type: 'delta', text: '你' } });
    state = chatReducer(state, { type: 'event', event: { type: 'delta', text: '好' } });
    expect(state.isStreaming).toBe(true);
    state = chatReducer(state, { type: 'event', event: { type: 'done', state: 'done' } });
    expect(state.isStreaming).toBe(false);
    expect(state.items.map(({ id, role, content, isPending }) => ({ id, role, content, isPending }))).toEqual([
      { id: '11', role: 'user', content: '问题', isPending: false },
      { id: '12', role: 'assistant', content: '你好', isPending: false },
    ]);
    expect(state.items[1]?.key).toBe(key);
    expect(retryableAnswer(state)?.id).toBe('12');
  });

  it('marks a stopped answer stopped, or failed when nothing had come, as the server stores it', () => {
    const withText = chatReducer(chatReducer(asked(), { type: 'event', event: { type: 'delta', text: '半' } }), {
      type: 'stopped',
    });
    expect(withText.items[1]).toMatchObject({ content: '半', state: 'stopped', isPending: false });
    expect(chatReducer(asked(), { type: 'stopped' }).items[1]).toMatchObject({ state: 'error' });
  });

  it('shows why an answer failed', () => {
    const state = chatReducer(asked(), { type: 'event', event: { type: 'error', code: 500, msg: 'AI服务暂时不可用' } });
    expect(state.items[1]).toMatchObject({ state: 'error', error: 'AI服务暂时不可用', isPending: false });
  });

  it('takes a refused question away again', () => {
    const before = chatReducer(EMPTY_CHAT, {
      type: 'loaded',
      messages: [stored('1', 'user', '旧'), stored('2', 'assistant', '答')],
    });
    expect(chatReducer(asked(before), { type: 'refused' })).toEqual(before);
  });

  it('replaces the last answer on retry, and offers no retry while one streams', () => {
    const before = chatReducer(EMPTY_CHAT, {
      type: 'loaded',
      messages: [stored('1', 'user', '问'), stored('2', 'assistant', '答')],
    });
    const retrying = chatReducer(before, { type: 'retried', at: 7 });
    expect(retrying.items.map((item) => item.content)).toEqual(['问', '']);
    expect(retryableAnswer(retrying)).toBeNull();
  });
});
