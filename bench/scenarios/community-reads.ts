/**
 * Reads of a very large Community (PostgreSQL configuration): the group is grown to
 * BENCH_COMMUNITY_READ_MEMBERS by SQL straight into the bench's scratch database (users,
 * group_members and user_conversations rows as a join leaves them, and groups.member_count), since
 * logging 100,000 users in is not what is measured; then, one request at a time over a socket with
 * the real ops, the latency of getGroupMemberList pages (first, middle, last; 100 each) and of the
 * membership check every send makes: a member's send acknowledged, a non-member's refused with 10011.
 */
import { ErrorCode, Limits } from '@liaison/protocol';
import type pg from 'pg';
import { genUserSig } from '../../apps/server/src/auth/usersig';
import { groupKey } from '../../apps/server/src/im/messages/keys';
import { Histogram } from '../histogram';
import type { AppCredentials } from '../ipc';
import { LeanClient } from '../load-client';
import { now } from '../proc';
import { SIG_EXPIRE_SECONDS } from './context';

export interface CommunityReadSettings {
  /** The group's size for the read test. */
  members: number;
  /** Requests per page position. */
  pageSamples: number;
  /** Sends per kind (member, non-member). */
  sendSamples: number;
}

interface Outcome {
  ms: number;
  ok: boolean;
  code: number | null;
  frame: string;
}

/** One request, timed from the frame leaving to its reply. */
function timed(client: LeanClient, op: string, body: unknown): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const t = now();
    const timer = setTimeout(() => reject(new Error(`${op} timed out`)), 60_000);
    const sent = client.sendRaw(op, JSON.stringify(body), (ok, frame) => {
      clearTimeout(timer);
      const code = ok ? null : Number(/"code":(-?\d+)/.exec(frame)?.[1] ?? Number.NaN);
      resolve({ ms: now() - t, ok, code, frame });
    });
    if (!sent) {
      clearTimeout(timer);
      reject(new Error(`${op}: socket not open`));
    }
  });
}

/** Adds members by SQL until the group has `members`; returns how many were added and how long it took. */
async function seedMembers(
  db: pg.Client,
  groupID: string,
  prefix: string,
  members: number,
): Promise<{ added: number; ms: number; firstSeeded: string | null }> {
  const [group] = (
    await db.query<{ member_count: number }>('SELECT member_count FROM groups WHERE group_id = $1', [groupID])
  ).rows;
  if (!group) throw new Error(`group ${groupID} not found in the database`);
  const added = Math.max(0, members - group.member_count);
  if (added === 0) return { added, ms: 0, firstSeeded: null };
  const started = now();
  const at = Date.now();
  const key = groupKey(groupID);
  await db.query('BEGIN');
  try {
    await db.query(
      `INSERT INTO users (user_id, nick, created_at, updated_at)
         SELECT $1::text || i, 'seeded ' || i, $2::bigint, $2::bigint FROM generate_series(1, $3::int) AS i`,
      [prefix, at, added],
    );
    // Joined after everyone already in, one millisecond apart: the deep pages are the seeded members.
    await db.query(
      `INSERT INTO group_members (group_id, user_id, role, join_time)
         SELECT $4, $1::text || i, 'Member', $2::bigint + i FROM generate_series(1, $3::int) AS i`,
      [prefix, at, added, groupID],
    );
    await db.query(
      `INSERT INTO user_conversations (user_id, conv_key, conv_type, target, read_seq, floor_seq, updated_at)
         SELECT $1::text || i, $4, 'GROUP', $5, c.max_seq, c.max_seq, $2::bigint
           FROM generate_series(1, $3::int) AS i, conversations c WHERE c.conv_key = $4`,
      [prefix, at, added, key, groupID],
    );
    await db.query('UPDATE groups SET member_count = member_count + $2 WHERE group_id = $1', [groupID, added]);
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  }
  // What autovacuum would do shortly after such a bulk insert: the planner sees the tables' real sizes.
  await db.query('ANALYZE users, group_members, user_conversations');
  return { added, ms: Math.round(now() - started), firstSeeded: `${prefix}1` };
}

