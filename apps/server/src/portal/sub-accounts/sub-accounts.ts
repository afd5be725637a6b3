import { randomBytes } from 'node:crypto';
import { SUB_ACCOUNT_LIMITS, type SubAccount, type SubAccountAbility } from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';

/**
 * Sub-accounts of an enterprise (docs/portal-api.md "Sub-accounts"): portal accounts with a
 * parent, a login name and no mobile, each with its own IM user. Every query is scoped to the
 * parent, so another enterprise's sub-account is as absent as a missing one.
 */

export const LOGIN_NAME_TAKEN = '登录账号已存在';

export interface NewSubAccount {
  loginName: string;
  nick: string;
  passwordHash: string;
  abilityIds: string[];
}

export interface SubAccountChange {
  nick: string;
  /** Only when the password changes. */
  passwordHash: string | null;
  abilityIds: string[];
  disabled: boolean;
}

export async function listSubAccounts(
  db: Sql,
  parentID: string,
  filter: { loginName: string; nick: string },
  paging: Paging,
): Promise<PageOf<SubAccount>> {
  const where = `parent_user_id = $1 AND strpos(lower(login_name), lower($2)) > 0 AND strpos(lower(nick_name), lower($3)) > 0`;
  const params = [parentID, filter.loginName, filter.nick];
  const [count] = await db.query<{ n: unknown }>(`SELECT count(*) AS n FROM portal_accounts WHERE ${where}`, params);
  const rows = await db.query<{
    user_id: string;
    login_name: string;
    nick_name: string;
    disabled: boolean;
    created_at: unknown;
  }>(
    `SELECT user_id, login_name, nick_name, disabled, created_at FROM portal_accounts WHERE ${where}
      ORDER BY created_at DESC, user_id LIMIT $4 OFFSET $5`,
    [...params, paging.pageSize, paging.offset],
  );
  const grants = await grantsOf(
    db,
    rows.map((row) => row.user_id),
  );
  return {
    total: toNumber(count?.n),
    rows: rows.map((row) => ({
      id: row.user_id,
      loginName: row.login_name,
      nick: row.nick_name,
      disabled: row.disabled,
      abilityIds: grants.get(row.user_id) ?? [],
      createdAt: toNumber(row.created_at),
    })),
  };
}

/** Creates the sub-account, its IM user and its grants in one transaction; returns its user ID. */
export function createSubAccount(
  db: Database,
  parentID: string,
  input: NewSubAccount,
  now = Date.now(),
): Promise<string> {
  return db.transaction(async (tx) => {
    // One parent's creations queue here, so the cap holds under concurrent submissions.
    await tx.query('SELECT user_id FROM portal_accounts WHERE user_id = $1 FOR UPDATE', [parentID]);
    const [count] = await tx.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM portal_accounts WHERE parent_user_id = $1',
      [parentID],
    );
    if (toNumber(count?.n) >= SUB_ACCOUNT_LIMITS.perEnterprise) {
      throw new PortalError(PortalCode.ERROR, `子账号数量已达上限（${SUB_ACCOUNT_LIMITS.perEnterprise}个）`);
    }
    const [taken] = await tx.query('SELECT 1 FROM portal_accounts WHERE lower(login_name) = lower($1) LIMIT 1', [
      input.loginName,
    ]);
    if (taken) throw new PortalError(PortalCode.ERROR, LOGIN_NAME_TAKEN);
    await requireOwnAbilities(tx, parentID, input.abilityIds);
    const userID = `u${randomBytes(6).toString('hex')}`;
    // userType 1: the IM signature is issued to verified users, and a sub-account acts for a verified enterprise.
    const inserted = await tx.query(
      `INSERT INTO portal_accounts (user_id, mobile, login_name, password_hash, nick_name, user_type, parent_user_id,
                                    created_at, updated_at)
       VALUES ($1, NULL, $2, $3, $4, 1, $5, $6, $6) ON CONFLICT (login_name) DO NOTHING RETURNING user_id`,
      [userID, input.loginName, input.passwordHash, input.nick, parentID, now],
    );
    if (inserted.length === 0) throw new PortalError(PortalCode.ERROR, LOGIN_NAME_TAKEN);
    await tx.query(
      `INSERT INTO users (user_id, nick, avatar, created_at, updated_at) VALUES ($1, $2, '', $3, $3)
       ON CONFLICT (user_id) DO UPDATE SET nick = EXCLUDED.nick`,
      [userID, input.nick, now],
    );
    await setGrants(tx, userID, input.abilityIds);
    return userID;
  });
}

