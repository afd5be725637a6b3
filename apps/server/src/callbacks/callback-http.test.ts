import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CallbackHttp } from './callback-http.mjs';

type Handler = (body: string, req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP endpoint on loopback that counts the connections it was opened. */
async function endpoint(handler: Handler, options: { secure?: { key: string; cert: string } } = {}) {
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(Buffer.concat(chunks).toString('utf8'), req, res));
  };
  const server: Server = options.secure ? createHttpsServer(options.secure, onRequest) : createHttpServer(onRequest);
  let connections = 0;
  server.on(options.secure ? 'secureConnection' : 'connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`${options.secure ? 'https' : 'http'}://127.0.0.1:${port}/im-callback`),
    connections: () => connections,
    server,
  };
}

/** A TCP endpoint that speaks HTTP by hand, for answers node:http would not send. */
async function rawEndpoint(onData: (socket: Socket, text: string) => void, onConnection = () => {}) {
  const server = createNetServer((socket) => {
    onConnection();
    socket.on('data', (chunk) => onData(socket, chunk.toString('latin1')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  netServers.push(server);
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/im-callback`);
}

const servers: Server[] = [];
const netServers: NetServer[] = [];
const clients: CallbackHttp[] = [];

function client(url: URL, options: Partial<{ timeoutMs: number; tls: object }> = {}) {
  const http = new CallbackHttp(url, { timeoutMs: 2000, ...options });
  clients.push(http);
  return http;
}

const OK = '{"ActionStatus":"OK","ErrorCode":0,"ErrorInfo":""}';

afterEach(async () => {
  for (const http of clients.splice(0)) http.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const server of netServers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('the callbacks HTTP client', () => {
  it('posts the JSON body with its query string and reads a chunked UTF-8 answer', async () => {
    const seen: Array<{ url: string; body: string; type: string }> = [];
    const { url } = await endpoint((body, req, res) => {
      seen.push({ url: req.url ?? '', body, type: req.headers['content-type'] ?? '' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"ActionStatus":"OK","ErrorCode":0,');
      res.end('"MsgBody":[{"MsgType":"TIMTextElem","MsgContent":{"Text":"你好"}}]}');
    });
    const answer = await client(url).post(
      '/im-callback?CallbackCommand=C2C.CallbackBeforeSendMsg',
      '{"Text":"供应链"}',
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).MsgBody[0].MsgContent.Text).toBe('你好');
    expect(seen).toEqual([
      {
        url: '/im-callback?CallbackCommand=C2C.CallbackBeforeSendMsg',
        body: '{"Text":"供应链"}',
        type: 'application/json; charset=utf-8',
      },
    ]);
  });

  it('keeps one connection alive for posts one after another', async () => {
    const target = await endpoint((_body, _req, res) => res.end(OK));
    const http = client(target.url);
    for (let i = 0; i < 5; i++) expect((await http.post('/im-callback', '{}')).text).toBe(OK);
    expect(target.connections()).toBe(1);
  });

  it('opens a connection for each post out at once when not pipelining', async () => {
    const target = await endpoint((_body, _req, res) => setTimeout(() => res.end(OK), 20));
    const http = client(target.url);
    await Promise.all([1, 2, 3].map(() => http.post('/im-callback', '{}')));
    expect(target.connections()).toBe(3);
  });

  it('pipelines posts on a connection the endpoint kept alive, and matches each answer to its post', async () => {
    const target = await endpoint((body, _req, res) => res.end(body));
    const http = client(target.url);
    expect((await http.postInLine('/im-callback', '{"n":0}')).text).toBe('{"n":0}');
    const bodies = [1, 2, 3, 4, 5].map((n) => `{"n":${n}}`);
    const answers = await Promise.all(bodies.map((body) => http.postInLine('/im-callback', body)));
    expect(answers.map((answer) => answer.text)).toEqual(bodies);
    expect(target.connections()).toBe(1);
  });

  it('writes the posts of one turn in one write, and pipelines no more than 32 on a connection', async () => {
    const chunks: number[] = [];
    let connections = 0;
    const url = await rawEndpoint(
      (socket, text) => {
        const posts = text.split('POST ').length - 1;
        chunks.push(posts);
        socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${OK.length}\r\n\r\n${OK}`.repeat(posts));
      },
      () => connections++,
    );
    const http = client(url);
    await http.postInLine('/im-callback', '{}');
    const answers = await Promise.all(Array.from({ length: 40 }, () => http.postInLine('/im-callback', '{}')));
    expect(answers.every((answer) => answer.text === OK)).toBe(true);
    // The first post proved the connection; 32 then went out on it in one write, and the 8 it had
    // no room for each on a new connection (not yet known to be kept alive).
    expect(chunks.slice(1).sort((a, b) => b - a)).toEqual([32, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(connections).toBe(9);
  });

  it('does not pipeline before the endpoint has kept a connection alive', async () => {
    const target = await endpoint((_body, _req, res) => setTimeout(() => res.end(OK), 20));
    const http = client(target.url);
    await Promise.all([1, 2, 3].map(() => http.postInLine('/im-callback', '{}')));
    expect(target.connections()).toBe(3);
  });

  it('posts again, on another connection, what was pipelined behind an answer that closed the connection', async () => {
    let connections = 0;
    let answered = 0;
    const url = await rawEndpoint(
      (socket, text) => {
        // Answers the first post with keep-alive, the next one with close, and reads nothing more.
        for (const request of text.split('POST ').slice(1)) {
          const body = request.slice(request.indexOf('\r\n\r\n') + 4);
          answered++;
          const close = answered === 2;
          socket.write(
            `HTTP/1.1 200 OK\r\n${close ? 'connection: close\r\n' : ''}content-length: ${body.length}\r\n\r\n${body}`,
          );
          if (close) return socket.end();
        }
      },
      () => connections++,
    );
    const http = client(url);
    await http.postInLine('/im-callback', '{"n":0}');
    const bodies = [1, 2, 3].map((n) => `{"n":${n}}`);
    const answers = await Promise.all(bodies.map((body) => http.postInLine('/im-callback', body)));
    expect(answers.map((answer) => answer.text)).toEqual(bodies);
    expect(answered).toBe(4);
    expect(connections).toBeGreaterThanOrEqual(2);
  });

  it('rejects every post pipelined on a connection that fails, and a post never waits behind them', async () => {
    let requests = 0;
    const url = await rawEndpoint((socket, text) => {
      requests += text.split('POST ').length - 1;
      if (requests === 1) socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${OK.length}\r\n\r\n${OK}`);
      else if (text.includes('"before"')) socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${OK.length}\r\n\r\n${OK}`);
      else setTimeout(() => socket.destroy(), 100);
    });
    const http = client(url);
    await http.postInLine('/im-callback', '{}');
    const pipelined = [1, 2, 3].map(() => http.postInLine('/im-callback', '{}'));
    expect((await http.post('/im-callback', '{"before":1}')).text).toBe(OK);
    for (const post of pipelined) await expect(post).rejects.toMatchObject({ code: 'CALLBACK_CLOSED' });
  });

  it('posts on a new connection after an endpoint closes the last one with its answer', async () => {
    let connections = 0;
    const url = await rawEndpoint(
      (socket, text) => {
        if (!text.startsWith('POST')) return;
        const body = text.slice(text.indexOf('\r\n\r\n') + 4);
        socket.end(`HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
      },
      () => connections++,
    );
    const http = client(url);
    for (const body of ['{"n":1}', '{"n":2}', '{"n":3}'])
      expect((await http.post('/im-callback', body)).text).toBe(body);
    expect(connections).toBe(3);
  });
  it('reads an answer with neither a length nor chunks up to the end of the connection', async () => {
    const url = await rawEndpoint((socket) =>
      socket.end(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n${OK}`),
    );
    expect((await client(url).post('/im-callback', '{}')).text).toBe(OK);
  });

  it('skips an interim 100 Continue and reads the answer after it', async () => {
    const url = await rawEndpoint((socket) =>
      socket.write(`HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: ${OK.length}\r\n\r\n${OK}`),
    );
    expect((await client(url).post('/im-callback', '{}')).text).toBe(OK);
  });

  it('rejects with CALLBACK_TIMEOUT when no answer comes in time, and posts again on a new connection', async () => {
    let answer = false;
    const target = await endpoint((_body, _req, res) => {
      if (answer) res.end(OK);
    });
    const http = client(target.url, { timeoutMs: 200 });
    const started = Date.now();
    await expect(http.post('/im-callback', '{}')).rejects.toMatchObject({ code: 'CALLBACK_TIMEOUT' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(Date.now() - started).toBeLessThan(1000);
    answer = true;
    expect((await http.post('/im-callback', '{}')).text).toBe(OK);
    expect(target.connections()).toBe(2);
  });

  it("rejects with the connection's error when nothing listens", async () => {
    const target = await endpoint(() => {});
    const url = target.url;
    target.server.close();
    servers.splice(0);
    await expect(client(url).post('/im-callback', '{}')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('rejects an answer that is not HTTP, and one too long for a callback', async () => {
    const garbage = await rawEndpoint((socket) => socket.write('SSH-2.0-OpenSSH_9.2\r\n\r\n'));
    await expect(client(garbage).post('/im-callback', '{}')).rejects.toMatchObject({
      code: 'CALLBACK_BAD_ANSWER',
    });
    const huge = await rawEndpoint((socket) => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 99999999\r\n\r\n'));
    await expect(client(huge).post('/im-callback', '{}')).rejects.toMatchObject({
      code: 'CALLBACK_BAD_ANSWER',
    });
  });

  it('does not reuse a connection the endpoint is about to close for idleness', async () => {
    const target = await endpoint((_body, _req, res) => res.end(OK));
    // node:http says "Keep-Alive: timeout=1" and closes at 1 s; the client stops reusing 1 s before.
    target.server.keepAliveTimeout = 1000;
    const http = client(target.url);
    await http.post('/im-callback', '{}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await http.post('/im-callback', '{}');
    expect(target.connections()).toBe(2);
  });

  it('posts over TLS to an https endpoint it trusts, and refuses one it does not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'callback-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const secure = {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
    const target = await endpoint((body, _req, res) => res.end(body), { secure });
    expect((await client(target.url, { tls: { ca: secure.cert } }).post('/im-callback', '{"n":1}')).text).toBe(
      '{"n":1}',
    );
    await expect(client(target.url).post('/im-callback', '{}')).rejects.toMatchObject({
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
  });
});