export async function communityReads(options: {
  db: pg.Client;
  wsUrl: string;
  app: AppCredentials;
  groupID: string;
  /** A member from before the seeding; the member who sends is a seeded one when there are any. */
  memberID: string;
  prefix: string;
  settings: CommunityReadSettings;
  log: (line: string) => void;
}): Promise<Record<string, unknown>> {
  const { db, groupID, settings: s, log } = options;
  log(`community reads: growing the group to ${s.members} members by SQL`);
  const seeded = await seedMembers(db, groupID, `${options.prefix}s`, s.members);
  const [count] = (
    await db.query<{ member_count: number }>('SELECT member_count FROM groups WHERE group_id = $1', [groupID])
  ).rows;
  const members = count?.member_count ?? 0;

  const login = (userID: string) =>
    LeanClient.connect(options.wsUrl, userID, {
      SDKAppID: options.app.sdkAppID,
      userSig: genUserSig(options.app, userID, SIG_EXPIRE_SECONDS),
    });
  const member = await login(seeded.firstSeeded ?? options.memberID);
  const outsider = await login(`${options.prefix}x`);
  try {
    const pageSize = Limits.MEMBER_PAGE_MAX;
    const positions = {
      firstPage: 0,
      middlePage: Math.floor(members / 2),
      lastPage: Math.max(0, members - pageSize),
    };
    log(`community reads: getGroupMemberList at ${members} members, ${s.pageSamples} requests per page`);
    const pages: Record<string, unknown> = {};
    for (const [name, offset] of Object.entries(positions)) {
      const latency = new Histogram();
      let shortPages = 0;
      let failed = 0;
      // Two unrecorded requests first: the first of a kind pays for plans and cold pages.
      for (let i = 0; i < s.pageSamples + 2; i++) {
        const r = await timed(member, 'getGroupMemberList', { groupID, count: pageSize, offset });
        if (i < 2) continue;
        latency.record(r.ms);
        if (!r.ok) failed++;
        else if ((JSON.parse(r.frame) as { data: { memberList: unknown[] } }).data.memberList.length !== pageSize)
          shortPages++;
      }
      pages[name] = { offset, latencyMs: latency.summary(), failed, shortPages };
    }

    log(`community reads: ${s.sendSamples} sends each by a member and by a non-member`);
    const acked = new Histogram();
    const refused = new Histogram();
    const memberUnexpected: Record<string, number> = {};
    const outsiderUnexpected: Record<string, number> = {};
    const body = (from: string, i: number) => ({
      ID: `${from}-${i}`,
      conversationType: 'GROUP',
      to: groupID,
      type: 'TIMTextElem',
      payload: { text: `permission check ${i}` },
      clientTime: Math.floor(Date.now() / 1000),
      random: i,
    });
    // Alternating, so that a busier moment of the machine weighs on both kinds alike.
    for (let i = 0; i < s.sendSamples + 2; i++) {
      const m = await timed(member, 'sendMessage', body(member.userID, i));
      const o = await timed(outsider, 'sendMessage', body(outsider.userID, i));
      if (i < 2) continue;
      if (m.ok) acked.record(m.ms);
      else memberUnexpected[String(m.code)] = (memberUnexpected[String(m.code)] ?? 0) + 1;
      if (o.code === ErrorCode.GROUP_NOT_MEMBER) refused.record(o.ms);
      else {
        const key = o.ok ? 'acked' : String(o.code);
        outsiderUnexpected[key] = (outsiderUnexpected[key] ?? 0) + 1;
      }
    }
    return {
      members,
      seeded: {
        members: seeded.added,
        ms: seeded.ms,
        how: 'users, group_members and user_conversations rows (as a join leaves them) and groups.member_count, inserted by SQL into the scratch database, then ANALYZE; logging these users in is not what is measured',
      },
      getGroupMemberList: { count: pageSize, requestsPerPage: s.pageSamples, ...pages },
      permissionCheck: {
        what: 'sendMessage to the group, one at a time, nobody else online: the member is acknowledged (stored), the non-member refused with 10011 before anything is stored',
        memberSendAcked: { latencyMs: acked.summary(), unexpected: memberUnexpected },
        nonMemberSendRefused10011: { latencyMs: refused.summary(), unexpected: outsiderUnexpected },
      },
    };
  } finally {
    member.close();
    outsider.close();
  }
}
