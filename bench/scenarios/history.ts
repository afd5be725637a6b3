/**
 * `npm run bench -- history`: reading history and searching at 10,000,000 stored messages on
 * PostgreSQL (issue 26). The corpus is the search bench's generator at that size (Zipf-sized
 * conversations, so a few hold very deep histories), loaded with COPY into a database with the
 * server's schema that is kept between runs (bench/history-corpus.ts; BENCH_QUICK=1: 100,000).
 * Then, in-process through the server's own code: the page getMessageList reads (getMessagePage,
 * 15 messages as the SDK asks) at random depths and from the top, and searchCloudMessages with the
 * search bench's keyword classes, globally and in one conversation; a few of each through a real
 * server and the SDK over a socket; EXPLAIN (ANALYZE, BUFFERS) of the slowest run of each class.
 * Numbers only, never asserted.
 */
import { Limits, ops } from '@liaison/protocol';
import type { Database, Sql } from '../../apps/server/src/db/database';
import { toNumber } from '../../apps/server/src/db/database';
import { openDatabase } from '../../apps/server/src/db/open';
import { getMessagePage } from '../../apps/server/src/im/messages/history';
import { requireConversation } from '../../apps/server/src/im/messages/keys';
import type { BenchConfig } from '../config';
import { Histogram } from '../histogram';
import { corpusSizes, type HistoryCorpusSettings, historyDatabase, weightedPicker } from '../history-corpus';
import { machineBusyCores, now, sleep } from '../proc';
import { num } from '../report-fields';
import { buildCorpus, type Corpus, type CorpusConversation, corpusMessageID, prng } from '../search-corpus';
import {
  type Call,
  describeCorpus,
  explainSlowest,
  integerSetting,
  largestConversations,
  measureQueries,
  openSdkSession,
  pairedRuns,
  Recorder,
  type SdkSession,
  type Slowest,
  sdkSearches,
  spread,
  uptime,
} from './search';

export interface HistoryBenchSettings extends HistoryCorpusSettings {
  /** Build the corpus database again even when a complete one exists. */
  rebuild: boolean;
  /** Timed getMessageList pages per class, at most. */
  pageRuns: number;
  /** A page class stops earlier once it has taken this long (and has at least 20 runs). */
  pageBudgetS: number;
  /** Timed searches per keyword class and scope, at most, and the time after which a class stops. */
  searchRuns: number;
  searchBudgetS: number;
  /** Pairs per class through the SDK. */
  sdkRuns: number;
}

/** Quick or full sizes; each can be overridden by its BENCH_HISTORY_* variable. */
export function historyBenchSettings(quick: boolean, env: NodeJS.ProcessEnv = process.env): HistoryBenchSettings {
  const count = integerSetting(quick, env);
  return {
    messages: count('BENCH_HISTORY_MESSAGES', 10_000_000, 100_000, 1_000),
    c2c: count('BENCH_HISTORY_C2C', 200_000, 2_000, 100),
    groups: count('BENCH_HISTORY_GROUPS', 5_000, 50, 10),
    pool: count('BENCH_HISTORY_POOL', 100_000, 10_000, 1_000),
    measured: count('BENCH_HISTORY_USERS', 20, 20, 1),
    seed: count('BENCH_HISTORY_SEED', 20_261_124, 20_261_124, 0),
    rebuild: env.BENCH_HISTORY_REBUILD === '1',
    pageRuns: count('BENCH_HISTORY_PAGE_RUNS', 3_000, 300, 20),
    pageBudgetS: count('BENCH_HISTORY_PAGE_BUDGET_S', 60, 10, 1),
    searchRuns: count('BENCH_HISTORY_SEARCH_RUNS', 300, 60, 20),
    searchBudgetS: count('BENCH_HISTORY_SEARCH_BUDGET_S', 30, 10, 1),
    sdkRuns: count('BENCH_HISTORY_SDK_RUNS', 30, 10, 1),
  };
}

type Section = Record<string, unknown>;

/** Which conversation a page class reads, and where in it. */
const PAGE_CLASSES = [
  {
    name: 'randomDepth',
    pick: 'bySize',
    fromTop: false,
    what: 'a conversation drawn by its size (the conversation of a random stored message), the 15 messages before a random one of its messages',
  },
  { name: 'top', pick: 'bySize', fromTop: true, what: 'the newest 15 of a conversation drawn by its size' },
  {
    name: 'randomDepthAnyConversation',
    pick: 'uniform',
    fromTop: false,
    what: 'a conversation drawn uniformly (most are short), the 15 before a random one of its messages',
  },
  {
    name: 'largestConversation',
    pick: 'largest',
    fromTop: false,
    what: 'the largest conversation, the 15 before a random one of its messages',
  },
] as const;

