/**
 * `npm run bench -- search`: message search over a large stored history (issue 13's benchmark).
 * A deterministic corpus (bench/search-corpus.ts; 1,000,000 messages, BENCH_QUICK=1: 50,000) is
 * written by SQL straight into the tables, search tokens made by the server's own storedTokens,
 * on embedded PGlite (a temporary data dir, in this process) and on a scratch PostgreSQL database.
 * Then, for measured users, each query class (1-, 2- and 4-character Chinese, an English word and
 * prefix, an order number) globally and in one of the user's largest conversations, timed through
 * the server's own searchCloudMessages in-process, and once more through the SDK over a socket.
 * Also: table and index sizes per message, and EXPLAIN (ANALYZE, BUFFERS) of the slowest query of
 * each scope. Numbers only, never asserted.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ops } from '@liaison/protocol';
import LiaisonChat from '@liaison/sdk';
import { createServer, type LiaisonServer } from '../../apps/server/src/app';
import { genUserSig } from '../../apps/server/src/auth/usersig';
import type { Database, Sql } from '../../apps/server/src/db/database';
import { toNumber } from '../../apps/server/src/db/database';
import { openDatabase } from '../../apps/server/src/db/open';
import { storedTokens, tokensSql } from '../../apps/server/src/im/messages/searchable-text';
import { searchCloudMessages } from '../../apps/server/src/im/search/message-search';
import type { BenchConfig } from '../config';
import { Histogram } from '../histogram';
import { benchServerLimits } from '../limits';
import { createBenchDatabase } from '../postgres';
import { machineBusyCores, now, sleep } from '../proc';
import { buildCorpus, type Corpus, type CorpusConversation, messageBatches } from '../search-corpus';

export interface SearchBenchSettings {
  messages: number;
  c2c: number;
  groups: number;
  measured: number;
  /** Timed runs per query class and scope, at most. */
  runs: number;
  /** A class stops earlier once it has taken this long (and has at least 20 runs). */
  classBudgetS: number;
  /** Runs per class and scope through the SDK. */
  sdkRuns: number;
  seed: number;
}

/** Quick or full sizes; each can be overridden by its BENCH_SEARCH_* variable. */
export function searchBenchSettings(quick: boolean, env: NodeJS.ProcessEnv = process.env): SearchBenchSettings {
  const count = integerSetting(quick, env);
  return {
    messages: count('BENCH_SEARCH_MESSAGES', 1_000_000, 50_000, 1_000),
    c2c: count('BENCH_SEARCH_C2C', 20_000, 2_000, 100),
    groups: count('BENCH_SEARCH_GROUPS', 500, 50, 10),
    measured: count('BENCH_SEARCH_USERS', 20, 20, 1),
    runs: count('BENCH_SEARCH_RUNS', 300, 60, 20),
    classBudgetS: count('BENCH_SEARCH_CLASS_BUDGET_S', 30, 10, 1),
    sdkRuns: count('BENCH_SEARCH_SDK_RUNS', 30, 10, 1),
    seed: count('BENCH_SEARCH_SEED', 20_261_124, 20_261_124, 0),
  };
}

