/**
 * The history bench's stored corpus (bench/scenarios/history.ts): the search corpus's generator
 * (bench/search-corpus.ts) at 10,000,000 messages, loaded with COPY into a PostgreSQL database
 * that has the server's own schema (its migrations) and is kept between runs. Its name carries the
 * corpus size and a hash of every setting the rows depend on and of CORPUS_VERSION, so a changed
 * generator builds afresh; a table in it marks the build complete.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../apps/server/src/db/migrate';
import { openPostgres } from '../apps/server/src/db/postgres';
import { storedTokens, tokensSql } from '../apps/server/src/im/messages/searchable-text';
import { copyField, copyFrom, tsvectorText } from './pg-copy';
import { now } from './proc';
import { type Corpus, messagesInTimeOrder } from './search-corpus';

export interface HistoryCorpusSettings {
  messages: number;
  c2c: number;
  groups: number;
  /** Users other than the measured ones. */
  pool: number;
  measured: number;
  seed: number;
}

/** Raise it whenever the rows the same settings make change (generator, tokenizer, columns filled). */
export const CORPUS_VERSION = 1;

/** Where the build's record is kept, in the corpus database itself; a row means the build finished. */
const DONE_TABLE = 'bench_history_corpus';
const NAME_PREFIX = 'liaison_bench_history_';

type Section = Record<string, unknown>;

export interface HistoryDatabase {
  url: string;
  name: string;
  /** True when an earlier run's complete database was used as it was. */
  reused: boolean;
  /** The build's record (timings, row counts, checks), from the run that built it. */
  build: Section;
  settings: Record<string, string>;
}

/** liaison_bench_history_<size>_<hash of the settings and CORPUS_VERSION>, e.g. liaison_bench_history_10m_3f9a2c1b. */
export function historyDatabaseName(s: HistoryCorpusSettings): string {
  const hash = createHash('sha256')
    .update(JSON.stringify(corpusIdentity(s)))
    .digest('hex')
    .slice(0, 8);
  return `${NAME_PREFIX}${sizeLabel(s.messages)}_${hash}`;
}

/** What the rows depend on, and nothing else the settings object may carry. */
function corpusIdentity(s: HistoryCorpusSettings) {
  const { messages, c2c, groups, pool, measured, seed } = s;
  return { version: CORPUS_VERSION, messages, c2c, groups, pool, measured, seed };
}