/** Changes one of the parent's sub-accounts; 404 for any other ID. */
export function updateSubAccount(
  db: Database,
  parentID: string,
  subID: string,
  change: SubAccountChange,
  now = Date.now(),
): Promise<void> {
  return db.transaction(async (tx) => {
    await requireOwnSubAccount(tx, parentID, subID);
    await requireOwnAbilities(tx, parentID, change.abilityIds);
    await tx.query(
      `UPDATE portal_accounts SET nick_name = $2, password_hash = COALESCE($3, password_hash), disabled = $4,
              updated_at = $5 WHERE user_id = $1`,
      [subID, change.nick, change.passwordHash, change.disabled, now],
    );
    await tx.query('UPDATE users SET nick = $2, updated_at = $3 WHERE user_id = $1', [subID, change.nick, now]);
    await tx.query('DELETE FROM portal_sub_account_abilities WHERE sub_user_id = $1', [subID]);
    await setGrants(tx, subID, change.abilityIds);
  });
}

/**
 * Removes one of the parent's sub-accounts and its grants; 404 for any other ID. Its IM user stays,
 * so the conversations it had keep their sender.
 */
export function deleteSubAccount(db: Database, parentID: string, subID: string): Promise<void> {
  return db.transaction(async (tx) => {
    await requireOwnSubAccount(tx, parentID, subID);
    await tx.query('DELETE FROM portal_sub_account_abilities WHERE sub_user_id = $1', [subID]);
    await tx.query('DELETE FROM portal_accounts WHERE user_id = $1', [subID]);
  });
}

/** The parent's abilities (not in the recycle bin), each marked granted to the sub-account or not. */
export async function abilitiesForGrant(db: Sql, parentID: string, subID: string | null): Promise<SubAccountAbility[]> {
  if (subID !== null) await requireOwnSubAccount(db, parentID, subID);
  const rows = await db.query<{ id: unknown; product_name: string; status: unknown; granted: boolean }>(
    `SELECT p.id, p.product_name, p.status, (g.sub_user_id IS NOT NULL) AS granted
       FROM portal_products p
       LEFT JOIN portal_sub_account_abilities g ON g.product_id = p.id AND g.sub_user_id = $2
      WHERE p.owner_id = $1 AND p.deleted_at IS NULL
      ORDER BY p.updated_at DESC, p.id DESC`,
    [parentID, subID ?? ''],
  );
  return rows.map((row) => ({
    id: String(toNumber(row.id)),
    productName: row.product_name,
    status: toNumber(row.status),
    granted: row.granted,
  }));
}

async function requireOwnSubAccount(db: Sql, parentID: string, subID: string): Promise<void> {
  const [row] = await db.query('SELECT 1 FROM portal_accounts WHERE user_id = $1 AND parent_user_id = $2', [
    subID,
    parentID,
  ]);
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
}

/** Every ID one of the parent's live abilities; anything else is as absent as a missing record. */
async function requireOwnAbilities(db: Sql, parentID: string, abilityIds: string[]): Promise<void> {
  if (abilityIds.length === 0) return;
  const [row] = await db.query<{ n: unknown }>(
    `SELECT count(*) AS n FROM portal_products
      WHERE owner_id = $1 AND deleted_at IS NULL AND id = ANY($2::bigint[])`,
    [parentID, abilityIds],
  );
  if (toNumber(row?.n) !== new Set(abilityIds).size) throw new PortalError(PortalCode.NOT_FOUND);
}

async function setGrants(db: Sql, subID: string, abilityIds: string[]): Promise<void> {
  for (const id of new Set(abilityIds)) {
    await db.query('INSERT INTO portal_sub_account_abilities (sub_user_id, product_id) VALUES ($1, $2)', [subID, id]);
  }
}

async function grantsOf(db: Sql, subIDs: string[]): Promise<Map<string, string[]>> {
  const grants = new Map<string, string[]>();
  if (subIDs.length === 0) return grants;
  const rows = await db.query<{ sub_user_id: string; product_id: unknown }>(
    `SELECT sub_user_id, product_id FROM portal_sub_account_abilities WHERE sub_user_id = ANY($1::text[])
      ORDER BY product_id`,
    [subIDs],
  );
  for (const row of rows) {
    const list = grants.get(row.sub_user_id) ?? [];
    list.push(String(toNumber(row.product_id)));
    grants.set(row.sub_user_id, list);
  }
  return grants;
}
