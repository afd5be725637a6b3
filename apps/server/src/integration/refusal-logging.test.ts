import { Writable } from 'node:stream';
import { ErrorCode } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { RawClient, startServer, until } from './harness';

interface Line {
  level: number;
  msg: string;
  addr?: string;
  suppressed?: number;
}

const BUDGET = 20;
const raw: string[] = [];
let server: LiaisonServer;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  server = await startServer(undefined, { logLevel: 'info', logStream, logLinesPerAddress: BUDGET });
});

afterAll(async () => {
  await server?.close();
});

const lines = () => raw.map((line) => JSON.parse(line) as Line);

describe('a burst of bad input from one address', () => {
  it('is refused without stack traces, in at most the budget of log lines and one count of the rest', async () => {
    const client = await RawClient.open(server);
    expect((await client.login(server, 'noisy-mallory')).ok).toBe(true);
    const frames = 300;
    for (let i = 0; i < frames; i++) {
      const kind = i % 4;
      if (kind === 0) client.sendRaw('{not json');
      else if (kind === 1) client.socket.send(Buffer.from([1, 2, 3]));
      else if (kind === 2) client.sendRaw(JSON.stringify({ id: 10_000 + i, op: 'fly', body: {} }));
      else client.sendRaw(JSON.stringify({ id: 10_000 + i, op: 'updateMyProfile', body: { nick: 'x\u0000' } }));
    }
    const portalRequests = 40;
    const answers = await Promise.all(
      Array.from({ length: portalRequests }, () =>
        fetch(`${server.url}/prod-api/portal/login/normal`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"username":',
        }).then((r) => r.json() as Promise<{ code: number }>),
      ),
    );
    expect(answers.every((a) => a.code !== 200)).toBe(true);
    // Every frame was answered: the server kept serving.
    await until(() => client.orphans.length >= frames / 2, 10_000, 'the malformed frames to be answered');
    const reply = await client.request('updateMyProfile', { nick: 'x\u0000' });
    expect(reply.error?.code).toBe(ErrorCode.TEXT_INVALID_CHARACTERS);
    client.close();

    const fromClient = lines().filter((l) => l.addr === '127.0.0.1' && l.suppressed === undefined);
    expect(fromClient).toHaveLength(BUDGET);
    expect(fromClient.every((l) => l.level <= 40)).toBe(true);
    expect(raw.some((line) => line.includes('"stack"'))).toBe(false);

    await server.close();
    const counts = lines().filter((l) => l.suppressed !== undefined);
    expect(counts).toHaveLength(1);
    // Each frame is a refusal; each portal request a refusal and a request line.
    expect((counts[0]?.suppressed ?? 0) + BUDGET).toBeGreaterThanOrEqual(frames + 2 * portalRequests);
  });
});