type PageClass = (typeof PAGE_CLASSES)[number];

export async function historyBench(
  cfg: BenchConfig,
  s: HistoryBenchSettings,
  log: (line: string) => void,
): Promise<Section> {
  const started = now();
  const corpus = buildCorpus(s);
  const out: Section = {
    corpus: { ...describeCorpus(corpus, s), pool: s.pool },
    corpusModelMs: Math.round(now() - started),
  };
  const database = await historyDatabase(cfg.pgAdminUrl, corpus, s, s.rebuild, log);
  out.database = {
    name: database.name,
    reused: database.reused,
    storage: `PostgreSQL ${database.settings.server_version} on 127.0.0.1 (same machine), kept between runs`,
    postgresSettings: database.settings,
    build: database.build,
  };
  out.sizes = await corpusSizes(database.url, s.messages);
  log(`sizes ${JSON.stringify(out.sizes)}`);
  const db = await openDatabase({ databaseUrl: database.url, dataDir: null });
  try {
    out.loadBefore = { uptime: await uptime(), busyCores: await machineBusyCores() };
    const pages = await measurePages(db, corpus, s, log);
    out.getMessageList = pages.results;
    out.getMessageListExplain = await explainSlowest(db, pages.slowest, log, slowestStatement);
    const searches = await measureQueries(
      db,
      corpus,
      largestConversations(corpus),
      { runs: s.searchRuns, classBudgetS: s.searchBudgetS },
      (line) => log(`search ${line}`),
    );
    out.searchCloudMessages = searches.results;
    out.searchExplain = await explainSlowest(db, searches.slowest, log);
    out.loadAfter = { uptime: await uptime() };
  } finally {
    await db.close();
  }
  log('through the SDK over a socket');
  out.sdk = await measureSdk(database.url, corpus, s, log);
  out.targets = targets(out);
  return out;
}

interface Draw {
  conversation: CorpusConversation;
  userID: string;
  conversationID: string;
  /** The message the page ends before (nextReqMessageID); null: the newest page. */
  anchorSeq: number | null;
}

/** Draws the conversation, its reader and the anchor of each page class. */
function pageDrawer(conversations: readonly CorpusConversation[], seed: number) {
  const rand = prng(seed ^ 0x5eed_0026);
  const bySize = weightedPicker(conversations.map((c) => c.messages));
  const largest = conversations.reduce((a, b) => (b.messages > a.messages ? b : a));
  return (kind: PageClass): Draw => {
    const conversation =
      kind.pick === 'largest'
        ? largest
        : (conversations[kind.pick === 'bySize' ? bySize(rand()) : Math.floor(rand() * conversations.length)] ??
          largest);
    const userID = conversation.members[Math.floor(rand() * conversation.members.length)] as string;
    const conversationID =
      conversation.type === 'GROUP'
        ? `GROUP${conversation.groupID}`
        : `C2C${conversation.members.find((m) => m !== userID)}`;
    const anchorSeq = kind.fromTop ? null : 1 + Math.floor(rand() * conversation.messages);
    return { conversation, userID, conversationID, anchorSeq };
  };
}

/** One getMessageList page as the handler reads it (im/messages/handlers.ts), with the SDK's request. */
async function readPage(db: Sql, draw: Draw) {
  const body = ops.getMessageList.request.parse({
    conversationID: draw.conversationID,
    nextReqMessageID: draw.anchorSeq === null ? undefined : corpusMessageID(draw.conversation.key, draw.anchorSeq),
    count: Limits.HISTORY_PAGE_SIZE,
  });
  const ref = requireConversation(draw.userID, body.conversationID);
  return getMessagePage(db, draw.userID, ref, body.nextReqMessageID, body.count);
}

