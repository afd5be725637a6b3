/**
 * `npm run bench -- community`: one large Community (issue 12's benchmark). 10,000 members
 * (BENCH_COMMUNITY_MEMBERS), of whom 1,000 are online (BENCH_COMMUNITY_ONLINE); a few of them send
 * at an offered 20 msg/s and then as fast as they can, and every message's fan-out to every other
 * online member is timed. On PostgreSQL it also reports the rows written per message (from
 * pg_stat_user_tables) and, with the group grown to 100,000 members by SQL, the latency of member
 * list pages and of a send's membership check (bench/scenarios/community-reads.ts).
 * Numbers only, never asserted; BENCH_QUICK=1 shrinks it to about a minute.
 */
import { Limits } from '@liaison/protocol';
import pg from 'pg';
import { groupKey } from '../../apps/server/src/im/messages/keys';
import { split } from '../generator';
import { Histogram } from '../histogram';
import type { EnrolResult, Sender } from '../ipc';
import { now } from '../proc';
import { settledWrites, type WritesSnapshot, writesPerMessage } from '../table-writes';
import { communityReads } from './community-reads';
import { connectSessions, disconnectSessions, requireOpened } from './connect';
import { type ScenarioContext, SIG_EXPIRE_SECONDS } from './context';
import { runThroughput, type ThroughputResult } from './throughput';

export interface CommunityBenchSettings {
  members: number;
  /** Members with a session during the send runs; the rest are members offline. */
  online: number;
  /** The first online members send. */
  senders: number;
  /** Offered rate, msg/s, of all senders together. */
  rate: number;
  /** Saturation run: sends in flight per sender. */
  window: number;
  /** Users logging in and joining at once during the setup. */
  joinConcurrency: number;
  /** PostgreSQL only: the group's size for the read test (grown by SQL). */
  readMembers: number;
  /** Requests per member-list page position. */
  pageSamples: number;
  /** Sends per kind (member, non-member) for the permission check. */
  sendSamples: number;
}

/** Quick or full sizes; each can be overridden by its BENCH_COMMUNITY_* variable. */
export function communityBenchSettings(quick: boolean, env: NodeJS.ProcessEnv = process.env): CommunityBenchSettings {
  const count = (name: string, full: number, smoke: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = env[name];
    const value = raw === undefined || raw === '' ? (quick ? smoke : full) : Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`${name} must be an integer ${min}..${max}`);
    return value;
  };
  const members = count('BENCH_COMMUNITY_MEMBERS', 10_000, 1_000, 2, Limits.COMMUNITY_MAX_MEMBERS);
  const online = count('BENCH_COMMUNITY_ONLINE', 1_000, 100, 2, members);
  const rate = Number(env.BENCH_COMMUNITY_RATE ?? 20);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error('BENCH_COMMUNITY_RATE must be a number > 0');
  return {
    members,
    online,
    senders: count('BENCH_COMMUNITY_SENDERS', 5, 5, 1, online - 1),
    rate,
    window: count('BENCH_COMMUNITY_WINDOW', 4, 4, 1),
    joinConcurrency: count('BENCH_COMMUNITY_JOIN_CONCURRENCY', 50, 50, 1),
    readMembers: count('BENCH_COMMUNITY_READ_MEMBERS', 100_000, 10_000, members, Limits.COMMUNITY_MAX_MEMBERS),
    pageSamples: count('BENCH_COMMUNITY_PAGE_SAMPLES', 100, 30, 1),
    sendSamples: count('BENCH_COMMUNITY_SEND_SAMPLES', 300, 100, 1),
  };
}

type Section = Record<string, unknown>;

/** Logs users in (and joins them to groupID, if given) one by one across the workers. */
async function enrolAll(ctx: ScenarioContext, userIDs: string[], concurrency: number, groupID?: string) {
  const { gen, target } = ctx;
  if (!target.app) throw new Error('community: the target needs an app to sign logins');
  const app = target.app;
  const byWorker = split(userIDs, gen.size);
  const started = now();
  const parts: EnrolResult[] = await gen.all(
    (i) => ({
      cmd: 'enrol',
      url: target.wsUrl,
      app,
      userIDs: byWorker[i] ?? [],
      ...(groupID ? { groupID } : {}),
      concurrency: Math.max(1, Math.ceil(concurrency / gen.size)),
      sigExpireSeconds: SIG_EXPIRE_SECONDS,
    }),
    60_000 + userIDs.length * 50,
  );
  const wallMs = Math.round(now() - started);
  const errors: Record<string, number> = {};
  for (const p of parts) for (const [k, n] of Object.entries(p.errors)) errors[k] = (errors[k] ?? 0) + n;
  const enrolled = parts.reduce((n, p) => n + p.enrolled, 0);
  const failed = parts.reduce((n, p) => n + p.failed, 0);
  if (failed > 0)
    throw new Error(`community: ${failed}/${userIDs.length} enrolments failed: ${JSON.stringify(errors)}`);
  return {
    users: enrolled,
    wallMs,
    perS: Math.round(enrolled / (wallMs / 1000)),
    loginLatencyMs: Histogram.from(parts.map((p) => p.login)).summary(),
    ...(groupID
      ? {
          joinLatencyMs: Histogram.from(parts.map((p) => p.join)).summary(),
          alreadyInGroup: parts.reduce((n, p) => n + p.alreadyInGroup, 0),
        }
      : {}),
  };
}