/** 10000000 → 10m, 100000 → 100k, 1500 → 1500 (what fits a database name). */
export function sizeLabel(n: number): string {
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${n / 1_000_000}m`;
  if (n >= 1_000 && n % 1_000 === 0) return `${n / 1_000}k`;
  return String(n);
}

/**
 * The corpus database: the complete one an earlier run left, or built now (also when `rebuild`,
 * or when an earlier build did not finish). Builds of other settings of the same size are dropped
 * first: the name changes with the generator, and each 10M copy takes ~10 GB.
 */
export async function historyDatabase(
  adminUrl: string,
  corpus: Corpus,
  s: HistoryCorpusSettings,
  rebuild: boolean,
  log: (line: string) => void,
): Promise<HistoryDatabase> {
  const name = historyDatabaseName(s);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  try {
    const settings = await serverSettings(admin);
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    const done = exists && !rebuild ? await completedBuild(url.toString()) : null;
    if (done) {
      log(`reusing ${name} (built ${done.completedAt})`);
      return { url: url.toString(), name, reused: true, build: done.build, settings };
    }
    const stale = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2`,
      [`${NAME_PREFIX}${sizeLabel(s.messages)}\\_%`, name],
    );
    for (const { datname } of [...stale.rows, ...(exists ? [{ datname: name }] : [])]) {
      log(
        `dropping ${datname} (${datname === name ? (rebuild ? 'rebuild asked' : 'its build did not finish') : 'other settings or generator version'})`,
      );
      await admin.query(`DROP DATABASE ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    log(`building ${name}: ${s.messages} messages`);
    const build = await buildCorpus(url.toString(), corpus, s, log);
    return { url: url.toString(), name, reused: false, build, settings };
  } finally {
    await admin.end();
  }
}

/** Relation sizes of the corpus database, in MB and bytes per message. */
export async function corpusSizes(url: string, messages: number): Promise<Section> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; kind: string; table: string; bytes: string }>(
      `SELECT c.relname AS name, c.relkind AS kind, coalesce(t.relname, c.relname) AS table,
              pg_relation_size(c.oid) AS bytes
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_index i ON i.indexrelid = c.oid
         LEFT JOIN pg_class t ON t.oid = i.indrelid
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')
          AND coalesce(t.relname, c.relname) IN ('messages', 'user_conversations', 'conversations', 'group_members')`,
    );
    const [total] = (
      await client.query<{ db: string; messages: string; toast: string }>(
        `SELECT pg_database_size(current_database()) AS db, pg_total_relation_size('messages') AS messages,
                coalesce(pg_total_relation_size(nullif(reltoastrelid, 0)), 0) AS toast
           FROM pg_class WHERE oid = 'messages'::regclass`,
      )
    ).rows;
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    const relations = Object.fromEntries(
      rows
        .sort((a, b) => Number(b.bytes) - Number(a.bytes))
        .map((r) => [
          r.name,
          {
            [r.kind === 'i' ? 'indexOf' : 'table']: r.table,
            mb: mb(Number(r.bytes)),
            ...(r.table === 'messages' ? { bytesPerMessage: Math.round((Number(r.bytes) / messages) * 10) / 10 } : {}),
          },
        ]),
    );
    return {
      databaseMB: mb(Number(total?.db)),
      messagesTotalMB: mb(Number(total?.messages)),
      messagesToastMB: mb(Number(total?.toast)),
      messagesTotalBytesPerMessage: Math.round((Number(total?.messages) / messages) * 10) / 10,
      relations,
    };
  } finally {
    await client.end();
  }
}

/** For a size-weighted draw: index i is drawn with probability weights[i] / sum (r in [0, 1)). */
export function weightedPicker(weights: readonly number[]): (r: number) => number {
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    cumulative[i] = sum;
  });
  return (r) => {
    const target = r * sum;
    let lo = 0;
    let hi = weights.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

async function serverSettings(client: pg.Client): Promise<Record<string, string>> {
  const settings: Record<string, string> = {};
  for (const name of ['server_version', 'shared_buffers', 'effective_cache_size', 'random_page_cost', 'work_mem']) {
    const { rows } = await client.query<Record<string, string>>(`SHOW ${name}`);
    settings[name] = String(Object.values(rows[0] ?? {})[0] ?? '');
  }
  return settings;
}

async function completedBuild(url: string): Promise<{ build: Section; completedAt: string } | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ build: Section; completed_at: Date }>(
      `SELECT build, completed_at FROM ${DONE_TABLE} ORDER BY completed_at DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? { build: row.build, completedAt: row.completed_at.toISOString() } : null;
  } catch {
    // No such table: the build stopped before it finished.
    return null;
  } finally {
    await client.end();
  }
}

const AT = Date.UTC(2026, 0, 1);
/** Every n-th message's tokens are compared with what the writer's SQL makes of them. */
const TOKEN_CHECKS = 2_000;
const MESSAGE_COLUMNS = [
  'conv_key',
  'seq',
  'id',
  'conv_type',
  'sender',
  'recipient',
  'type',
  'payload',
  'at_user_list',
  'time',
  'client_time',
  'random',
  'nick',
  'avatar',
  'cloud_custom_data',
  'need_read_receipt',
  'search_tokens',
];

