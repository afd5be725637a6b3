/**
 * `npm run bench -- receipts`: group read receipts. One group of 200 (BENCH_RECEIPT_MEMBERS) whose
 * owner sends 100 messages (BENCH_RECEIPT_MESSAGES) with needReadReceipt; then every other member
 * acknowledges every message, in sendMessageReadReceipt calls of at most 30, all members at once.
 * Prints receipts/s (acknowledged, and until the sender has been told the final count of every
 * message) and the database rows the receipts added per message: none at send time, one per
 * member who read it afterwards (O(readers), not O(members)). Runs each configuration of
 * BENCH_CONFIGS (embedded PGlite + in-process bus; PostgreSQL + NATS) in a server process of its
 * own; the load is the lean raw-protocol client. Numbers only, never asserted. BENCH_QUICK=1 shrinks it.
 */

import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { genUserSig } from '../apps/server/src/auth/usersig';
import { openDatabase } from '../apps/server/src/db/open';
import type { BenchConfig } from './config';
import type { AppCredentials } from './ipc';
import { benchLimitEnv } from './limits';
import { LeanClient } from './load-client';
import { createBenchDatabase } from './postgres';
import { CpuMeter, now, type ProcessGroups, pidsByName, readMemory, round1, sleep } from './proc';
import { type ServiceProcess, startService } from './server-process';

export interface ReceiptBenchSettings {
  members: number;
  messages: number;
  /** Messages per sendMessageReadReceipt call (the reference's limit is 30). */
  batch: number;
  /** Logins at once while the members connect. */
  connectConcurrency: number;
  /** Sends of the owner in flight at once. */
  sendWindow: number;
}

/** Quick or full sizes; BENCH_RECEIPT_MEMBERS / BENCH_RECEIPT_MESSAGES / BENCH_RECEIPT_BATCH override them. */
export function receiptBenchSettings(quick: boolean, env: NodeJS.ProcessEnv = process.env): ReceiptBenchSettings {
  const count = (name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 2 || value > max) throw new Error(`${name} must be an integer 2..${max}`);
    return value;
  };
  return {
    members: count('BENCH_RECEIPT_MEMBERS', quick ? 50 : 200, 500),
    messages: count('BENCH_RECEIPT_MESSAGES', quick ? 20 : 100),
    batch: count('BENCH_RECEIPT_BATCH', 30, 30),
    connectConcurrency: 20,
    sendWindow: 10,
  };
}

type Section = Record<string, unknown>;
type Log = (line: string) => void;

/** Every configuration of BENCH_CONFIGS, one after the other, each on a fresh server and database. */
export async function receiptsBench(cfg: BenchConfig, tmp: string, log: Log): Promise<Section> {
  const settings = receiptBenchSettings(cfg.quick);
  const out: Section = { settings };
  for (const name of cfg.configs) {
    try {
      out[name] =
        name === 'embedded' ? await runEmbedded(tmp, settings, log) : await runPostgres(cfg, tmp, settings, log);
    } catch (err) {
      log(`receipts ${name} FAILED: ${(err as Error).message}`);
      out[name] = { error: (err as Error).message };
    }
  }
  return out;
}

/** Counts the receipt rows of one conversation; null when the database cannot be reached meanwhile. */
type RowCounter = ((conversationKey: string) => Promise<number>) | null;

async function runEmbedded(tmp: string, settings: ReceiptBenchSettings, log: Log): Promise<Section> {
  const dataDir = join(tmp, 'receipts-embedded');
  await mkdir(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: '0', NODE_ENV: 'development', ...benchLimitEnv };
  const server = await startService({ name: 'receipts-embedded', script: 'apps/server/src/main.ts', env, logDir: tmp });
  let result: Section;
  let groupKey = '';
  try {
    const app = JSON.parse(await readFile(join(dataDir, 'dev-app.json'), 'utf8')) as AppCredentials;
    // PGlite lives inside the server process: its rows are counted once it has stopped.
    ({ result, groupKey } = await scenario(server, app, settings, null, { server: () => [server.pid] }, log));
  } finally {
    await server.stop();
  }
  const db = await openDatabase({ databaseUrl: null, dataDir });
  try {
    const rows = await countReceipts(db, groupKey);
    return {
      storage: 'PGlite (embedded, WASM, in the server process)',
      bus: 'in-process',
      ...result,
      rows: {
        atSendTime: 'not measured here (the database is inside the server process); see postgres',
        afterAllAcks: rows,
        perMessage: round2(rows / settings.messages),
        membersWhoReadEachMessage: settings.members - 1,
      },
    };
  } finally {
    await db.close();
  }
}