async function measurePages(db: Database, corpus: Corpus, s: HistoryBenchSettings, log: (line: string) => void) {
  const recorder = new Recorder(db);
  const draw = pageDrawer(corpus.conversations, s.seed);
  const results: Section = {};
  const slowest: Record<string, Slowest | null> = {};
  for (const kind of PAGE_CLASSES) {
    const latency = new Histogram();
    const sizes: number[] = [];
    const depths: number[] = [];
    let wrongLength = 0;
    let classSlowest: Slowest | null = null;
    const classStart = now();
    // Two unrecorded runs first: the first of a kind pays for plans.
    for (let i = 0; i < s.pageRuns + 2; i++) {
      const d = draw(kind);
      recorder.calls = [];
      const t = now();
      const page = await readPage(recorder, d);
      const ms = now() - t;
      if (i < 2) continue;
      latency.record(ms);
      sizes.push(d.conversation.messages);
      depths.push(d.anchorSeq === null ? 0 : d.conversation.messages - d.anchorSeq + 1);
      const expected = Math.min(
        Limits.HISTORY_PAGE_SIZE,
        d.anchorSeq === null ? d.conversation.messages : d.anchorSeq - 1,
      );
      if (page.messageList.length !== expected) wrongLength++;
      if (!classSlowest || ms > classSlowest.ms)
        classSlowest = { name: kind.name, userID: d.userID, ms, calls: recorder.calls };
      if (latency.count >= 20 && now() - classStart > s.pageBudgetS * 1000) break;
    }
    const summary = latency.summary();
    results[kind.name] = {
      what: kind.what,
      latencyMs: summary,
      conversationMessages: spread(sizes),
      messagesAboveAnchor: spread(depths),
      pagesOfUnexpectedLength: wrongLength,
    };
    slowest[kind.name] = classSlowest;
    log(
      `getMessageList ${kind.name}: p50 ${summary.p50Ms} p95 ${summary.p95Ms} p99 ${summary.p99Ms} max ${summary.maxMs} ms, n ${summary.count}, depth median ${spread(depths).median}`,
    );
  }
  return { results, slowest };
}

/** The statement of a run that took longest. */
function slowestStatement(calls: Call[]): number {
  let at = -1;
  calls.forEach((c, i) => {
    if (at < 0 || c.ms > (calls[at] as Call).ms) at = i;
  });
  return at;
}

/**
 * A server on the corpus database and the SDK logged in as the first measured user: pages of
 * their conversations (drawn by size) and the search classes, each right after the same call
 * in-process. The server's start-up search back-fill scans the messages first; waited for.
 */
async function measureSdk(url: string, corpus: Corpus, s: HistoryBenchSettings, log: (line: string) => void) {
  const userID = corpus.measured[0] as string;
  const session = await openSdkSession({ databaseUrl: url, dataDir: null }, userID);
  try {
    const startupScan = await waitForStartupScan(session.server.db);
    log(`start-up back-fill scan: ${JSON.stringify(startupScan)}`);
    const mine = corpus.conversations.filter((c) => c.members.includes(userID));
    const draw = pageDrawer(mine, s.seed);
    const pages: Section = {};
    for (const kind of PAGE_CLASSES.filter((k) => k.pick === 'bySize')) {
      pages[kind.name] = await sdkPages(session, () => draw(kind), s.sdkRuns);
    }
    return {
      userID,
      conversations: mine.length,
      startupBackfillScan: startupScan,
      getMessageList: pages,
      searchCloudMessages: await sdkSearches(session, largestConversations(corpus).get(userID), s.sdkRuns),
    };
  } finally {
    await session.close();
  }
}

function sdkPages({ server, chat }: SdkSession, next: () => Draw, runs: number) {
  let d = next();
  return pairedRuns(
    runs,
    0,
    () => {
      d = next();
      return readPage(server.db, d);
    },
    () =>
      chat.getMessageList({
        conversationID: d.conversationID,
        nextReqMessageID: d.anchorSeq === null ? undefined : corpusMessageID(d.conversation.key, d.anchorSeq),
      }),
  );
}

/**
 * A starting server looks for messages without search tokens (im/search/backfill.ts); on a large
 * table that query reads it all. How long it still ran after the SDK was ready (null: > 10 min).
 */
async function waitForStartupScan(db: Sql): Promise<{ runningWhenReady: boolean; waitedMs: number | null }> {
  const t = now();
  let first: boolean | null = null;
  while (now() - t < 600_000) {
    const [row] = await db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'
          AND query LIKE '%search_tokens IS NULL%'`,
    );
    const running = toNumber(row?.n) > 0;
    first ??= running;
    if (!running) return { runningWhenReady: first, waitedMs: Math.round(now() - t) };
    await sleep(200);
  }
  return { runningWhenReady: true, waitedMs: null };
}

/** The two marks against this run's in-process figures. */
function targets(out: Section): Section {
  const depthP99 = num(out, 'getMessageList.randomDepth.latencyMs.p99Ms');
  const misses: string[] = [];
  let worst = 0;
  for (const [scope, classes] of Object.entries((out.searchCloudMessages ?? {}) as Record<string, Section>)) {
    for (const name of Object.keys(classes)) {
      const p95 = num(out, `searchCloudMessages.${scope}.${name}.latencyMs.p95Ms`) ?? Number.POSITIVE_INFINITY;
      worst = Math.max(worst, p95);
      if (!(p95 < 100)) misses.push(`${scope} ${name}: ${p95} ms`);
    }
  }
  return {
    getMessageListRandomDepthP99Under10Ms: { p99Ms: depthP99, met: depthP99 !== null && depthP99 < 10 },
    searchCloudMessagesP95Under100Ms: { worstP95Ms: worst, met: misses.length === 0, missed: misses },
  };
}
