import type { AiMessage, AiMessageState, AiStreamEvent } from '@liaison/protocol';

/** A message as the page shows it: the stored one, or one still streaming in. */
export interface ChatItem extends AiMessage {
  /** The row's React key: an answer keeps it when the server names it, so it is not re-mounted. */
  key: string;
  /** Still arriving from the server. */
  isPending: boolean;
  /** Why the answer failed, when the server said. */
  error: string | null;
}

export interface ChatState {
  items: ChatItem[];
  isStreaming: boolean;
}

export type ChatAction =
  | { type: 'loaded'; messages: AiMessage[] }
  | { type: 'asked'; prompt: string; at: number }
  | { type: 'retried'; at: number }
  | { type: 'event'; event: AiStreamEvent }
  /** The page stopped the answer (the server keeps the same state). */
  | { type: 'stopped' }
  /** The question was refused before anything was stored: it goes away. */
  | { type: 'refused' }
  /** The answer broke off without an end event. */
  | { type: 'failed'; error: string };

export const EMPTY_CHAT: ChatState = { items: [], isStreaming: false };

const PENDING_QUESTION = 'pending-question';
const PENDING_ANSWER = 'pending-answer';

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'loaded':
      return { items: action.messages.map(stored), isStreaming: false };
    case 'asked':
      return {
        items: [
          ...state.items,
          { ...pending(PENDING_QUESTION, 'user', action.at), content: action.prompt, state: 'done', isPending: false },
          pending(PENDING_ANSWER, 'assistant', action.at),
        ],
        isStreaming: true,
      };
    case 'retried':
      return {
        items: [...state.items.slice(0, lastAnswerIndex(state.items)), pending(PENDING_ANSWER, 'assistant', action.at)],
        isStreaming: true,
      };
    case 'event':
      return applyEvent(state, action.event);
    case 'stopped':
      return finish(state, (item) => ({ state: item.content ? 'stopped' : 'error', error: null }));
    case 'refused':
      return {
        items: state.items.filter((item) => item.id !== PENDING_QUESTION && item.id !== PENDING_ANSWER),
        isStreaming: false,
      };
    case 'failed':
      return finish(state, () => ({ state: 'error', error: action.error }));
  }
}

/** The last answer, which is the one a retry replaces; null while one streams or there is none. */
export function retryableAnswer(state: ChatState): ChatItem | null {
  if (state.isStreaming) return null;
  const last = state.items.at(-1);
  return last?.role === 'assistant' ? last : null;
}

function applyEvent(state: ChatState, event: AiStreamEvent): ChatState {
  switch (event.type) {
    case 'start':
      return {
        ...state,
        items: state.items.map((item) => {
          if (item.id === PENDING_QUESTION) return { ...item, id: event.userMessageId };
          if (item.id === PENDING_ANSWER)
            return { ...item, id: event.assistantMessageId, references: event.references };
          return item;
        }),
      };
    case 'delta':
      return updatePending(state, (item) => ({ content: item.content + event.text }));
    case 'done':
      return finish(state, () => ({ state: event.state, error: null }));
    case 'error':
      return finish(state, () => ({ state: 'error', error: event.msg }));
  }
}

function finish(
  state: ChatState,
  change: (item: ChatItem) => { state: AiMessageState; error: string | null },
): ChatState {
  return { ...updatePending(state, (item) => ({ ...change(item), isPending: false })), isStreaming: false };
}

function updatePending(state: ChatState, change: (item: ChatItem) => Partial<ChatItem>): ChatState {
  return { ...state, items: state.items.map((item) => (item.isPending ? { ...item, ...change(item) } : item)) };
}

function lastAnswerIndex(items: ChatItem[]): number {
  return items.at(-1)?.role === 'assistant' ? items.length - 1 : items.length;
}

function pending(id: string, role: AiMessage['role'], at: number): ChatItem {
  const key = `${id}-${at}`;
  return { key, id, role, content: '', state: 'done', references: [], createdAt: at, isPending: true, error: null };
}

function stored(message: AiMessage): ChatItem {
  return { ...message, key: message.id, isPending: false, error: null };
}