async function runPostgres(cfg: BenchConfig, tmp: string, settings: ReceiptBenchSettings, log: Log): Promise<Section> {
  const database = await createBenchDatabase(cfg.pgAdminUrl);
  const app: AppCredentials = { sdkAppID: 1_400_000_000 + (process.pid % 1_000_000), secretKey: `bench-${now()}` };
  const env = {
    DATA_DIR: join(tmp, 'receipts-postgres'),
    DATABASE_URL: database.url,
    NATS_URL: cfg.natsUrl,
    SDK_APP_ID: String(app.sdkAppID),
    SDK_SECRET_KEY: app.secretKey,
    LOG_LEVEL: 'warn',
    ...benchLimitEnv,
  };
  const client = new pg.Client({ connectionString: database.url });
  let server: ServiceProcess | null = null;
  try {
    server = await startService({ name: 'receipts-postgres', script: 'apps/server/src/main.ts', env, logDir: tmp });
    await client.connect();
    const counter = (key: string) =>
      countReceipts({ query: (text, params) => client.query(text, params).then((r) => r.rows) }, key);
    const pid = server.pid;
    const groups: ProcessGroups = {
      server: () => [pid],
      postgres: () => pidsByName(['postgres']),
      nats: () => pidsByName(['nats-server']),
    };
    const { result } = await scenario(server, app, settings, counter, groups, log);
    return {
      storage: `PostgreSQL ${database.settings.server_version} on 127.0.0.1 (same machine)`,
      bus: `NATS ${cfg.natsUrl} (same machine)`,
      ...result,
    };
  } finally {
    await server?.stop();
    await client.end().catch(() => undefined);
    await database
      .drop()
      .catch((err: unknown) => log(`receipts: could not drop ${database.name}: ${(err as Error).message}`));
  }
}

async function countReceipts(
  db: { query<Row>(text: string, params?: unknown[]): Promise<Row[]> },
  conversationKey: string,
): Promise<number> {
  const [row] = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM message_receipts WHERE conv_key = $1', [
    conversationKey,
  ]);
  return Number(row?.n ?? 0);
}