/**
 * Members exist once they have logged in: the first 500 (createGroup's limit) log in and the owner
 * creates the group with them; the rest log in and join one by one (Community is free to join),
 * each disconnecting at once; finally the members who stay online log in together.
 */
async function setUp(ctx: ScenarioContext, s: CommunityBenchSettings, members: string[], onlineSet: string) {
  const started = now();
  const owner = members[0] as string;
  const initial = members.slice(0, Limits.CREATE_MEMBER_MAX);
  ctx.log(`community setup: ${initial.length} first members log in`);
  const firstLogins = await enrolAll(ctx, initial, s.joinConcurrency);

  const ownerSet = `${onlineSet}-owner`;
  const ownerConnected = await connectSessions(ctx, ownerSet, [[owner]]);
  requireOpened(ownerConnected, 1, 'community owner');
  const createdAt = now();
  const created = (await ctx.gen.call(
    0,
    {
      cmd: 'request',
      set: ownerSet,
      userID: owner,
      op: 'createGroup',
      body: { type: 'Community', name: 'community bench', memberList: initial.slice(1).map((userID) => ({ userID })) },
    },
    120_000,
  )) as { group: { groupID: string } };
  const createGroupMs = Math.round(now() - createdAt);
  await disconnectSessions(ctx, ownerSet);
  const groupID = created.group.groupID;

  const rest = members.slice(Limits.CREATE_MEMBER_MAX);
  ctx.log(`community setup: ${rest.length} members log in and join, ${s.joinConcurrency} at a time`);
  const joins = rest.length > 0 ? await enrolAll(ctx, rest, s.joinConcurrency, groupID) : null;

  const online = members.slice(0, s.online);
  ctx.log(`community setup: ${online.length} members come online`);
  const connected = await connectSessions(ctx, onlineSet, split(online, ctx.gen.size));
  requireOpened(connected, online.length, 'community online members');
  const profile = (await ctx.gen.call(
    0,
    { cmd: 'request', set: onlineSet, userID: owner, op: 'getGroupProfile', body: { groupID } },
    60_000,
  )) as { group: { memberCount: number } };
  if (profile.group.memberCount !== s.members) {
    throw new Error(`community: the group has ${profile.group.memberCount} members, not ${s.members}`);
  }
  return {
    groupID,
    setup: {
      wallS: round1((now() - started) / 1000),
      memberCount: profile.group.memberCount,
      firstMembersLogIn: firstLogins,
      createGroup: { members: initial.length, ms: createGroupMs },
      loginAndJoin: joins,
      onlineLogIn: connected,
    },
  };
}

/** The figures of one send run that the targets name, beside the full result. */
function fanOut(run: ThroughputResult) {
  const server = run.cpuCores.server ?? 0;
  return {
    ackedPerS: run.ackedPerS,
    fanOutLatencyMs: run.latencyMs,
    missingDeliveries: run.totals.missingDeliveries,
    failed: run.totals.failed,
    serverCpuCores: server,
    serverCpuMsPerMessage: run.ackedPerS > 0 ? Math.round((server / run.ackedPerS) * 1e5) / 100 : null,
    run,
  };
}

