/**
 * The AI assistant (issue 15; docs/portal-api.md "AI assistant"): conversations kept on the
 * server per user, answers streamed from an OpenAI-compatible chat-completions API.
 */

export const AI_LIMITS = {
  prompt: 2000,
  /** Earlier turns sent to the model with a new prompt. */
  historyTurns: 20,
  conversationsPerPage: 50,
  title: 30,
} as const;

export interface AiConversation {
  id: string;
  /** The first prompt, cut to `title` characters. */
  title: string;
  updatedAt: number;
}

/** 'error': the answer failed or was stopped before any text; 'stopped': stopped with partial text. */
export type AiMessageState = 'done' | 'stopped' | 'error';

export interface AiMessage {
  id: string;
  role: 'user' | 'assistant';
  /** Markdown from the model; the page renders it without raw HTML. */
  content: string;
  state: AiMessageState;
  /** Portal items the server found and gave the model, shown as links under the answer. */
  references: AiReference[];
  createdAt: number;
}

export interface AiReference {
  type: 'ability' | 'enterprise' | 'expert' | 'news';
  id: string;
  title: string;
  /** The portal path, e.g. '/supplyDetail?id=12'. */
  path: string;
}

/** `GET /portal/ai/status`: whether the assistant is configured and the caller may use it. */
export interface AiStatus {
  configured: boolean;
  allowed: boolean;
  model: string;
}

/**
 * `POST /portal/ai/chat` {conversationId?, prompt, retryOf?} answers `text/event-stream`:
 * one `start` event, `delta` events with text, then `done` or `error`. Closing the request stops
 * the answer (kept as 'stopped'). `retryOf`: the id of an assistant message to answer again.
 */
export type AiStreamEvent =
  | {
      type: 'start';
      conversationId: string;
      userMessageId: string;
      assistantMessageId: string;
      references: AiReference[];
    }
  | { type: 'delta'; text: string }
  | { type: 'done'; state: AiMessageState }
  | { type: 'error'; code: number; msg: string };

export interface AiChatRequest {
  conversationId?: string;
  prompt: string;
  retryOf?: string;
}
