import type { Sql } from '../db/database';

/** The IM tables a refused request must leave exactly as they were. */
export const IM_TABLES = [
  'users',
  'conversations',
  'messages',
  'user_conversations',
  'groups',
  'group_members',
  'files',
  'file_grants',
  'merged_records',
  'merged_record_sources',
  'message_deletions',
  'friends',
  'friend_applications',
  'blacklist',
  'group_applications',
  'group_mentions',
  'group_member_marks',
] as const;

/** Portal tables whose content a refused request must not change. */
export const PORTAL_TABLES = ['portal_enterprise_auth', 'portal_cooperation_requests', 'portal_uploads'] as const;

/**
 * The portal account columns a refused request must not change. Lockout counters are left
 * out on purpose: a wrong password is refused and is still counted.
 */
const ACCOUNT_COLUMNS =
  'user_id, mobile, login_name, password_hash, nick_name, avatar, user_type, real_person_auth_status, real_name, ' +
  'id_card_masked, id_card_hash, beta_status, beta_applied_at, ai_status, is_admin';

/** One digest per table (row count and an md5 over every row, in a stable order), in one query. */
export async function snapshot(db: Sql, tables: readonly string[] = IM_TABLES): Promise<Record<string, string>> {
  return digests(
    db,
    tables.map((table) => [table, `SELECT * FROM ${table}`]),
  );
}

/** IM tables, portal tables and portal accounts (without their lockout counters). */
export async function snapshotAll(db: Sql): Promise<Record<string, string>> {
  return digests(db, [
    ...[...IM_TABLES, ...PORTAL_TABLES].map((table): [string, string] => [table, `SELECT * FROM ${table}`]),
    ['portal_accounts', `SELECT ${ACCOUNT_COLUMNS} FROM portal_accounts`],
  ]);
}

/**
 * The last digests per database and query, with the transaction snapshot they were read in. Every
 * transaction that writes takes an xid, which moves the snapshot; while it has not moved, nothing
 * was written and the digests still hold. A digest costs ~20 ms on PGlite, the check under one,
 * and most snapshots follow a refusal that wrote nothing.
 */
const lastDigests = new WeakMap<Sql, Map<string, { marker: string; digests: Record<string, string> }>>();

async function digests(db: Sql, selects: Array<[string, string]>): Promise<Record<string, string>> {
  const columns = selects.map(
    ([, select], i) =>
      `(SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM (${select}) t) AS d${i}`,
  );
  const query = `SELECT pg_current_snapshot()::text AS marker, ${columns.join(', ')}`;
  const known = lastDigests.get(db) ?? new Map();
  lastDigests.set(db, known);
  const last = known.get(query);
  if (last) {
    const [now] = await db.query<{ marker: string }>('SELECT pg_current_snapshot()::text AS marker');
    if (now?.marker === last.marker) return last.digests;
  }
  const [row] = await db.query<Record<string, unknown>>(query);
  const result = Object.fromEntries(selects.map(([name], i) => [name, String(row?.[`d${i}`])]));
  known.set(query, { marker: String(row?.marker), digests: result });
  return result;
}