async function buildCorpus(url: string, corpus: Corpus, s: HistoryCorpusSettings, log: (line: string) => void) {
  const t0 = now();
  const timings: Record<string, number> = {};
  const timed = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    const t = now();
    const result = await fn();
    timings[what] = Math.round(now() - t);
    log(`${what}: ${Math.round((now() - t) / 100) / 10} s`);
    return result;
  };
  // The server's own schema, as a server starting on an empty database makes it.
  const migrations = await timed('migrationsMs', async () => {
    const db = await openPostgres(url, 1);
    try {
      return await migrate(db);
    } finally {
      await db.close();
    }
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '1GB'");
    await client.query('SET synchronous_commit = off');
    await timed('smallTablesMs', () => copyPeople(client, corpus));
    const dropped = await dropMessageIndexes(client);
    const loaded = await timed('messagesCopyMs', () => copyMessages(client, corpus, s, log));
    const indexMs: Record<string, number> = {};
    for (const index of dropped) {
      const t = now();
      await client.query(index.create);
      indexMs[index.name] = Math.round(now() - t);
      log(`${index.name} built: ${Math.round((now() - t) / 100) / 10} s`);
    }
    timings.indexesMs = Object.values(indexMs).reduce((a, b) => a + b, 0);
    await timed('conversationsMs', () => copyConversations(client, corpus, loaded.lastTime));
    await timed('vacuumAnalyzeMs', () => client.query('VACUUM ANALYZE'));
    const tokenCheck = await checkTokens(client, loaded.samples);
    const [count] = (await client.query<{ n: string }>('SELECT count(*) AS n FROM messages')).rows;
    if (Number(count?.n) !== s.messages || tokenCheck.equal !== tokenCheck.sampled) {
      throw new Error(`corpus check failed: ${count?.n} messages stored, tokens ${JSON.stringify(tokenCheck)}`);
    }
    const build: Section = {
      builtAt: new Date().toISOString(),
      totalMs: Math.round(now() - t0),
      ...timings,
      indexBuildMs: indexMs,
      tokenizeMs: Math.round(loaded.tokenizeMs),
      messagesStored: Number(count?.n),
      searchTokensChecked: tokenCheck,
      migrationsApplied: migrations.length,
      how: `migrations run by the server's migrate(); users, groups, group_members by COPY; every index and unique or primary key of messages dropped, then one COPY … FROM STDIN WITH (FREEZE) of the messages in time order (conversations interleaved, as a server stores them) in the transaction that truncated the table, search_tokens as tsvector text of storedTokens(type, payload) (checked on ${TOKEN_CHECKS} rows against tokensSql), then the keys and indexes re-made from their own definitions (maintenance_work_mem 1GB), conversations and user_conversations by COPY, then VACUUM ANALYZE`,
    };
    await client.query(
      `CREATE TABLE ${DONE_TABLE} (settings jsonb NOT NULL, build jsonb NOT NULL, completed_at timestamptz NOT NULL)`,
    );
    await client.query(`INSERT INTO ${DONE_TABLE} VALUES ($1, $2, now())`, [
      JSON.stringify(corpusIdentity(s)),
      JSON.stringify(build),
    ]);
    return build;
  } finally {
    await client.end();
  }
}

/** users, groups and group_members. */
async function copyPeople(client: pg.Client, corpus: Corpus): Promise<void> {
  await copyFrom(
    client,
    'COPY users (user_id, nick, created_at, updated_at) FROM STDIN',
    corpus.users.map((u) => line([u, u, AT, AT])),
  );
  const groups = corpus.conversations.filter((c) => c.type === 'GROUP');
  await copyFrom(
    client,
    'COPY groups (group_id, type, name, owner_id, join_option, max_members, member_count, created_at) FROM STDIN',
    groups.map((g) =>
      line([
        g.groupID,
        'Private',
        `采购群 ${g.groupID}`,
        g.members[0] ?? '',
        'DisableApply',
        2000,
        g.members.length,
        AT,
      ]),
    ),
  );
  await copyFrom(
    client,
    'COPY group_members (group_id, user_id, role, join_time) FROM STDIN',
    (function* () {
      for (const g of groups)
        for (const [i, u] of g.members.entries()) yield line([g.groupID, u, i === 0 ? 'Owner' : 'Member', AT]);
    })(),
  );
}

interface IndexDefinition {
  name: string;
  create: string;
}

/** Drops every index of messages (the keys too) and returns how to make each again, keys first. */
async function dropMessageIndexes(client: pg.Client): Promise<IndexDefinition[]> {
  const keys = await client.query<{ name: string; def: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
      WHERE conrelid = 'messages'::regclass AND contype IN ('p', 'u') ORDER BY contype, conname`,
  );
  const indexes = await client.query<{ name: string; def: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'messages'::regclass
        AND i.indexrelid NOT IN (SELECT conindid FROM pg_constraint WHERE conrelid = 'messages'::regclass)
      ORDER BY c.relname`,
  );
  for (const k of keys.rows) await client.query(`ALTER TABLE messages DROP CONSTRAINT ${pg.escapeIdentifier(k.name)}`);
  for (const i of indexes.rows) await client.query(`DROP INDEX ${pg.escapeIdentifier(i.name)}`);
  return [
    ...keys.rows.map((k) => ({
      name: k.name,
      create: `ALTER TABLE messages ADD CONSTRAINT ${pg.escapeIdentifier(k.name)} ${k.def}`,
    })),
    ...indexes.rows.map((i) => ({ name: i.name, create: i.def })),
  ];
}

