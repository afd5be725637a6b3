import {
  type AiChatRequest,
  type AiConversation,
  type AiMessage,
  type AiStatus,
  type AiStreamEvent,
  readEventStream,
} from '@liaison/protocol';
import { sessionStore } from '../session/session-store';
import { request } from './client';
import { expireSession } from './expire';
import { RequestText, textForCode } from './messages';
import { API_BASE, RequestError } from './request';
import type { Envelope } from './types';

/** The AI assistant (docs/portal-api.md "AI assistant"). */
const AI = '/portal/ai';

export function fetchAiStatus(): Promise<Envelope<AiStatus>> {
  return request({ url: `${AI}/status` });
}

export function fetchAiConversations(): Promise<Envelope<AiConversation[]>> {
  return request({ url: `${AI}/conversations` });
}

export function fetchAiMessages(conversationId: string): Promise<Envelope<AiMessage[]>> {
  return request({ url: `${AI}/conversations/${encodeURIComponent(conversationId)}/messages` });
}

export function deleteAiConversation(conversationId: string): Promise<Envelope<null>> {
  return request({ url: `${AI}/conversations/${encodeURIComponent(conversationId)}`, method: 'DELETE' });
}

export const STREAM_CUT_TEXT = '回答中断，请重试';

/**
 * Asks a question and hands each event of the streamed answer to `onEvent` as it arrives.
 * Resolves when the answer has ended (done or error event); rejects with a RequestError when the
 * server refused the question (its envelope), the network failed or the stream broke off, and
 * with the AbortError when `signal` stopped it. Not the request layer: that one waits for a
 * whole JSON body, with a 10 s timeout an answer may well exceed.
 */
export async function streamAiChat(
  body: AiChatRequest,
  onEvent: (event: AiStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const token = sessionStore.getState().user?.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${AI}/chat`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json;charset=utf-8',
        Accept: 'text/event-stream',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new RequestError(RequestText.networkError);
  }
  if (!response.ok) throw new RequestError(RequestText.httpStatus(response.status));
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) throw await refusal(response);
  if (!(await readEvents(response, onEvent))) throw new RequestError(STREAM_CUT_TEXT);
}

/** Reads events until the answer ends; false when the stream broke off before it did. */
async function readEvents(response: Response, onEvent: (event: AiStreamEvent) => void): Promise<boolean> {
  if (!response.body) return false;
  for await (const payload of readEventStream(response.body)) {
    const event = parseEvent(payload);
    if (!event) continue;
    onEvent(event);
    if (event.type === 'done' || event.type === 'error') return true;
  }
  return false;
}

function parseEvent(payload: string): AiStreamEvent | null {
  try {
    const event = JSON.parse(payload) as { type?: unknown };
    return typeof event === 'object' && event !== null && typeof event.type === 'string'
      ? (event as AiStreamEvent)
      : null;
  } catch {
    return null;
  }
}

/** The envelope the server refused the question with, as the request layer reports one. */
async function refusal(response: Response): Promise<RequestError> {
  const envelope = (await response.json().catch(() => null)) as { code?: unknown; msg?: unknown } | null;
  const code = typeof envelope?.code === 'number' ? envelope.code : 500;
  if (code === 401) {
    expireSession();
    return new RequestError(RequestText.sessionExpired, code);
  }
  // The assistant's own refusals (not configured, not allowed, not found) say more than the defaults.
  const msg = typeof envelope?.msg === 'string' && envelope.msg ? envelope.msg : textForCode(code, undefined);
  return new RequestError(msg, code);
}
