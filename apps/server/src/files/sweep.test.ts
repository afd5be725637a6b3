import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { type RawClient, startServer, until } from '../integration/harness';
import { fileRows, grant, loggedIn, partialPut, storedFiles, upload } from './test-uploads';

let server: LiaisonServer;
let dir: string;
let alice: RawClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liaison-sweep-test-'));
  server = await startServer(undefined, {
    files: { dir, sweepIntervalMs: 100, grantMaxAgeMs: 400, uploadingMaxAgeMs: 400, unusedMaxAgeMs: 1500 },
  });
  alice = await loggedIn(server, 'sweep-alice');
});

afterAll(async () => {
  alice?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function rowExists(fileID: string): Promise<boolean> {
  return (await server.db.query('SELECT 1 FROM files WHERE file_id = $1', [fileID])).length > 0;
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  let done = false;
  const poll = async () => {
    done = await check();
  };
  await poll();
  await until(
    () => {
      void poll();
      return done;
    },
    10_000,
    what,
  );
}

describe('the sweep of abandoned and unused uploads', () => {
  it('removes a grant that was never used', async () => {
    await grant(alice, 'file', 'never.txt', 10);
    expect(await fileRows(server)).toBe(1);
    await eventually(async () => (await fileRows(server)) === 0, 'the unused grant swept');
  });

  it('removes an upload that stalled mid-body, and its bytes once the client is gone', async () => {
    const granted = await grant(alice, 'file', 'stalled.bin', 1_000_000);
    const client = new AbortController();
    const uploading = partialPut(
      server,
      granted.data?.uploadURL ?? '',
      1_000_000,
      new Uint8Array(200_000),
      client.signal,
    );
    await eventually(async () => (await fileRows(server)) === 0, 'the stalled upload swept');
    // The client finally goes away: the half-written bytes go with it.
    client.abort();
    expect(await uploading).toBeNull();
    await eventually(async () => (await storedFiles(dir)).length === 0, 'the partial bytes removed');
  });

  it('removes a finished file no message named in time, and keeps one a message named', async () => {
    const unused = await upload(server, alice, 'file', 'unused.txt', Buffer.from('nobody sends me'));
    const used = await upload(server, alice, 'file', 'used.txt', Buffer.from('I was sent'));
    const unusedID = String(unused.body.data?.uuid);
    const usedID = String(used.body.data?.uuid);
    await server.db.query('UPDATE files SET used_at = $2 WHERE file_id = $1', [usedID, Date.now()]);
    expect(await storedFiles(dir)).toHaveLength(2);
    await eventually(async () => !(await rowExists(unusedID)), 'the unused file swept');
    expect(await rowExists(usedID)).toBe(true);
    expect((await storedFiles(dir)).map((path) => path.split('/').pop())).toEqual([usedID]);
  });
});