async function scenario(
  server: ServiceProcess,
  app: AppCredentials,
  s: ReceiptBenchSettings,
  countRows: RowCounter,
  cpuGroups: ProcessGroups,
  log: Log,
): Promise<{ result: Section; groupKey: string }> {
  const tag = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const groupID = `bench-receipts-${tag}`;
  const conversationID = `GROUP${groupID}`;
  const userIDs = Array.from({ length: s.members }, (_, i) => `rc-${tag}-${i}`);
  log(`receipts ${server.name}: ${s.members} members connect`);
  const clients: LeanClient[] = [];
  for (let at = 0; at < userIDs.length; at += s.connectConcurrency) {
    clients.push(
      ...(await Promise.all(
        userIDs.slice(at, at + s.connectConcurrency).map((userID) =>
          LeanClient.connect(server.wsUrl, userID, {
            SDKAppID: app.sdkAppID,
            userSig: genUserSig(app, userID, 3600),
          }),
        ),
      )),
    );
  }
  const [owner, ...readers] = clients as [LeanClient, ...LeanClient[]];
  try {
    // Each reader collects the IDs of the messages that need a receipt as they are pushed.
    const inbox = readers.map(() => [] as string[]);
    let joined = 0;
    readers.forEach((reader, i) => {
      reader.onMessage = (_stamp, frame) => {
        const { message } = (JSON.parse(frame) as { data: { message: { ID: string; needReadReceipt: boolean } } }).data;
        if (message.needReadReceipt) inbox[i]?.push(message.ID);
      };
      reader.onPush = (push) => {
        if (push.event === 'groupList') joined++;
      };
    });
    // The sender hears every count change; the last one per message should be everyone.
    const finalCounts = new Map<string, number>();
    let receiptPushes = 0;
    let everyoneToldAt = 0;
    const everyone = readers.length;
    owner.onPush = (push) => {
      if (push.event !== 'readReceipt') return;
      receiptPushes++;
      for (const m of (push.data as { messageList: Array<{ messageID: string; readCount: number }> }).messageList) {
        finalCounts.set(m.messageID, Math.max(finalCounts.get(m.messageID) ?? 0, m.readCount));
      }
      if (
        everyoneToldAt === 0 &&
        finalCounts.size === s.messages &&
        [...finalCounts.values()].every((n) => n === everyone)
      ) {
        everyoneToldAt = now();
      }
    };

    await owner.request('createGroup', {
      type: 'Private',
      name: 'receipts bench',
      groupID,
      memberList: readers.map((r) => ({ userID: r.userID })),
    });
    await waitFor(() => joined >= readers.length, 60_000, 'every member in the group');

    log(`receipts ${server.name}: the owner sends ${s.messages} messages with needReadReceipt`);
    const sentIDs: string[] = [];
    let next = 0;
    const sendOne = async (): Promise<void> => {
      while (next < s.messages) {
        const i = next++;
        const ID = `${owner.userID}-${tag}-${i}`;
        await owner.request('sendMessage', {
          ID,
          conversationType: 'GROUP',
          to: groupID,
          type: 'TIMTextElem',
          payload: { text: `please ack ${i}` },
          clientTime: Math.floor(Date.now() / 1000),
          random: i,
          needReadReceipt: true,
        });
        sentIDs.push(ID);
      }
    };
    await Promise.all(Array.from({ length: s.sendWindow }, sendOne));
    await waitFor(() => inbox.every((ids) => ids.length >= s.messages), 120_000, 'every message at every member');
    const rowsAtSendTime = countRows ? await countRows(`g:${groupID}`) : null;

    log(
      `receipts ${server.name}: ${readers.length} members acknowledge ${s.messages} messages each, ${s.batch} a call`,
    );
    const meter = new CpuMeter(cpuGroups);
    let calls = 0;
    let failed = 0;
    meter.begin();
    const startedAt = now();
    await Promise.all(
      readers.map(async (reader, i) => {
        const ids = inbox[i] ?? [];
        for (let at = 0; at < ids.length; at += s.batch) {
          calls++;
          await reader
            .request('sendMessageReadReceipt', { conversationID, messageIDList: ids.slice(at, at + s.batch) })
            .catch(() => failed++);
        }
      }),
    );
    const ackedAt = now();
    await waitFor(() => everyoneToldAt > 0, 60_000, 'the sender told that everyone read every message').catch(
      () => undefined,
    );
    const cpuCores = meter.end();
    const receipts = readers.length * s.messages;
    const ackS = (ackedAt - startedAt) / 1000;
    const toldS = everyoneToldAt > 0 ? (everyoneToldAt - startedAt) / 1000 : null;
    const rowsAfter = countRows ? await countRows(`g:${groupID}`) : null;

    // What the sender sees when asking, for one message.
    const sample = (await owner.request('getMessageReadReceiptList', {
      conversationID,
      messageIDList: sentIDs.slice(0, 1),
    })) as { messageList: Array<{ readCount: number; unreadCount: number }> };

    const result: Section = {
      members: s.members,
      messages: s.messages,
      receipts,
      calls,
      failedCalls: failed,
      receiptsPerS: Math.round(receipts / ackS),
      callsPerS: Math.round(calls / ackS),
      ackedInS: round2(ackS),
      senderToldEveryoneInS: toldS === null ? null : round2(toldS),
      receiptsPerSUntilSenderTold: toldS === null ? null : Math.round(receipts / toldS),
      readReceiptPushesToSender: receiptPushes,
      senderFinalCountsExact: [...finalCounts.values()].every((n) => n === everyone) && finalCounts.size === s.messages,
      sampleAnswer: sample.messageList[0] ?? null,
      cpuCores,
      serverRssMB: round1(readMemory(server.pid)?.rssMB ?? 0),
      ...(countRows
        ? {
            rows: {
              atSendTime: rowsAtSendTime,
              afterAllAcks: rowsAfter,
              perMessage: rowsAfter === null ? null : round2(rowsAfter / s.messages),
              membersWhoReadEachMessage: everyone,
            },
          }
        : {}),
    };
    return { result, groupKey: `g:${groupID}` };
  } finally {
    for (const client of clients) client.close();
    await sleep(200);
  }
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = now() + timeoutMs;
  while (!check()) {
    if (now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