/** Reads integer settings: `name` from the environment, else the full or the quick value. */
export function integerSetting(quick: boolean, env: NodeJS.ProcessEnv) {
  return (name: string, full: number, smoke: number, min: number): number => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? (quick ? smoke : full) : Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}`);
    return value;
  };
}

/** The query classes: one keyword each. */
export const QUERIES = [
  { name: 'zh1Common', keyword: '单', what: '1 Chinese character, common (报价单, 订单, 单价, 对账单…)' },
  { name: 'zh1Rare', keyword: '锌', what: '1 Chinese character, rare (only in 镀锌板, ~0.4 % of texts)' },
  { name: 'zh2', keyword: '交期', what: '2 Chinese characters' },
  { name: 'zh4', keyword: '采购订单', what: '4 Chinese characters' },
  { name: 'enWord', keyword: 'invoice', what: 'an English word' },
  { name: 'enPrefix', keyword: 'ship', what: 'an English prefix (shipment, shipped, shipping)' },
  { name: 'orderNumber', keyword: 'PO-2026-118', what: 'an order number' },
] as const;

type Section = Record<string, unknown>;
type Engine = 'embedded' | 'postgres';

export interface Call {
  text: string;
  params: unknown[];
  ms: number;
}

/** Forwards to the database and keeps the statements of the current search with their times. */
export class Recorder implements Database {
  calls: Call[] = [];
  constructor(private readonly db: Database) {}
  get engine() {
    return this.db.engine;
  }
  query<Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
    return this.recorded(this.db, text, params);
  }
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn({ query: (text, params = []) => this.recorded(tx, text, params) }));
  }
  close(): Promise<void> {
    return this.db.close();
  }
  private async recorded<Row>(sql: Sql, text: string, params: unknown[]): Promise<Row[]> {
    const t = now();
    const rows = await sql.query<Row>(text, params);
    this.calls.push({ text, params, ms: now() - t });
    return rows;
  }
}

export async function searchBench(
  cfg: BenchConfig,
  s: SearchBenchSettings,
  tmp: string,
  log: (line: string) => void,
): Promise<Section> {
  const started = now();
  const corpus = buildCorpus({
    messages: s.messages,
    c2c: s.c2c,
    groups: s.groups,
    measured: s.measured,
    seed: s.seed,
  });
  const out: Section = { corpus: describeCorpus(corpus, s), corpusBuildMs: Math.round(now() - started) };
  for (const engine of cfg.configs) {
    out[engine] = await measureEngine(engine, cfg, s, corpus, tmp, (line) => log(`search ${engine}: ${line}`)).catch(
      (err: unknown) => {
        log(`search ${engine} FAILED: ${(err as Error).stack ?? err}`);
        return { error: (err as Error).message };
      },
    );
  }
  return out;
}

export function describeCorpus(corpus: Corpus, s: { seed: number; messages: number }): Section {
  const sizes = corpus.conversations.map((c) => c.messages).sort((a, b) => b - a);
  const perMeasured = corpus.measured.map((u) => corpus.conversations.filter((c) => c.members.includes(u)));
  const visible = perMeasured.map((list) => list.reduce((n, c) => n + c.messages, 0)).sort((a, b) => a - b);
  const counts = perMeasured.map((list) => list.length).sort((a, b) => a - b);
  return {
    what: 'bench/search-corpus.ts: seeded PRNG; Zipf (s = 0.8) conversation sizes, the 100 largest given to the measured users in turn; texts 50 % Chinese, 20 % English, 30 % mixed with PO-2026-NNN / SKUnnnnn numbers; 10 % files (names), 10 % images; stored in time order (conversations interleaved, as a server stores them)',
    seed: s.seed,
    messages: s.messages,
    c2cConversations: corpus.conversations.filter((c) => c.type === 'C2C').length,
    groups: corpus.conversations.filter((c) => c.type === 'GROUP').length,
    users: corpus.users.length,
    largestConversations: sizes.slice(0, 5),
    conversationsOver20k: sizes.filter((n) => n > 20_000).length,
    medianConversation: sizes[Math.floor(sizes.length / 2)],
    measuredUsers: corpus.measured.length,
    measuredUserConversations: { min: counts[0], max: counts.at(-1) },
    measuredUserVisibleMessages: {
      min: visible[0],
      median: visible[Math.floor(visible.length / 2)],
      max: visible.at(-1),
    },
  };
}

async function measureEngine(
  engine: Engine,
  cfg: BenchConfig,
  s: SearchBenchSettings,
  corpus: Corpus,
  tmp: string,
  log: (line: string) => void,
): Promise<Section> {
  const scratch = engine === 'postgres' ? await createBenchDatabase(cfg.pgAdminUrl) : null;
  const dataDir = await mkdtemp(join(tmp, `search-${engine}-`));
  const storage = { databaseUrl: scratch?.url ?? null, dataDir: scratch ? null : dataDir };
  try {
    const db = await openDatabase(storage);
    const out: Section = {
      storage:
        engine === 'postgres'
          ? `PostgreSQL ${scratch?.settings.server_version} on 127.0.0.1 (same machine), scratch database`
          : 'PGlite (embedded, WASM, worker thread of this process), temporary data dir',
      ...(scratch ? { postgresSettings: scratch.settings } : {}),
    };
    try {
      out.seed = await seed(db, corpus, s, log);
      out.sizes = await sizes(db, s.messages);
      log(`sizes ${JSON.stringify(out.sizes)}`);
      const targets = largestConversations(corpus);
      out.inConversationTargets = Object.fromEntries(
        [...targets].slice(0, 5).map(([user, c]) => [user, { conversationID: c.id, messages: c.messages }]),
      );
      out.loadBefore = { uptime: await uptime(), busyCores: await machineBusyCores() };
      const measured = await measureQueries(db, corpus, targets, s, log);
      out.inProcess = measured.results;
      out.loadAfter = { uptime: await uptime() };
      out.explain = await explainSlowest(db, measured.slowest, log);
    } finally {
      await db.close();
    }
    log('through the SDK over a socket');
    out.sdk = await measureSdk(storage, corpus, s);
    return out;
  } finally {
    await scratch?.drop().catch((err: unknown) => log(`could not drop ${scratch.name}: ${(err as Error).message}`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Users, groups, conversations, memberships and messages, by SQL in batches; the GIN index built after. */
async function seed(db: Database, corpus: Corpus, s: SearchBenchSettings, log: (line: string) => void) {
  const t0 = now();
  const at = Date.UTC(2026, 0, 1);
  await db.query(
    `INSERT INTO users (user_id, nick, created_at, updated_at) SELECT u, u, $2, $2 FROM unnest($1::text[]) AS u`,
    [corpus.users, at],
  );
  const groups = corpus.conversations.filter((c) => c.type === 'GROUP');
  await db.query(
    `INSERT INTO groups (group_id, type, name, owner_id, join_option, max_members, member_count, created_at)
       SELECT g, 'Private', '采购群 ' || g, o, 'DisableApply', 2000, n, $4 FROM unnest($1::text[], $2::text[], $3::int[]) AS v(g, o, n)`,
    [groups.map((g) => g.groupID), groups.map((g) => g.members[0]), groups.map((g) => g.members.length), at],
  );
  const members = groups.flatMap((g) =>
    g.members.map((u, i) => [g.groupID as string, u, i === 0 ? 'Owner' : 'Member']),
  );
  for (let i = 0; i < members.length; i += 20_000) {
    const part = members.slice(i, i + 20_000);
    await db.query(
      `INSERT INTO group_members (group_id, user_id, role, join_time)
         SELECT g, u, r, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS v(g, u, r)`,
      [part.map((m) => m[0]), part.map((m) => m[1]), part.map((m) => m[2]), at],
    );
  }
  // The big index is built once after the rows are in (as CREATE INDEX on a restored dump would).
  await db.query('DROP INDEX messages_search_tokens');
  const lastTime = new Map<string, number>();
  let rows = 0;
  let tokenMs = 0;
  let lastLog = now();
  for (const batch of messageBatches(corpus, s.seed, 5_000)) {
    const t = now();
    const tokens = batch.type.map((type, i) => storedTokens(type, JSON.parse(batch.payload[i] as string)));
    tokenMs += now() - t;
    await db.query(
      `INSERT INTO messages (conv_key, seq, id, conv_type, sender, recipient, type, payload, at_user_list, time,
                             client_time, random, nick, avatar, cloud_custom_data, need_read_receipt, search_tokens)
         SELECT k, s, id, ct, snd, rcp, ty, pl::jsonb, '[]'::jsonb, tm, tm / 1000, s, '', '', '', false, ${tokensSql('st')}
           FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                       $9::bigint[], $10::text[]) AS v(k, s, id, ct, snd, rcp, ty, pl, tm, st)`,
      [
        batch.convKey,
        batch.seq,
        batch.id,
        batch.convType,
        batch.sender,
        batch.recipient,
        batch.type,
        batch.payload,
        batch.time,
        tokens,
      ],
    );
    batch.convKey.forEach((k, i) => {
      lastTime.set(k, batch.time[i] as number);
    });
    rows += batch.seq.length;
    if (now() - lastLog > 15_000) {
      log(`seeded ${rows} / ${s.messages} messages`);
      lastLog = now();
    }
  }
  const messagesMs = now() - t0;
  const convs = corpus.conversations;
  await db.query(
    `INSERT INTO conversations (conv_key, max_seq, last_time) SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])`,
    [convs.map((c) => c.key), convs.map((c) => c.messages), convs.map((c) => lastTime.get(c.key) ?? at)],
  );
  const uc = convs.flatMap((c) =>
    c.members.map(
      (u) =>
        [
          u,
          c.key,
          c.type,
          c.type === 'C2C' ? (c.members.find((m) => m !== u) as string) : (c.groupID as string),
          c.messages,
        ] as const,
    ),
  );
  for (let i = 0; i < uc.length; i += 20_000) {
    const part = uc.slice(i, i + 20_000);
    await db.query(
      `INSERT INTO user_conversations (user_id, conv_key, conv_type, target, read_seq, floor_seq, updated_at)
         SELECT u, k, t, tg, r, 0, $6 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[]) AS v(u, k, t, tg, r)`,
      [
        part.map((r) => r[0]),
        part.map((r) => r[1]),
        part.map((r) => r[2]),
        part.map((r) => r[3]),
        part.map((r) => r[4]),
        at,
      ],
    );
  }
  log(`rows in after ${Math.round((now() - t0) / 1000)} s; building the GIN index`);
  const ti = now();
  await db.transaction(async (tx) => {
    await tx.query("SET LOCAL maintenance_work_mem = '256MB'");
    await tx.query('CREATE INDEX messages_search_tokens ON messages USING gin (search_tokens)');
  });
  const indexMs = now() - ti;
  const ta = now();
  await db.query('VACUUM ANALYZE');
  return {
    messages: rows,
    userConversationRows: uc.length,
    groupMemberRows: members.length,
    totalMs: Math.round(now() - t0),
    rowsMs: Math.round(messagesMs),
    tokenizeMs: Math.round(tokenMs),
    ginBuildMs: Math.round(indexMs),
    vacuumAnalyzeMs: Math.round(now() - ta),
    how: 'INSERT … SELECT FROM unnest(arrays), 5,000 messages a statement in time order, search_tokens = tokensSql(storedTokens(type, payload)) as the writer stores them; messages_search_tokens dropped first and built once after the rows (maintenance_work_mem 256MB), then VACUUM ANALYZE',
  };
}

async function sizes(db: Sql, messages: number): Promise<Section> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT pg_relation_size('messages') AS heap, pg_total_relation_size('messages') AS total,
            pg_relation_size('messages_search_tokens') AS gin, pg_relation_size('messages_pkey') AS pkey,
            (SELECT avg(pg_column_size(search_tokens)) FROM messages WHERE search_tokens IS NOT NULL) AS tokens_avg,
            (SELECT count(*) FROM messages WHERE search_tokens IS NOT NULL) AS indexed,
            (SELECT avg(length(search_tokens)) FROM messages WHERE search_tokens IS NOT NULL) AS lexemes_avg`,
  );
  const n = (k: string) => toNumber(row?.[k]);
  const per = (k: string) => Math.round((n(k) / messages) * 10) / 10;
  return {
    ginIndexMB: Math.round(n('gin') / 2 ** 20),
    ginBytesPerMessage: per('gin'),
    messagesHeapMB: Math.round(n('heap') / 2 ** 20),
    heapBytesPerMessage: per('heap'),
    messagesTotalMB: Math.round(n('total') / 2 ** 20),
    totalBytesPerMessage: per('total'),
    primaryKeyBytesPerMessage: per('pkey'),
    searchTokensColumnAvgBytes: Math.round(n('tokens_avg')),
    lexemesPerIndexedMessage: Math.round(n('lexemes_avg') * 10) / 10,
    indexedMessages: n('indexed'),
  };
}