export async function communityScenario(
  ctx: ScenarioContext,
  s: CommunityBenchSettings,
  /** PostgreSQL: the scratch database, for the row counters and the read test; null when embedded. */
  databaseUrl: string | null,
): Promise<Section> {
  const prefix = `${ctx.tag}c`;
  const members = Array.from({ length: s.members }, (_, i) => `${prefix}${i}`);
  const onlineSet = `${prefix}-online`;
  const db = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await db?.connect();
  try {
    const { groupID, setup } = await setUp(ctx, s, members, onlineSet);
    const online = members.slice(0, s.online);
    const senderIDs = new Set(online.slice(0, s.senders));
    const sendersByWorker: Sender[][] = split(online, ctx.gen.size).map((ms) =>
      ms.filter((m) => senderIDs.has(m)).map((from) => ({ from, to: groupID, type: 'GROUP' as const })),
    );
    // Each message reaches every online member but its sender (whose own session gets the ack).
    const recipientsPerMessage = s.online - 1;
    const stored = async () => {
      const [row] = (
        await (db as pg.Client).query<{ max_seq: string }>('SELECT max_seq FROM conversations WHERE conv_key = $1', [
          groupKey(groupID),
        ])
      ).rows;
      return Number(row?.max_seq ?? 0);
    };
    const mark = async (): Promise<{ writes: WritesSnapshot; seq: number } | null> =>
      db ? { writes: await settledWrites(db), seq: await stored() } : null;

    let offered: ThroughputResult | null = null;
    let saturation: ThroughputResult | null = null;
    const marks: Array<{ writes: WritesSnapshot; seq: number } | null> = [];
    try {
      marks.push(await mark());
      ctx.log(`community offered ${s.rate} msg/s: ${s.online} online of ${s.members}, ${senderIDs.size} senders`);
      offered = await runThroughput(ctx, onlineSet, sendersByWorker, {
        mode: 'open',
        window: s.window,
        rate: s.rate,
        recipientsPerMessage,
      });
      ctx.log(
        `  p50/p99 fan-out ${offered.latencyMs.p50Ms}/${offered.latencyMs.p99Ms} ms, acked ${offered.ackedPerS}/s`,
      );
      marks.push(await mark());
      ctx.log(`community saturation: ${senderIDs.size} senders, window ${s.window}`);
      saturation = await runThroughput(ctx, onlineSet, sendersByWorker, {
        mode: 'closed',
        window: s.window,
        rate: s.rate,
        recipientsPerMessage,
      });
      ctx.log(
        `  acked ${saturation.ackedPerS} msg/s, p50/p99 fan-out ${saturation.latencyMs.p50Ms}/${saturation.latencyMs.p99Ms} ms`,
      );
      marks.push(await mark());
    } finally {
      await disconnectSessions(ctx, onlineSet);
    }

    const rows = (from: number, to: number) => {
      const a = marks[from];
      const b = marks[to];
      if (!a || !b) return null;
      const messages = b.seq - a.seq;
      return {
        messagesStored: messages,
        countersSettled: a.writes.settled && b.writes.settled,
        ...writesPerMessage(a.writes, b.writes, messages),
      };
    };
    const reads =
      db && ctx.target.app
        ? await communityReads({
            db,
            wsUrl: ctx.target.wsUrl,
            app: ctx.target.app,
            groupID,
            memberID: members[members.length - 1] as string,
            prefix,
            settings: { members: s.readMembers, pageSamples: s.pageSamples, sendSamples: s.sendSamples },
            log: ctx.log,
          })
        : null;

    return {
      settings: s,
      groupID,
      setup,
      offered: offered ? fanOut(offered) : null,
      saturation: saturation ? fanOut(saturation) : null,
      rowsWrittenPerMessage: db
        ? {
            how: 'pg_stat_user_tables n_tup_ins + n_tup_upd + n_tup_del per table before and after each send run, each reading taken once the server had been idle for over 10 s (PostgreSQL 15 backends may hold their counts that long: PGSTAT_IDLE_INTERVAL); divided by the messages the run stored (how far the conversation head moved)',
            offered: rows(0, 1),
            saturation: rows(1, 2),
          }
        : 'not measured: the embedded database lives inside the server process and the bench cannot reach it over the network; see the postgres configuration',
      reads:
        reads ??
        'not measured: the read test grows the group by SQL in the scratch database, which only the postgres configuration can reach from the bench',
      targets: targets(s, offered, saturation, reads),
    };
  } finally {
    // Whatever failed: no session of this scenario outlives it (each is a no-op when already closed).
    await disconnectSessions(ctx, `${onlineSet}-owner`).catch(() => undefined);
    await disconnectSessions(ctx, onlineSet).catch(() => undefined);
    await db?.end().catch(() => undefined);
  }
}

/** The targets beside what was measured; reported, never asserted. */
function targets(
  s: CommunityBenchSettings,
  offered: ThroughputResult | null,
  saturation: ThroughputResult | null,
  reads: Section | null,
) {
  const size =
    s.members === 10_000 && s.online === 1_000
      ? {}
      : { note: `measured with ${s.members} members, ${s.online} online; the target is 10,000 with 1,000 online` };
  const p99 = offered?.latencyMs.p99Ms ?? null;
  const missing = offered?.totals.missingDeliveries ?? null;
  const ackedPerS = offered?.ackedPerS ?? null;
  return {
    fanOutP99Under200ms: { offeredPerS: s.rate, p99Ms: p99, met: p99 !== null && p99 < 200, ...size },
    atLeast20PerSSustained: {
      offeredPerS: s.rate,
      ackedPerS,
      deliveredPerS: offered?.deliveredPerS ?? null,
      missingDeliveries: missing,
      // 1 % tolerance: counts inside a fixed window lose a message or so at its edges.
      met: s.rate >= 20 && ackedPerS !== null && ackedPerS >= s.rate * 0.99 && missing === 0,
      saturationAckedPerS: saturation?.ackedPerS ?? null,
      ...size,
    },
    readTestMembers: reads ? reads.members : null,
  };
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
