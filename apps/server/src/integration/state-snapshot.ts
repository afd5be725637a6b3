import type { Sql } from '../db/database';

/** The IM tables a refused request must leave exactly as they were. */
export const IM_TABLES = [
  'users',
  'conversations',
  'messages',
  'user_conversations',
  'groups',
  'group_members',
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

/** One digest per table: row count and an md5 over every row, in a stable order. */
export async function snapshot(db: Sql, tables: readonly string[] = IM_TABLES): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const table of tables) {
    digests[table] = await digest(db, `SELECT * FROM ${table}`);
  }
  return digests;
}

/** IM tables, portal tables and portal accounts (without their lockout counters). */
export async function snapshotAll(db: Sql): Promise<Record<string, string>> {
  return {
    ...(await snapshot(db, [...IM_TABLES, ...PORTAL_TABLES])),
    portal_accounts: await digest(db, `SELECT ${ACCOUNT_COLUMNS} FROM portal_accounts`),
  };
}

async function digest(db: Sql, select: string): Promise<string> {
  const [row] = await db.query<{ n: unknown; h: unknown }>(
    `SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM (${select}) t`,
  );
  return `${String(row?.n)}:${String(row?.h)}`;
}