export interface Target {
  id: string;
  messages: number;
}

/** Each measured user's largest conversation, as its conversationID for that user. */
export function largestConversations(corpus: Corpus): Map<string, Target> {
  const out = new Map<string, Target>();
  for (const user of corpus.measured) {
    let best: CorpusConversation | null = null;
    for (const c of corpus.conversations)
      if (c.members.includes(user) && (!best || c.messages > best.messages)) best = c;
    if (!best) continue;
    const id = best.type === 'GROUP' ? `GROUP${best.groupID}` : `C2C${best.members.find((m) => m !== user)}`;
    out.set(user, { id, messages: best.messages });
  }
  return out;
}

export interface Slowest {
  name: string;
  userID: string;
  ms: number;
  calls: Call[];
}

export async function measureQueries(
  db: Database,
  corpus: Corpus,
  targets: Map<string, Target>,
  s: Pick<SearchBenchSettings, 'runs' | 'classBudgetS'>,
  log: (line: string) => void,
) {
  const recorder = new Recorder(db);
  const results: Section = {};
  const slowest: Record<'global' | 'inConversation', Slowest | null> = { global: null, inConversation: null };
  for (const scope of ['global', 'inConversation'] as const) {
    const perScope: Section = {};
    for (const q of QUERIES) {
      const latency = new Histogram();
      const totals: number[] = [];
      const pageHits: number[] = [];
      const classStart = now();
      let classSlowest: Slowest | null = null;
      // Two unrecorded runs first: the first of a kind pays for plans and cold pages.
      for (let i = 0; i < s.runs + 2; i++) {
        const userID = corpus.measured[i % corpus.measured.length] as string;
        const body = ops.searchCloudMessages.request.parse({
          keywordList: [q.keyword],
          ...(scope === 'inConversation' ? { conversationID: targets.get(userID)?.id } : {}),
        });
        recorder.calls = [];
        const t = now();
        const answer = await searchCloudMessages(recorder, userID, body);
        const ms = now() - t;
        if (i < 2) continue;
        latency.record(ms);
        totals.push(answer.totalCount);
        pageHits.push(answer.searchResultList.reduce((n, r) => n + r.messageCount, 0));
        if (!classSlowest || ms > classSlowest.ms) classSlowest = { name: q.name, userID, ms, calls: recorder.calls };
        if (latency.count >= 20 && now() - classStart > s.classBudgetS * 1000) break;
      }
      const summary = latency.summary();
      perScope[q.name] = {
        keyword: q.keyword,
        what: q.what,
        latencyMs: summary,
        totalCount: spread(totals),
        ...(scope === 'global' ? { messagesInFirstPage: spread(pageHits) } : {}),
      };
      log(
        `${scope} ${q.name} (${q.keyword}): p50 ${summary.p50Ms} p95 ${summary.p95Ms} p99 ${summary.p99Ms} ms, n ${summary.count}, totalCount median ${spread(totals).median}`,
      );
      // The class with the worst p95, and in it the slowest run, is the one explained.
      const worst = slowest[scope];
      const worstP95 = worst ? ((perScope[worst.name] as { latencyMs: { p95Ms: number } }).latencyMs.p95Ms ?? 0) : -1;
      if (classSlowest && (summary.p95Ms ?? 0) > worstP95) slowest[scope] = classSlowest;
    }
    results[scope] = perScope;
  }
  return { results, slowest };
}