interface Loaded {
  /** Each conversation's last message time, by key. */
  lastTime: Map<string, number>;
  tokenizeMs: number;
  samples: Array<{ key: string; seq: number; tokens: string | null }>;
}

/** All the messages in one COPY, in time order, in the transaction that empties the table (FREEZE). */
async function copyMessages(
  client: pg.Client,
  corpus: Corpus,
  s: HistoryCorpusSettings,
  log: (line: string) => void,
): Promise<Loaded> {
  const loaded: Loaded = { lastTime: new Map(), tokenizeMs: 0, samples: [] };
  const every = Math.max(1, Math.floor(s.messages / TOKEN_CHECKS));
  const started = now();
  let lastLog = now();
  function* lines() {
    let n = 0;
    for (const m of messagesInTimeOrder(corpus, s.seed)) {
      const t = now();
      const tokens = storedTokens(m.type, JSON.parse(m.payload));
      loaded.tokenizeMs += now() - t;
      loaded.lastTime.set(m.convKey, m.time);
      if (n % every === 0) loaded.samples.push({ key: m.convKey, seq: m.seq, tokens });
      // As search.ts seeds them: client time in seconds, random = seq, no nick, avatar or custom data.
      yield line([
        m.convKey,
        m.seq,
        m.id,
        m.convType,
        m.sender,
        m.recipient,
        m.type,
        m.payload,
        '[]',
        m.time,
        Math.floor(m.time / 1000),
        m.seq,
        '',
        '',
        '',
        false,
        tokens === null ? null : tsvectorText(tokens),
      ]);
      if (++n % 100_000 === 0 && now() - lastLog > 15_000) {
        log(`copied ${n} / ${s.messages} messages (${Math.round(n / ((now() - started) / 1000))}/s)`);
        lastLog = now();
      }
    }
  }
  await client.query('BEGIN');
  try {
    await client.query('TRUNCATE messages');
    await copyFrom(client, `COPY messages (${MESSAGE_COLUMNS.join(', ')}) FROM STDIN WITH (FREEZE)`, lines());
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  return loaded;
}

/** conversations (head and last time) and user_conversations (everything read, floor 0), as search.ts seeds them. */
async function copyConversations(client: pg.Client, corpus: Corpus, lastTime: Map<string, number>): Promise<void> {
  await copyFrom(
    client,
    'COPY conversations (conv_key, max_seq, last_time) FROM STDIN',
    corpus.conversations.map((c) => line([c.key, c.messages, lastTime.get(c.key) ?? AT])),
  );
  await copyFrom(
    client,
    'COPY user_conversations (user_id, conv_key, conv_type, target, read_seq, floor_seq, updated_at) FROM STDIN',
    (function* () {
      for (const c of corpus.conversations) {
        for (const u of c.members) {
          const target = c.type === 'C2C' ? (c.members.find((m) => m !== u) ?? '') : (c.groupID ?? '');
          yield line([u, c.key, c.type, target, c.messages, 0, AT]);
        }
      }
    })(),
  );
}

/** How many sampled rows hold exactly what the writer's tokensSql makes of their storedTokens. */
async function checkTokens(client: pg.Client, samples: Loaded['samples']) {
  const { rows } = await client.query<{ equal: string }>(
    `SELECT count(*) AS equal FROM messages m
       JOIN unnest($1::text[], $2::bigint[], $3::text[]) AS v(k, s, st) ON m.conv_key = v.k AND m.seq = v.s
      WHERE m.search_tokens IS NOT DISTINCT FROM ${tokensSql('v.st')}`,
    [samples.map((x) => x.key), samples.map((x) => x.seq), samples.map((x) => x.tokens)],
  );
  return { sampled: samples.length, equal: Number(rows[0]?.equal) };
}

function line(values: Array<string | number | boolean | null>): string {
  return `${values.map(copyField).join('\t')}\n`;
}
