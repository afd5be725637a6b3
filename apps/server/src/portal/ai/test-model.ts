import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventStreamData } from '@liaison/protocol';

/**
 * A local service speaking the OpenAI chat-completions streaming API, for tests (server, web and
 * browser): POST {url}/chat/completions with `stream: true` answers server-sent events, one chunk
 * per piece of text, then `data: [DONE]`. What it answers is up to `script`.
 */
export interface FakeModel {
  /** The base URL to configure as AI_BASE_URL (it ends in /v1, as OpenAI's does). */
  url: string;
  /** Every request, oldest first. */
  requests: ModelRequest[];
  /** Answers still streaming: a caller that gives up closes its connection, and it ends here. */
  openStreams: number;
  /** Decides each answer; by default `linkTheReferences`. */
  script: (request: ModelRequest) => ModelAnswer;
  close(): Promise<void>;
}

export interface ModelRequest {
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> };
}

export type ModelAnswer =
  /** The pieces, `delayMs` apart; then the end of the stream, or nothing more (`hang`) until the caller gives up. */
  | { pieces: string[]; delayMs?: number; hang?: boolean }
  /** An HTTP error with an OpenAI-style body. */
  | { status: number; message: string };

export async function startFakeModel(): Promise<FakeModel> {
  const fake: FakeModel = { url: '', requests: [], openStreams: 0, script: linkTheReferences, close: async () => {} };
  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      return answerJson(response, 404, { error: { message: 'Not Found' } });
    }
    const asked: ModelRequest = {
      authorization: request.headers.authorization,
      body: JSON.parse(await readBody(request)) as ModelRequest['body'],
    };
    fake.requests.push(asked);
    const answer = fake.script(asked);
    if ('status' in answer) {
      return answerJson(response, answer.status, { error: { message: answer.message, type: 'server_error' } });
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    fake.openStreams += 1;
    response.on('close', () => {
      fake.openStreams -= 1;
    });
    for (const [i, piece] of answer.pieces.entries()) {
      if (i > 0 && answer.delayMs) await sleep(answer.delayMs);
      if (response.destroyed) return;
      response.write(eventStreamData(chunk(asked.body.model, { content: piece })));
    }
    if (answer.hang) return;
    response.write(eventStreamData(chunk(asked.body.model, {}, 'stop')));
    response.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return fake;
}

/**
 * A model that answers with links to every portal item the system prompt lists (lines
 * "N. [类型] 标题：路径"), a few characters per piece, 20 ms apart.
 */
export function linkTheReferences(request: ModelRequest): ModelAnswer {
  const system = request.body.messages.find((m) => m.role === 'system')?.content ?? '';
  const items = [...system.matchAll(/^\d+\. \[[^\]]+\] (.+)：(\/\S+)$/gmu)].map((m) => `- [${m[1]}](${m[2]})`);
  const text = items.length > 0 ? `平台上找到这些相关条目：\n\n${items.join('\n')}` : '平台上暂未找到相关内容。';
  return { pieces: text.match(/[\s\S]{1,6}/gu) ?? [], delayMs: 20 };
}

function chunk(model: string, delta: { content?: string }, finish: string | null = null) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

function answerJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const piece of request) chunks.push(piece as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