export function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? null, median: sorted[Math.floor(sorted.length / 2)] ?? null, max: sorted.at(-1) ?? null };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of one statement of the slowest run of each scope: by default the
 * search statement (the one matching tokens).
 */
export async function explainSlowest(
  db: Database,
  slowest: Record<string, Slowest | null>,
  log: (line: string) => void,
  statementOf: (calls: Call[]) => number = (calls) => calls.findIndex((c) => c.text.includes('search_tokens @@')),
): Promise<Section> {
  const out: Section = {};
  for (const [scope, run] of Object.entries(slowest)) {
    if (!run) continue;
    const at = statementOf(run.calls);
    const call = run.calls[at];
    if (!call) continue;
    // Explained under the settings the search set for its statement (SET LOCAL, in its transaction).
    const settings = run.calls.slice(0, at).filter((c) => c.text.startsWith('SET LOCAL'));
    const rows = await db.transaction(async (tx) => {
      for (const setting of settings) await tx.query(setting.text);
      return tx.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${call.text}`, call.params);
    });
    const plan = rows.map((r) => Object.values(r)[0] as string);
    log(`plan of ${scope} ${run.name} for ${run.userID}:\n${plan.join('\n')}`);
    out[scope] = {
      query: run.name,
      userID: run.userID,
      runMs: Math.round(run.ms * 10) / 10,
      statementMs: Math.round(call.ms * 10) / 10,
      statement: call.text.replace(/\s+/g, ' '),
      params: call.params,
      plan,
    };
  }
  return out;
}

/**
 * The same searches through a server on the same storage and the SDK over a socket, one at a
 * time, each right after the in-process call, so the difference is the protocol's cost.
 */
async function measureSdk(
  storage: { databaseUrl: string | null; dataDir: string | null },
  corpus: Corpus,
  s: SearchBenchSettings,
): Promise<Section> {
  const userID = corpus.measured[0] as string;
  const session = await openSdkSession(storage, userID);
  try {
    return await sdkSearches(session, largestConversations(corpus).get(userID), s.sdkRuns);
  } finally {
    await session.close();
  }
}

export interface SdkSession {
  server: LiaisonServer;
  chat: ReturnType<typeof LiaisonChat.create>;
  userID: string;
  close(): Promise<void>;
}

/** A server on the storage (bench limits, no bus) and the SDK logged in to it as `userID`, ready. */
export async function openSdkSession(
  storage: { databaseUrl: string | null; dataDir: string | null },
  userID: string,
): Promise<SdkSession> {
  const app = { sdkAppID: 1_400_000_000 + (process.pid % 1_000_000), secretKey: `search-bench-${Date.now()}` };
  const server = await createServer({
    port: 0,
    host: '127.0.0.1',
    ...storage,
    natsUrl: null,
    app,
    logLevel: 'warn',
    portal: { testHooks: false, devOutboxEndpoint: false },
    limits: benchServerLimits(),
  });
  await server.listen();
  const chat = LiaisonChat.create({ SDKAppID: app.sdkAppID, server: server.url });
  const close = async () => {
    await chat.logout().catch(() => undefined);
    await server.close();
  };
  try {
    const ready = new Promise<void>((resolve) => chat.on(LiaisonChat.EVENT.SDK_READY, () => resolve()));
    await chat.login({ userID, userSig: genUserSig(app, userID, 86_400) });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      ready,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('SDK_READY timed out')), 60_000);
      }),
    ]).finally(() => clearTimeout(timer));
  } catch (err) {
    await close();
    throw err;
  }
  return { server, chat, userID, close };
}

/** Each query class, globally and in `target`, in-process and right after through the SDK: `runs` pairs each. */
export async function sdkSearches(
  { server, chat, userID }: SdkSession,
  target: Target | undefined,
  runs: number,
): Promise<Section> {
  const out: Section = { userID, inConversation: target, runs };
  for (const scope of ['global', 'inConversation'] as const) {
    const perScope: Section = {};
    for (const q of QUERIES) {
      const options = {
        keywordList: [q.keyword],
        ...(scope === 'inConversation' ? { conversationID: target?.id } : {}),
      };
      // At most 10 searches a second per connection (im/search/search-budget.ts): paced below it.
      perScope[q.name] = await pairedRuns(
        runs,
        110,
        () => searchCloudMessages(server.db, userID, ops.searchCloudMessages.request.parse(options)),
        () => chat.searchCloudMessages(options),
      );
    }
    out[scope] = perScope;
  }
  return out;
}

/**
 * `runs` pairs (after one unrecorded): the call in-process, then the same through the SDK, at
 * most one SDK call every `paceMs`. Their medians and the SDK's p95.
 */
export async function pairedRuns(
  runs: number,
  paceMs: number,
  inProcess: () => Promise<unknown>,
  viaSdk: () => Promise<unknown>,
): Promise<Section> {
  const direct = new Histogram();
  const sdk = new Histogram();
  let lastSdk = 0;
  for (let i = 0; i < runs + 1; i++) {
    const t = now();
    await inProcess();
    const d = now() - t;
    await sleep(Math.max(0, lastSdk + paceMs - now()));
    const t2 = now();
    lastSdk = t2;
    await viaSdk();
    const v = now() - t2;
    if (i === 0) continue;
    direct.record(d);
    sdk.record(v);
  }
  const a = direct.summary();
  const b = sdk.summary();
  return {
    inProcessP50Ms: a.p50Ms,
    sdkP50Ms: b.p50Ms,
    sdkP95Ms: b.p95Ms,
    overheadP50Ms: a.p50Ms !== null && b.p50Ms !== null ? Math.round((b.p50Ms - a.p50Ms) * 100) / 100 : null,
  };
}

/** The load averages of the shared machine (1, 5, 15 min) next to the figures. */
export async function uptime(): Promise<string> {
  return (await readFile('/proc/loadavg', 'utf8')).trim();
}
