import { readEventStream } from '@liaison/protocol';
import { z } from 'zod';
import { describeFailure, ProviderError } from '../../im/translation/providers';
import type { AiSettings } from './settings';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The model behind the AI assistant (ARCHITECTURE.md "Providers that talk to the outside world").
 * `stream` yields the answer's text piece by piece; it throws ProviderError when the service fails,
 * answers nonsense or stalls, and stops quietly when `signal` aborts.
 */
export interface ChatModel {
  readonly model: string;
  stream(turns: readonly ChatTurn[], signal: AbortSignal): AsyncGenerator<string, void, undefined>;
}

/** One chunk of a streamed chat completion; only the text and an error matter here. */
const chunkSchema = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).nullish() })).nullish(),
  error: z.object({ message: z.string() }).nullish(),
});

/**
 * An OpenAI-compatible chat-completions API (OpenAI, DeepSeek, Qwen, vLLM, Ollama…):
 * POST {baseUrl}/chat/completions with `stream: true`, answered as server-sent events whose
 * `data:` lines carry chunks and end with `[DONE]`.
 */
export function openAIChatModel(settings: AiSettings): ChatModel {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    model: settings.model,
    async *stream(turns, signal) {
      const upstream = new AbortController();
      const stop = () => upstream.abort();
      signal.addEventListener('abort', stop, { once: true });
      const watchdog = new Watchdog(() => upstream.abort());
      const stalled = `the answer stalled for ${seconds(settings.idleTimeoutMs)}`;
      try {
        watchdog.arm(settings.responseTimeoutMs, `no answer within ${seconds(settings.responseTimeoutMs)}`);
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: settings.model, messages: turns, stream: true }),
          signal: upstream.signal,
        });
        if (!response.ok) throw new ProviderError(await describeFailure(response));
        if (!response.body) throw new ProviderError('the answer has no body');
        watchdog.arm(settings.idleTimeoutMs, stalled);
        for await (const data of readEventStream(response.body)) {
          watchdog.arm(settings.idleTimeoutMs, stalled);
          if (data === '[DONE]') return;
          yield* piecesOf(data);
        }
      } catch (err) {
        if (signal.aborted) return;
        if (watchdog.reason) throw new ProviderError(watchdog.reason);
        if (err instanceof ProviderError) throw err;
        const cause = (err as { cause?: { message?: string } })?.cause?.message;
        throw new ProviderError(cause ?? (err as Error)?.message ?? String(err));
      } finally {
        watchdog.disarm();
        signal.removeEventListener('abort', stop);
        // Returning early (done, stopped, the caller gave up) must not leave the connection open.
        upstream.abort();
      }
    },
  };
}

function* piecesOf(data: string): Generator<string> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new ProviderError('the answer is not a chat-completions stream');
  }
  const chunk = chunkSchema.safeParse(json);
  if (!chunk.success) throw new ProviderError('the answer is not a chat-completions stream');
  if (chunk.data.error) throw new ProviderError(chunk.data.error.message.slice(0, 200));
  const piece = chunk.data.choices?.[0]?.delta?.content;
  if (piece) yield piece;
}

/** Aborts once a deadline passes without being re-armed; remembers why. */
class Watchdog {
  reason: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly onExpire: () => void) {}

  arm(ms: number, reason: string): void {
    this.disarm();
    this.timer = setTimeout(() => {
      this.reason = reason;
      this.onExpire();
    }, ms);
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
