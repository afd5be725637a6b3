import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Chat, connect } from '../integration/harness';
import { type ServerProcess, startServerProcess } from '../integration/server-process';

const run = promisify(execFile);
const BACKUP = fileURLToPath(new URL('./backup.ts', import.meta.url));
const RESTORE = fileURLToPath(new URL('./restore.ts', import.meta.url));

let work: string;
const chats: Chat[] = [];

/** Runs `npm run backup` / `npm run restore` as an operator would, with DATA_DIR set. */
async function cli(script: string, args: string[], dataDir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--conditions=@liaison/source', '--import', 'tsx', script, ...args],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

async function history(chat: Chat, conversationID: string) {
  const messages: Array<{ ID: string; text: string; sequence: number }> = [];
  let next: string | undefined;
  for (;;) {
    const page = (await chat.getMessageList({ conversationID, nextReqMessageID: next })).data;
    messages.unshift(
      ...page.messageList.map((m) => ({ ID: m.ID, text: (m.payload as { text: string }).text, sequence: m.sequence })),
    );
    if (page.isCompleted) return messages;
    next = page.nextReqMessageID;
  }
}

async function stop(server: ServerProcess): Promise<void> {
  await Promise.all(chats.splice(0).map((chat) => chat.logout().catch(() => undefined)));
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'liaison-backup-'));
});

afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await rm(work, { recursive: true, force: true });
});

describe('npm run backup / npm run restore (embedded database)', () => {
  it('snapshots a running server that keeps taking sends, and the restored copy holds a consistent history up to the snapshot', {
    timeout: 240_000,
  }, async () => {
    const live = join(work, 'live');
    const server = await startServerProcess({ DATA_DIR: live });
    const alice = await connect(server, 'bk-alice');
    const bob = await connect(server, 'bk-bob');
    chats.push(alice, bob);
    const send = (text: string) =>
      alice.sendMessage(alice.createTextMessage({ to: 'bk-bob', conversationType: 'C2C', payload: { text } }));
    for (let i = 0; i < 50; i++) await send(`m${i}`);

    // One send after another, acknowledged, all through the backup.
    let sending = true;
    let sent = 50;
    const acked: string[] = Array.from({ length: 50 }, (_, i) => `m${i}`);
    const sender = (async () => {
      while (sending) {
        const text = `m${sent++}`;
        await send(text);
        acked.push(text);
      }
    })();
    const ackedBeforeBackup = acked.length;
    const file = join(work, 'snapshot.tar.gz');
    const backup = await cli(BACKUP, [file], live);
    const ackedAfterBackup = acked.length;
    sending = false;
    await sender;
    expect(backup).toMatchObject({ code: 0, output: expect.stringContaining('taken by the running server') });
    expect(ackedAfterBackup).toBeGreaterThan(ackedBeforeBackup);
    await stop(server);

    const restored = join(work, 'restored');
    expect((await cli(RESTORE, [file], restored)).code).toBe(0);
    const second = await startServerProcess({ DATA_DIR: restored });
    try {
      const reader = await connect(second, 'bk-bob');
      chats.push(reader);
      const kept = await history(reader, 'C2Cbk-alice');
      // Everything acknowledged before the backup began, then a gap-free run of what followed, and
      // nothing acknowledged after the backup ended.
      expect(kept.length).toBeGreaterThanOrEqual(ackedBeforeBackup);
      expect(kept.length).toBeLessThanOrEqual(ackedAfterBackup);
      expect(kept.map((m) => m.text)).toEqual(acked.slice(0, kept.length));
      expect(kept.map((m) => m.sequence)).toEqual(kept.map((_, i) => i + 1));
      const [conversation] = (await reader.getConversationList()).data.conversationList;
      expect(conversation?.lastMessage?.ID).toBe(kept.at(-1)?.ID);
    } finally {
      await stop(second);
    }
  });

  it('backs up a stopped server by opening its data dir, and restore refuses a data dir with a database unless --force', {
    timeout: 240_000,
  }, async () => {
    const dir = join(work, 'stopped');
    const server = await startServerProcess({ DATA_DIR: dir });
    const alice = await connect(server, 'bk-carol');
    chats.push(alice);
    await connect(server, 'bk-dave').then((c) => chats.push(c));
    await alice.sendMessage(
      alice.createTextMessage({ to: 'bk-dave', conversationType: 'C2C', payload: { text: 'kept' } }),
    );
    await stop(server);

    const file = join(work, 'stopped.tar.gz');
    expect(await cli(BACKUP, [file], dir)).toMatchObject({
      code: 0,
      output: expect.stringContaining('server not running'),
    });

    const target = join(work, 'occupied');
    await mkdir(join(target, 'db'), { recursive: true });
    await writeFile(join(target, 'db', 'PG_VERSION'), '17\n');
    const refused = await cli(RESTORE, [file], target);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('--force');
    expect(await readFile(join(target, 'db', 'PG_VERSION'), 'utf8')).toBe('17\n');

    expect((await cli(RESTORE, [file, '--force'], target)).code).toBe(0);
    const second = await startServerProcess({ DATA_DIR: target });
    try {
      const reader = await connect(second, 'bk-dave');
      chats.push(reader);
      expect((await history(reader, 'C2Cbk-carol')).map((m) => m.text)).toEqual(['kept']);
    } finally {
      await stop(second);
    }
  });
});
