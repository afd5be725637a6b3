import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local services that speak the providers' APIs, for tests: a LibreTranslate-compatible
 * POST /translate and an OpenAI-compatible POST /v1/audio/transcriptions. Text with "fail" in it
 * (or `failNext` on the transcriber) gets an error answer; "hang" (or `hangNext`) no answer at all.
 */
export interface FakeTranslator {
  url: string;
  /** Every request body, oldest first. */
  asked: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export interface Transcription {
  authorization: string | undefined;
  model: string;
  language: string | null;
  fileName: string;
  fileType: string;
  bytes: Buffer;
}

export interface FakeTranscriber {
  url: string;
  asked: Transcription[];
  /** The next request gets a 503 with an OpenAI-style error body. */
  failNext: boolean;
  /** The next request gets no answer. */
  hangNext: boolean;
  close(): Promise<void>;
}

/** A LibreTranslate look-alike: "[target] text"; with `apiKey`, requests without it get 403. */
export async function startFakeTranslator(apiKey: string | null = null): Promise<FakeTranslator> {
  const asked: Array<Record<string, unknown>> = [];
  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/translate') return answer(response, 404, { error: 'Not Found' });
    const body = JSON.parse((await readBody(request)).toString('utf8')) as Record<string, unknown>;
    asked.push(body);
    const q = String(body.q);
    if (apiKey !== null && body.api_key !== apiKey) return answer(response, 403, { error: 'Invalid API key' });
    if (q.includes('hang')) return;
    if (q.includes('fail')) return answer(response, 400, { error: `${String(body.target)} is not supported` });
    return answer(response, 200, { translatedText: `[${String(body.target)}] ${q}` });
  });
  return { url: await listen(server), asked, close: () => stop(server) };
}

/** An OpenAI transcription look-alike: "heard N bytes of <fileName>". */
export async function startFakeTranscriber(): Promise<FakeTranscriber> {
  const fake: FakeTranscriber = { url: '', asked: [], failNext: false, hangNext: false, close: async () => {} };
  const server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') {
      return answer(response, 404, { error: { message: 'Not Found' } });
    }
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: new Uint8Array(await readBody(request)),
    }).formData();
    const file = form.get('file');
    if (!(file instanceof File)) return answer(response, 400, { error: { message: 'file is required' } });
    const bytes = Buffer.from(await file.arrayBuffer());
    fake.asked.push({
      authorization: request.headers.authorization,
      model: String(form.get('model')),
      language: form.get('language') === null ? null : String(form.get('language')),
      fileName: file.name,
      fileType: file.type,
      bytes,
    });
    if (fake.hangNext) {
      fake.hangNext = false;
      return;
    }
    if (fake.failNext) {
      fake.failNext = false;
      return answer(response, 503, { error: { message: 'the model is overloaded', type: 'server_error' } });
    }
    return answer(response, 200, { text: `heard ${bytes.length} bytes of ${file.name}` });
  });
  fake.url = await listen(server);
  fake.close = () => stop(server);
  return fake;
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes the server and every connection, answered or hanging. */
function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
