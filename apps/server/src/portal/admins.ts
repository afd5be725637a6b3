import type { Sql } from '../db/database';

/** Makes an account an administrator (role `admin`, permission `*:*:*`), or takes that away. */
export async function setAdmin(db: Sql, loginName: string, admin: boolean): Promise<{ userID: string } | null> {
  const [row] = await db.query<{ user_id: string }>(
    `UPDATE portal_accounts SET is_admin = $2, updated_at = $3
      WHERE user_id = (SELECT user_id FROM portal_accounts WHERE mobile = $1 OR login_name = $1 LIMIT 1)
      RETURNING user_id`,
    [loginName, admin, Date.now()],
  );
  return row ? { userID: row.user_id } : null;
}
